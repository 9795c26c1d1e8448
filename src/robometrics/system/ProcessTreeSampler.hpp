#pragma once
// Samples the resource use of a whole process tree (a launch file and everything it starts)
// from /proc: CPU percent summed over the tree (100 % = one core), resident memory (RSS, and
// PSS where readable so shared pages are not counted twice), threads and process count.

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/system/ProcParsers.hpp"

namespace robometrics::system {

struct ResourceSample {
    double elapsed_s = 0;    ///< since the sampler started
    double cpu_percent = 0;  ///< over the interval since the previous sample
    std::uint64_t rss_bytes = 0;
    std::optional<std::uint64_t> pss_bytes;  ///< absent when smaps_rollup is not readable
    std::int64_t threads = 0;
    int processes = 0;
};

class ProcessTreeSampler {
public:
    /// The tree of `root` (its descendants, found through /proc/PID/task/TID/children, or a walk
    /// of every process where the kernel has no such file); with `cgroup`, every member of that
    /// cgroup and its sub-cgroups instead, so that what left the tree (a daemon) is counted too.
    explicit ProcessTreeSampler(pid_t root, std::string cgroup = {});

    /// Takes one sample of the tree rooted at the process given to the constructor.
    ResourceSample sample();

private:
    struct Seen {
        std::uint64_t start_ticks = 0;
        std::uint64_t cpu_ticks = 0;
    };
    /// The processes to count now.
    std::vector<ProcStat> members();

    pid_t root_;
    std::string cgroup_;
    double ticks_per_second_;
    std::int64_t page_size_;
    double start_time_s_;
    double last_time_s_;
    std::map<pid_t, Seen> previous_;
};

/// Every process of the machine as /proc shows it now (those that vanish meanwhile are skipped).
std::vector<ProcStat> allProcesses();

/// Monotonic seconds (CLOCK_MONOTONIC), for sampling intervals.
double monotonicSeconds();

}  // namespace robometrics::system
