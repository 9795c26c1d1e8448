#include "robometrics/evaluate/SummaryLeaves.hpp"

namespace robometrics::evaluate {
namespace {

void collect(const std::string &prefix, const nlohmann::json &node, std::vector<SummaryLeaf> &out) {
    for (auto it = node.begin(); it != node.end(); ++it) {
        std::string name = prefix.empty() ? it.key() : prefix + "." + it.key();
        const nlohmann::json &v = it.value();
        if (v.is_object()) {
            collect(name, v, out);
        } else if (v.is_number()) {
            out.emplace_back(std::move(name), v.get<double>());
        } else if (v.is_null()) {
            out.emplace_back(std::move(name), std::nullopt);
        }
    }
}

}  // namespace

std::vector<SummaryLeaf> summaryLeaves(const nlohmann::json &summary) {
    std::vector<SummaryLeaf> out;
    if (summary.is_object()) collect("", summary, out);
    return out;
}

}  // namespace robometrics::evaluate
