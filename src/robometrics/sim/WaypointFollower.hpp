#pragma once
// Drives a route: turns in place towards the next waypoint when it is far off the heading,
// otherwise drives at the cruise speed with proportional heading control, slowing for the
// waypoint. Loops over the route.

#include <cstddef>
#include <vector>

#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/Scenario.hpp"

namespace robometrics::sim {

struct Command {
    double v = 0;  ///< m/s
    double w = 0;  ///< rad/s
};

class WaypointFollower {
public:
    WaypointFollower(std::vector<Waypoint> route, double cruise_speed);

    /// The command for the current pose; advances to the next waypoint when within reach.
    Command update(const Pose2 &pose);
    /// Index of the waypoint being driven to.
    std::size_t target() const { return target_; }
    /// Jumps the target `count` waypoints ahead (after a kidnapping) and returns the new one.
    const Waypoint &skip(std::size_t count);
    const std::vector<Waypoint> &route() const { return route_; }

private:
    std::vector<Waypoint> route_;
    double cruise_;
    std::size_t target_ = 1;
};

}  // namespace robometrics::sim
