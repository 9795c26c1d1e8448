#pragma once
// When AMCL updates its filter (and so publishes /amcl_pose): on a received scan, once the
// odometry has moved more than update_min_d along x or y, or turned more than update_min_a,
// since the last update (nav2_amcl compares each component of the odometry delta). The first
// scan after the initial pose always updates. A robot that waits, or a laser that is silent,
// gives no updates.

#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

struct AmclGateConfig {
    double update_min_d = 0.25;  ///< m, Nav2's TurtleBot3 parameters
    double update_min_a = 0.2;   ///< rad
};

class AmclGate {
public:
    explicit AmclGate(AmclGateConfig config = {}) : config_(config) {}

    /// A scan arrived while odometry reads `odom`: true when the filter updates on it.
    bool scanReceived(const Pose2 &odom);

private:
    AmclGateConfig config_;
    bool initialised_ = false;
    Pose2 last_;
};

}  // namespace robometrics::sim
