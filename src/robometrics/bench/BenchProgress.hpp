#pragma once
// The live progress line of `robometrics bench` on a terminal:
// "bench: 5/12 done, 2 running, 1 failed, ETA 0:35". Shared counters, updated by the workers.

#include <atomic>
#include <string>

namespace robometrics::bench {

struct BenchCounters {
    std::atomic<int> total{0};  ///< jobs to run in this session
    std::atomic<int> done{0};
    std::atomic<int> failed{0};
    std::atomic<int> running{0};
    std::atomic<double> job_seconds{0};  ///< sum of finished jobs' wall time (run + evaluate)
};

/// One line; ETA = remaining jobs x mean finished job time / workers (unknown until one finished).
std::string progressLine(const BenchCounters &c, int workers);

}  // namespace robometrics::bench
