#pragma once
// Runs a stored matrix's pending jobs on this machine with N worker threads. Each worker claims
// the next pending job in the store (one transaction, so workers never share a job), runs it as
// its own process group and records the outcome in its own transaction.

#include <functional>
#include <string>
#include <vector>

#include "robometrics/bench/MatrixSpec.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

struct LocalOptions {
    std::string out_dir;    ///< OUT, holding an initialised bench.sqlite
    int workers = 0;        ///< 0 = the number of CPUs this process may use
    bool pin_cpus = false;  ///< worker i's jobs run on CPU i (mod the CPUs available)
    /// Given the progress line every 200 ms while jobs run, and once more with `last` when they
    /// are over ("bench: 5/12 done, 2 running, 1 failed, ETA 0:35"); may be empty.
    std::function<void(const std::string &line, bool last)> progress;
    std::string robometrics;              ///< the {robometrics} substitution
    std::function<int()> stop_requested;  ///< non-zero: stop the running jobs, claim no more
};

struct LocalSummary {
    int done = 0;  ///< finished successfully in this session
    int failed = 0;
    bool interrupted = false;
    double wall_s = 0;  ///< of the whole session
};

Result<LocalSummary> runLocal(const MatrixSpec &matrix, const LocalOptions &options);

/// The CPUs this process may run on (sched_getaffinity), in order.
std::vector<int> availableCpus();

}  // namespace robometrics::bench
