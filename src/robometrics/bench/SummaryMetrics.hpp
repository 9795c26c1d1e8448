#pragma once
// The metrics table's rows for one job: every numeric leaf of evaluate's summary.json,
// flattened with dots (trajectory.ate_se3.rmse, map.iou, ...).

#include <nlohmann/json.hpp>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"

namespace robometrics::bench {

/// Numbers become values; nulls become rows without a value (an analysis that did not run);
/// strings, booleans and arrays (anomaly lists, topic lists) are not metrics and are skipped.
std::vector<MetricValue> flattenSummary(int job_index, const nlohmann::json &summary);

}  // namespace robometrics::bench
