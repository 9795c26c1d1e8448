#pragma once
// `robometrics bench status OUT`: the store's counts (the truth about results) beside what Slurm
// says about the array jobs submitted for OUT (squeue while they are queued or running, sacct
// afterwards when accounting is enabled). The submitted job ids are kept in OUT/slurm/jobs.txt.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

/// Appends a submitted array job id to OUT/slurm/jobs.txt (whose folder must exist), first
/// cutting off a torn last line that an interrupted append left.
Status appendSlurmJobId(const std::string &out_dir, long long id);

/// The ids in OUT/slurm/jobs.txt, oldest first (none when nothing was submitted); a last line
/// without its newline is torn and skipped.
Result<std::vector<long long>> slurmJobIds(const std::string &out_dir);

struct BenchStatus {
    int pending = 0, running = 0, done = 0, failed = 0;
    int slurm_tasks_active = 0;  ///< array tasks squeue still lists (pending or running)
    std::string text;            ///< the report printed by `bench status`
};

/// Reads the store and asks squeue and sacct (with --parsable2) about OUT's array jobs. A missing
/// squeue/sacct or disabled accounting is a line in the text, not an error: the store is enough.
Result<BenchStatus> benchStatus(const std::string &out_dir);

}  // namespace robometrics::bench
