#pragma once
// `robometrics bench --executor slurm`: submits the store's pending jobs as a Slurm array whose
// tasks each run `robometrics bench run-job OUT --index $SLURM_ARRAY_TASK_ID` (docs/bench.md,
// job protocol). Implemented by SlurmExecutor.cpp.

#include <string>

#include "robometrics/bench/MatrixSpec.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

struct SlurmOptions {
    std::string out_dir;           ///< OUT, holding bench.sqlite
    std::string robometrics_path;  ///< the binary each array task runs
    bool resume = false;
    /// Matrix jobs each array task runs one after another (SlurmPacking.hpp); 0 = automatic:
    /// from the times of the jobs this store has finished, else one.
    int jobs_per_task = 0;
};

/// Submits the pending jobs of the store in `options.out_dir`, which the caller has already
/// created and initialised (bench::prepareStore; with --resume every job not done is pending
/// again), packed `jobs_per_task` to an array task. Returns once they are submitted, with the line to show: the array
/// job's id and how to follow it, or that every job is done already.
Result<std::string> submitSlurm(const MatrixSpec &matrix, const SlurmOptions &options);

}  // namespace robometrics::bench
