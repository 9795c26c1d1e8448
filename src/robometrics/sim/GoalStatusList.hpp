#pragma once
// The goals a ROS 2 action server (Nav2's navigate_to_pose) tracks, as it publishes them on
// <action>/_action/status: every goal with its UUID, accept stamp and latest status, kept until
// its result has been available for result_timeout (rclcpp_action's default, 15 minutes).

#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

class GoalStatusList {
public:
    static constexpr TimeNs kResultTimeout = 900 * kNsPerSecond;

    /// UUIDs are drawn from `rng` (random version-4 UUIDs, as rclcpp_action makes them).
    explicit GoalStatusList(Rng rng) : rng_(rng) {}

    /// A goal accepted at `stamp` and executing at once (Nav2 starts what it accepts).
    void execute(TimeNs stamp);
    /// Goal number `index` (in accept order) has succeeded at `stamp`.
    void succeed(std::size_t index, TimeNs stamp);
    /// The status array as published at `now`.
    msgs::GoalStatusArray message(TimeNs now) const;
    std::size_t size() const { return goals_.size(); }

private:
    struct Goal {
        msgs::GoalStatus status;
        TimeNs ended = -1;
    };
    Rng rng_;
    std::vector<Goal> goals_;
};

}  // namespace robometrics::sim
