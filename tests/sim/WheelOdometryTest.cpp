#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/WheelOdometry.hpp"

namespace robometrics::sim {

TEST(WheelOdometry, StandingStillReadsExactlyZero) {
    WheelOdometry odom(Rng(1));
    for (int i = 0; i < 100; ++i) odom.update(0.01, 0.0, 0.0);
    EXPECT_DOUBLE_EQ(odom.pose().x, 0.0);
    EXPECT_DOUBLE_EQ(odom.pose().yaw, 0.0);
    EXPECT_DOUBLE_EQ(odom.linearSpeed(), 0.0);
}

TEST(WheelOdometry, DriftsWithScaleErrorAndYawBias) {
    WheelOdometry odom(Rng(1));
    for (int i = 0; i < 1000; ++i) odom.update(0.01, 1.0, 0.0);  // 10 s at 1 m/s
    // Scale 1.02 and a yaw bias of 0.004 rad/s: 10.2 m travelled, 0.04 rad of heading drift.
    const double travelled = std::hypot(odom.pose().x, odom.pose().y);
    EXPECT_NEAR(travelled, 10.2, 0.01);
    EXPECT_NEAR(odom.pose().yaw, 0.04, 0.01);
    EXPECT_NEAR(odom.pose().y, 10.2 * 0.04 / 2, 0.06);  // the arc bends left (yaw noise: 0.02 std)
    const msgs::Odometry m = odom.message();
    EXPECT_EQ(m.header.frame_id, "odom");
    EXPECT_EQ(m.child_frame_id, "base_link");
    EXPECT_DOUBLE_EQ(m.pose.pose.position.x, odom.pose().x);
    EXPECT_DOUBLE_EQ(m.twist.twist.linear.x, odom.linearSpeed());
    EXPECT_NEAR(m.pose.pose.orientation.z, std::sin(odom.pose().yaw / 2), 1e-12);
}

}  // namespace robometrics::sim
