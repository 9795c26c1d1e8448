#pragma once
// What `robometrics kitti` reports (docs/kitti.md): the score and the per-length table as text or
// JSON, and the per-segment errors as CSV (-o DIR).

#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/KittiOdometry.hpp"

namespace robometrics::io {

std::string kittiText(const slam::KittiEvaluation &e);

nlohmann::json kittiJson(const slam::KittiEvaluation &e);

/// Writes DIR/kitti_segments.csv (the directory is created): one line per segment, t_err in %,
/// r_err in deg/m.
Status writeKittiSegments(const std::string &dir, const slam::KittiResult &r);

}  // namespace robometrics::io
