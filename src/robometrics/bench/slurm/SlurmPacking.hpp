#pragma once
// Several matrix jobs per Slurm array task. Slurm spends seconds launching each array task (about
// 2.7 s on the tests' single-node cluster), so an array of 0.2 s jobs is mostly launch overhead.
// A task that runs K jobs one after another pays it once per K jobs. Pure functions: the chunks,
// the automatic K from the job times measured so far, the job lists a task is given on its
// command line, and the time limit of a task of K jobs.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

/// Consecutive chunks of `per_task` job indices (the last may be shorter); per_task >= 1.
std::vector<std::vector<int>> packJobs(const std::vector<int> &todo, int per_task);

/// A task should last at least this long, so that the launch is a few percent of it.
constexpr double kTargetTaskSeconds = 60;

/// The most jobs a task of `--jobs-per-task auto` runs: 1 without measurements (fewer than 3
/// finished jobs), else enough jobs of the median measured time to fill kTargetTaskSeconds, at
/// most 1000. A task is then about the median job x this long.
int autoJobsPerTask(std::vector<double> job_seconds);

/// `--jobs-per-task auto`: the pending jobs, in index order, cut into tasks of at most
/// autoJobsPerTask(job_seconds) jobs, and never into fewer tasks than the `slots` the partition
/// runs at once (so every CPU has work: 988 jobs of 0.05 s are not one task of 988); the task
/// count is a multiple of `slots` (each slot gets as many tasks) unless there are fewer jobs, and
/// task sizes differ by at most one, so the longest task is about the median job x its size.
std::vector<std::vector<int>> packAutomatically(const std::vector<int> &todo, const std::vector<double> &job_seconds,
                                                int slots);

/// What `sinfo` says a partition offers.
struct PartitionSize {
    std::string partition;
    int nodes = 0;  ///< nodes that can run jobs (not down, drained or failed)
    int cpus = 0;   ///< their CPUs
    int slots = 0;  ///< tasks of `cpus_per_task` CPUs they run at once: the sum over nodes of CPUs / cpus_per_task
};

/// From the lines of `sinfo -h -N -o %P|%N|%c|%t` (partition, node, CPUs, state; the default
/// partition marked with '*'): the size of `partition`, or of the default one when empty. An error
/// when the partition is not there or has no node that can run a task.
Result<PartitionSize> parsePartitionSize(const std::string &sinfo, const std::string &partition, int cpus_per_task);

/// The job indices of a worker's `--index` ("7", "0-3,9", as slurmArrayList writes them), in
/// the order given. Errors name `source` and the bad word; at most 100000 indices.
Result<std::vector<int>> parseJobList(const std::string &text, const std::string &source);

/// Seconds of a Slurm time ("MM", "MM:SS", "HH:MM:SS", "D-HH", "D-HH:MM", "D-HH:MM:SS"); none for
/// anything else (including "UNLIMITED", which has no length).
std::optional<long long> slurmTimeSeconds(const std::string &text);

/// "D-HH:MM:SS" (or "HH:MM:SS" under a day), rounded up to whole minutes as Slurm does.
std::string slurmTimeText(long long seconds);

/// The --time of a task running `jobs` jobs whose limit each is `per_job`: the sum, so packing
/// never tightens a job's limit. Empty stays empty (the partition's default) and "UNLIMITED" or
/// "INFINITE" stay as they are; anything else Slurm would not read is an error.
Result<std::string> taskTimeLimit(const std::string &per_job, int jobs);

}  // namespace robometrics::bench
