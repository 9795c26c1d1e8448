#pragma once
// The pure half of the Slurm executor: the batch script of one array job, the --array list of
// the jobs to run, and the parsing of what sbatch, squeue and sacct print. No process is run
// here, so all of it is tested without a cluster.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/bench/MatrixSpec.hpp"

namespace robometrics::bench {

/// "0-3,5,7-9" from job indices (sorted and deduplicated here).
std::string slurmArrayList(std::vector<int> indices);

struct SlurmScript {
    std::string out_dir;      ///< absolute OUT, as the array tasks see it (a shared filesystem)
    std::string robometrics;  ///< absolute path of the binary the tasks run
    std::string array;        ///< slurmArrayList of the jobs to run, or of the tasks (0..n-1) when packed
    /// Packed (SlurmPacking.hpp): task i runs the jobs task_jobs[i] ("0-9"); empty: task i is job i.
    std::vector<std::string> task_jobs;
    Resources resources;
    std::string job_name = "robometrics-bench";
};

/// The sbatch script: #SBATCH lines (array, cpus, mem, time, log files under OUT/slurm), then
/// `exec ROBOMETRICS bench run-job OUT --index "$SLURM_ARRAY_TASK_ID"` with both paths quoted;
/// packed, a `case` on the task id picks the task's job list for --index first.
std::string slurmBatchScript(const SlurmScript &script);

/// Single-quotes a word for /bin/sh ("it's" -> 'it'\''s').
std::string shellQuote(const std::string &word);

/// The job id of `sbatch --parsable` ("1234" or "1234;cluster").
std::optional<long long> parseSbatchJobId(const std::string &out);

/// One array task (or a pending range of them) as squeue or sacct report it.
struct SlurmTaskState {
    std::string job_id;  ///< "1234_5", or "1234_[6-9]" for tasks not started yet
    std::string state;   ///< PENDING, RUNNING, COMPLETED, FAILED, ...
    std::string detail;  ///< squeue: the reason or node; sacct: the exit code "0:0"
};

/// Lines "JOBID|STATE|DETAIL" as printed by `squeue -h -r -o %i|%T|%R` or by
/// `sacct -n -X -P -o JobID,State,ExitCode` (--parsable2: '|' separated, no trailing '|').
/// Malformed lines are errors naming the line.
Result<std::vector<SlurmTaskState>> parseSlurmStates(const std::string &text, const std::string &source);

}  // namespace robometrics::bench
