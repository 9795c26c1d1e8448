#pragma once
// The odometry path brought into the map frame through the recorded TF map -> odom (what AMCL or
// a SLAM node publishes), so that it can be drawn over the AMCL pose and the map: unaligned, a
// 1.4 m / 17 degree frame offset would look like a localization error.

#include <optional>
#include <vector>

#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/slam/SlamRun.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::evaluate {

/// Each odometry sample (x, y in odom; `t` on the run axis) composed with the map -> odom
/// transform in force at its header stamp (the latest one at or before it; the first one before
/// the first). Samples without a stamp are left out. Empty when `map_odom` is empty.
RunPath odometryInMap(const std::string &label, const std::vector<slam::OdomSample> &odometry,
                      const slam::Trajectory &map_odom);

}  // namespace robometrics::evaluate
