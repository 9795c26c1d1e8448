#pragma once
// Before `bench --resume` runs unfinished jobs again: no copy of them may still be running. A job
// held by a worker that is alive on this machine is refused (resuming would run it twice); the
// process groups a dead worker left (its jobs' OUT/jobs/NNNN/processes files) are ended.

#include <string>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

/// Checks `rows` (the store's jobs) and ends the leftovers of `jobs`; returns a line per job whose
/// processes were ended ("resume: ended what job 3 left running (process group 4242)").
Result<std::string> endJobLeftovers(const std::vector<JobRecord> &rows, const std::vector<JobSpec> &jobs);

}  // namespace robometrics::bench
