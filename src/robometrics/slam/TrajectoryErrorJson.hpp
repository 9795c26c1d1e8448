#pragma once
// The JSON of a trajectory error figure as `ape`/`rpe --json` and `slam-eval --json` write it:
// evo's seven statistics plus the count, and the alignment applied (rotation rows, translation,
// scale). Values are written as computed (a NaN statistic dumps as null).

#include <nlohmann/json.hpp>

#include "robometrics/slam/ErrorStatistics.hpp"
#include "robometrics/slam/TrajectoryAlignment.hpp"

namespace robometrics::slam {

/// n, rmse, mean, median, std, min, max, sse.
nlohmann::json errorStatisticsJson(const ErrorStatistics &s);

/// rotation (3 rows), translation, scale.
nlohmann::json alignmentJson(const Alignment &a);

}  // namespace robometrics::slam
