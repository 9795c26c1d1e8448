#pragma once
// Whole-run figures from the resource samples: peaks, means and the edge-budget check.

#include <vector>

#include "robometrics/system/ProcessTreeSampler.hpp"

namespace robometrics::system {

struct RunSummary {
    double peak_cpu_percent = 0;
    double mean_cpu_percent = 0;
    std::uint64_t peak_rss_bytes = 0;
    std::uint64_t peak_pss_bytes = 0;  ///< 0 when PSS was never readable
    std::int64_t peak_threads = 0;
    bool over_cpu_budget = false;
};

/// Summarises the samples; the first sample's CPU figure covers start-up only and is included.
RunSummary summarize(const std::vector<ResourceSample> &samples, double cpu_budget_percent);

}  // namespace robometrics::system
