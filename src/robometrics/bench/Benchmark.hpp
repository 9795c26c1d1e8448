#pragma once
// `robometrics bench MATRIX.yaml -o OUT` from start to end (docs/bench.md): reads and expands the
// matrix, stores it in OUT/bench.sqlite, then submits its jobs to Slurm or runs them on this
// machine and writes the report files of what finished.

#include <functional>
#include <string>

#include "robometrics/bench/JobStatus.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

struct BenchmarkOptions {
    std::string matrix_file;
    std::string out_dir;
    int workers = 0;  ///< local executor; 0 = the number of CPUs this process may use
    Executor executor = Executor::local;
    bool resume = false;    ///< continue the benchmark stored in OUT (bench::prepareStore)
    bool pin_cpus = false;  ///< local executor: worker i's jobs run on CPU i
    int jobs_per_task = 0;  ///< Slurm executor: jobs per array task; 0 = automatic (SlurmOptions)
    /// Local executor: the progress line, redrawn while jobs run (LocalOptions::progress).
    std::function<void(const std::string &line, bool last)> progress;
    std::string robometrics;  ///< the {robometrics} substitution; empty: this process's binary
    /// Local executor, polled: non-zero stops the running jobs (they stay `running` for --resume).
    std::function<int()> stop_requested;
};

/// What a benchmark whose jobs ran shows, and whether it succeeded.
struct BenchmarkRun {
    /// The cell table, the results table and where the store and the report are; after a Slurm
    /// submission the array job's id (its jobs run later: `bench status`, `bench report`).
    std::string text;
    /// Empty on success; else it was interrupted, jobs failed or the report could not be written.
    std::string failure;
};

/// The executor --executor names ("local" or "slurm"); any other text is an error naming it.
Result<Executor> parseExecutor(const std::string &text);

/// An error means no job ran: the matrix, the store or the submission failed.
Result<BenchmarkRun> runBenchmark(const BenchmarkOptions &options);

}  // namespace robometrics::bench
