#pragma once
// Drives a route: turns in place towards the next waypoint when it is far off the heading,
// otherwise drives at the cruise speed with proportional heading control, slowing for the
// waypoint. Loops over the route, or stops at its end (a navigation goal).

#include <cstddef>
#include <vector>

#include "robometrics/sim/Mission.hpp"
#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

struct Command {
    double v = 0;  ///< m/s
    double w = 0;  ///< rad/s
};

class WaypointFollower {
public:
    /// `route[0]` is where the robot starts; it drives to `route[1]` first. With `loop` it goes
    /// round forever, else it stops at the last waypoint (finished()).
    WaypointFollower(std::vector<Waypoint> route, double cruise_speed, bool loop = true);

    /// The command for the current pose; advances to the next waypoint when within reach.
    Command update(const Pose2 &pose);
    /// Index of the waypoint being driven to.
    std::size_t target() const { return target_; }
    /// Jumps the target `count` waypoints ahead (after a kidnapping) and returns the new one.
    const Waypoint &skip(std::size_t count);
    const std::vector<Waypoint> &route() const { return route_; }
    /// The last waypoint was reached (never when looping).
    bool finished() const { return finished_; }

private:
    std::vector<Waypoint> route_;
    double cruise_;
    bool loop_;
    bool finished_ = false;
    std::size_t target_ = 1;
};

}  // namespace robometrics::sim
