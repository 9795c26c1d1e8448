#include "robometrics/nodes/TraversalDiagnostics.hpp"

#include <fmt/format.h>

namespace robometrics::nodes {

namespace {
std::string joinedTopics(const std::map<std::string, std::string> &inputs) {
    std::string out;
    for (const auto &[role, topic] : inputs) {
        if (topic.empty()) continue;
        out += (out.empty() ? "" : ",") + topic;
    }
    return out;
}
}  // namespace

// The seed writes this note when none of its three alarms applies (TraversalMetrics::currentRow).
bool traversableRow(const traversal::TraversalRow &row) { return row.notes == "Normal operation"; }

TraversalDiagnostics::TraversalDiagnostics(const std::map<std::string, std::string> &inputs, HealthTiming timing)
    : health_("robometrics: traversal", joinedTopics(inputs), timing) {}

void TraversalDiagnostics::onRow(const traversal::TraversalRow &row) {
    ++rows_;
    if (traversableRow(row)) ++traversable_;
    last_ = row;
}

bool TraversalDiagnostics::due(TimeNs now) {
    health_.sample(now, inputs_, rows_);
    return health_.due(now);
}

msgs::DiagnosticArray TraversalDiagnostics::status(TimeNs now) {
    health_.sample(now, inputs_, rows_);
    const double share = rows_ ? static_cast<double>(traversable_) / static_cast<double>(rows_) : 0.0;
    std::vector<msgs::KeyValue> values = {{"rows", std::to_string(rows_)},
                                          {"traversable_share", rows_ ? fmt::format("{:.6g}", share) : "none"}};
    if (rows_) {
        values.push_back({"total_collisions", std::to_string(last_.total_collisions)});
        values.push_back({"distance_traveled_m", fmt::format("{:.6g}", last_.distance_traveled)});
        values.push_back({"notes", last_.notes});
    }
    values.push_back({"messages", std::to_string(inputs_)});
    const std::string ok = fmt::format("{} rows, {:.0f} % traversable", rows_, 100.0 * share);
    return health_.array(ok, failure_, std::move(values));
}

}  // namespace robometrics::nodes
