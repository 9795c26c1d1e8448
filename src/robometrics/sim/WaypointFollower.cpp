#include "robometrics/sim/WaypointFollower.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::sim {

namespace {
constexpr double kReach = 0.1;        // m: a waypoint closer than this counts as reached
constexpr double kTurnInPlace = 0.5;  // rad: larger heading errors turn on the spot
constexpr double kHeadingGain = 2.0;  // (rad/s) per rad
}  // namespace

WaypointFollower::WaypointFollower(std::vector<Waypoint> route, double cruise_speed, bool loop)
    : route_(std::move(route)), cruise_(cruise_speed), loop_(loop), target_(route_.size() > 1 ? 1 : 0) {}

Command WaypointFollower::update(const Pose2 &pose) {
    if (route_.empty() || finished_) return {};
    double dist = std::hypot(route_[target_].x - pose.x, route_[target_].y - pose.y);
    if (dist < kReach) {
        if (!loop_ && target_ + 1 == route_.size()) {
            finished_ = true;
            return {};
        }
        target_ = (target_ + 1) % route_.size();
        dist = std::hypot(route_[target_].x - pose.x, route_[target_].y - pose.y);
    }
    const Waypoint &goal = route_[target_];
    const double error = wrapAngle(std::atan2(goal.y - pose.y, goal.x - pose.x) - pose.yaw);
    if (std::abs(error) > kTurnInPlace) return {0.0, kHeadingGain * error};
    const double slow = std::clamp(dist / 0.6, 0.25, 1.0);
    return {cruise_ * slow * std::cos(error), kHeadingGain * error};
}

const Waypoint &WaypointFollower::skip(std::size_t count) {
    target_ = (target_ + count) % route_.size();
    return route_[target_];
}

}  // namespace robometrics::sim
