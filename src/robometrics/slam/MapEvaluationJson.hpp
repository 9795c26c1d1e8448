#pragma once
// The JSON form of a map evaluation, shared by `map-eval` and `slam-eval` so both print the same
// keys: coverage, accessible_coverage, iou, ssim, ssim_full, wall_thickness_m,
// wall_thickness_raw_m (null when a value does not exist), the GT's wall thickness, the grid, and
// the cell counts behind every figure.

#include <nlohmann/json.hpp>

#include "robometrics/slam/MapEvaluation.hpp"

namespace robometrics::slam {

nlohmann::json mapEvalToJson(const MapEvalResult &result);

}  // namespace robometrics::slam
