#pragma once
// The live progress line of `robometrics bench` on a terminal:
// "bench: 5/12 done, 2 running, 1 failed, 1.5 jobs/min, ETA 0:35". Shared counters, updated by
// the workers. Over jobs, not bytes: a job records its own bag as it runs (simulate, then
// evaluate), so the bytes to read are not known before it ends.

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

/// One line; rate = finished jobs / `elapsed_seconds` (the session's wall time); ETA = remaining
/// jobs x mean finished job time / workers (both unknown, "-", until one finished).
std::string progressLine(const BenchCounters &c, int workers, double elapsed_seconds);

}  // namespace robometrics::bench
