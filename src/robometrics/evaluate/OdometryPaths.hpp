#pragma once
// The odometry as `evaluate` keeps it through its pass and the paths the report draws from it
// when there is no ground truth: as recorded in odom, or brought into the map frame through the
// recorded TF map -> odom (what AMCL or a SLAM node publishes), so that it can be drawn over the
// AMCL pose and the map: unaligned, a 1.4 m / 17 degree frame offset would look like a
// localization error.

#include <string>

#include "robometrics/core/RunClock.hpp"
#include "robometrics/core/SpillLog.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/slam/SlamRun.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::evaluate {

/// The odometry samples of the pass, t in absolute log seconds (the run's clock is known only at
/// its end), in recording order; on disk on a long run (a 4-hour run's are 29 MB).
using OdometryLog = SpillLog<slam::OdomSample>;

/// `sample` with its time moved onto the run axis (seconds since the run's start).
slam::OdomSample onRunAxis(const RunClock &clock, slam::OdomSample sample);

/// The odometry path as recorded, in odom, on the run axis.
RunPath odometryPath(const std::string &label, const OdometryLog &odometry, const RunClock &clock);

/// Each odometry sample (x, y in odom) composed with the map -> odom transform in force at its
/// header stamp (the latest one at or before it; the first one before the first), on the run
/// axis. Samples without a stamp are left out. Empty when `map_odom` is empty.
RunPath odometryInMap(const std::string &label, const OdometryLog &odometry, const RunClock &clock,
                      const slam::Trajectory &map_odom);

}  // namespace robometrics::evaluate
