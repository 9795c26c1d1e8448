#include "robometrics/bench/BenchProgress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace robometrics::bench {

std::string progressLine(const BenchCounters &c, int workers) {
    const int finished = c.done + c.failed;
    std::string eta = "ETA -";
    if (finished > 0 && workers > 0) {
        double mean = c.job_seconds.load() / finished;
        double remaining = std::max(0, c.total - finished) * mean / std::min(workers, std::max(1, c.total - finished));
        long s = std::lround(remaining);
        eta = fmt::format("ETA {}:{:02d}", s / 60, s % 60);
    }
    return fmt::format("bench: {}/{} done, {} running, {} failed, {}", c.done.load(), c.total.load(), c.running.load(),
                       c.failed.load(), eta);
}

}  // namespace robometrics::bench
