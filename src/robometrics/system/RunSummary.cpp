#include "robometrics/system/RunSummary.hpp"

#include <algorithm>

namespace robometrics::system {

RunSummary summarize(const std::vector<ResourceSample> &samples, double cpu_budget_percent) {
    RunSummary summary;
    if (samples.empty()) return summary;
    double sum = 0;
    for (const ResourceSample &s : samples) {
        summary.peak_cpu_percent = std::max(summary.peak_cpu_percent, s.cpu_percent);
        summary.peak_rss_bytes = std::max(summary.peak_rss_bytes, s.rss_bytes);
        if (s.pss_bytes) summary.peak_pss_bytes = std::max(summary.peak_pss_bytes, *s.pss_bytes);
        summary.peak_threads = std::max(summary.peak_threads, s.threads);
        sum += s.cpu_percent;
    }
    summary.mean_cpu_percent = sum / static_cast<double>(samples.size());
    summary.over_cpu_budget = summary.peak_cpu_percent > cpu_budget_percent;
    return summary;
}

}  // namespace robometrics::system
