#include "robometrics/bench/SummaryMetrics.hpp"

namespace robometrics::bench {
namespace {

void flatten(int job_index, const std::string &prefix, const nlohmann::json &node, std::vector<MetricValue> &out) {
    for (auto it = node.begin(); it != node.end(); ++it) {
        std::string name = prefix.empty() ? it.key() : prefix + "." + it.key();
        const nlohmann::json &v = it.value();
        if (v.is_object()) {
            flatten(job_index, name, v, out);
        } else if (v.is_number()) {
            out.push_back({job_index, name, v.get<double>()});
        } else if (v.is_null()) {
            out.push_back({job_index, name, std::nullopt});
        }
    }
}

}  // namespace

std::vector<MetricValue> flattenSummary(int job_index, const nlohmann::json &summary) {
    std::vector<MetricValue> out;
    if (summary.is_object()) flatten(job_index, "", summary, out);
    return out;
}

}  // namespace robometrics::bench
