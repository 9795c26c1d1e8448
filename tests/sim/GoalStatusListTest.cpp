#include <gtest/gtest.h>

#include "robometrics/sim/GoalStatusList.hpp"

namespace robometrics::sim {

TEST(GoalStatusList, EveryGoalKeepsItsUuidAndLatestStatusUntilTheResultExpires) {
    const TimeNs s = kNsPerSecond;
    GoalStatusList list(Rng(5));
    list.execute(10 * s);
    list.execute(20 * s);
    list.succeed(0, 15 * s);
    const msgs::GoalStatusArray now = list.message(20 * s);
    ASSERT_EQ(now.status_list.size(), 2u);
    EXPECT_EQ(now.status_list[0].status, msgs::GoalStatus::kSucceeded);
    EXPECT_EQ(now.status_list[1].status, msgs::GoalStatus::kExecuting);
    EXPECT_EQ(now.status_list[0].goal_info.stamp.toNs(), 10 * s);
    EXPECT_EQ(now.status_list[1].goal_info.stamp.toNs(), 20 * s);
    const auto &a = now.status_list[0].goal_info.goal_id.uuid, &b = now.status_list[1].goal_info.goal_id.uuid;
    EXPECT_NE(a, b);
    for (const auto *u : {&a, &b}) {
        EXPECT_EQ((*u)[6] >> 4, 4);       // version 4
        EXPECT_EQ((*u)[8] & 0xC0, 0x80);  // RFC 4122 variant
    }
    // rclcpp_action forgets a finished goal result_timeout (900 s) after its end.
    EXPECT_EQ(list.message(914 * s).status_list.size(), 2u);
    EXPECT_EQ(list.message(915 * s).status_list.size(), 1u);
    // The same seed gives the same UUIDs.
    GoalStatusList again(Rng(5));
    again.execute(10 * s);
    EXPECT_EQ(again.message(10 * s).status_list[0].goal_info.goal_id.uuid, a);
}

}  // namespace robometrics::sim
