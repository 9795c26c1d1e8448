#include "robometrics/bench/SummaryMetrics.hpp"

#include "robometrics/evaluate/SummaryLeaves.hpp"

namespace robometrics::bench {

std::vector<MetricValue> flattenSummary(int job_index, const nlohmann::json &summary) {
    std::vector<MetricValue> out;
    for (auto &[name, value] : evaluate::summaryLeaves(summary)) out.push_back({job_index, std::move(name), value});
    return out;
}

}  // namespace robometrics::bench
