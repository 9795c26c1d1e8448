#pragma once
// Every numeric leaf of a summary.json, named with dots ("trajectory.ate_se3.rmse"): the metric
// names of the catalogue, of bench's metrics table and of the /diagnostics key values.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace robometrics::evaluate {

using SummaryLeaf = std::pair<std::string, std::optional<double>>;

/// Numbers become values; nulls become leaves without a value (an analysis that did not run);
/// strings, booleans and arrays (anomaly lists, topic lists) are skipped. Document order.
std::vector<SummaryLeaf> summaryLeaves(const nlohmann::json &summary);

}  // namespace robometrics::evaluate
