#pragma once
// Runs one job of a matrix: the command (and the recorder, if any) under the same process-tree
// supervision as `robometrics run`, with the matrix's stop condition, timeout and retries; then
// evaluates the run directory as `robometrics evaluate` does. Layout of OUT/jobs/<index>/:
// run/ (the command's {out}, plus system.csv and run.json), eval/ (evaluate's output),
// stdout.log, stderr.log and record.log.

#include <functional>
#include <string>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"
#include "robometrics/bench/MatrixSpec.hpp"

namespace robometrics::bench {

struct JobRunOptions {
    std::string robometrics;  ///< the {robometrics} substitution
    std::string worker;       ///< recorded in the store (host:pid/slot)
    std::vector<int> cpus;    ///< pin the job's process group to these CPUs; empty = no pinning
    /// Non-zero stops the job at once (the orchestrator was interrupted); the outcome is then
    /// a failure with error "interrupted" and is not retried.
    std::function<int()> stop_requested;
};

JobOutcome runJob(const MatrixSpec &matrix, const JobSpec &job, const JobRunOptions &options);

}  // namespace robometrics::bench
