#include "robometrics/bench/BenchProgress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace robometrics::bench {

std::string progressLine(const BenchCounters &c, int workers, double elapsed_seconds) {
    const int finished = c.done + c.failed;
    std::string eta = "ETA -", rate = "- jobs/min";
    if (finished > 0 && elapsed_seconds > 0) rate = fmt::format("{:.1f} jobs/min", 60.0 * finished / elapsed_seconds);
    if (finished > 0 && workers > 0) {
        double mean = c.job_seconds.load() / finished;
        double remaining = std::max(0, c.total - finished) * mean / std::min(workers, std::max(1, c.total - finished));
        long s = std::lround(remaining);
        eta = fmt::format("ETA {}:{:02d}", s / 60, s % 60);
    }
    return fmt::format("bench: {}/{} done, {} running, {} failed, {}, {}", c.done.load(), c.total.load(),
                       c.running.load(), c.failed.load(), rate, eta);
}

}  // namespace robometrics::bench
