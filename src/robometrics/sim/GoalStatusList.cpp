#include "robometrics/sim/GoalStatusList.hpp"

namespace robometrics::sim {

void GoalStatusList::execute(TimeNs stamp) {
    Goal goal;
    for (std::size_t i = 0; i < 16; i += 8) {
        const std::uint64_t bits = rng_.next();
        for (std::size_t b = 0; b < 8; ++b) goal.status.goal_info.goal_id.uuid[i + b] = (bits >> (8 * b)) & 0xFF;
    }
    auto &u = goal.status.goal_info.goal_id.uuid;
    u[6] = static_cast<std::uint8_t>((u[6] & 0x0F) | 0x40);  // version 4
    u[8] = static_cast<std::uint8_t>((u[8] & 0x3F) | 0x80);  // RFC 4122 variant
    goal.status.goal_info.stamp = msgs::Time::fromNs(stamp);
    goal.status.status = msgs::GoalStatus::kExecuting;
    goals_.push_back(goal);
}

void GoalStatusList::succeed(std::size_t index, TimeNs stamp) {
    goals_.at(index).status.status = msgs::GoalStatus::kSucceeded;
    goals_.at(index).ended = stamp;
}

msgs::GoalStatusArray GoalStatusList::message(TimeNs now) const {
    msgs::GoalStatusArray array;
    for (const Goal &g : goals_)
        if (g.ended < 0 || now - g.ended < kResultTimeout) array.status_list.push_back(g.status);
    return array;
}

}  // namespace robometrics::sim
