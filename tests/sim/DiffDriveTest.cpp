#include <gtest/gtest.h>

#include "robometrics/sim/DiffDrive.hpp"

namespace robometrics::sim {

TEST(DiffDrive, AcceleratesWithinTheLimitAndDrivesStraight) {
    DiffDrive d(Pose2{1.0, 2.0, 0.0});
    for (int i = 0; i < 50; ++i) d.step(0.01, 1.0, 0.0, 1.0);
    EXPECT_NEAR(d.wheelSpeed(), 0.4, 1e-9);  // 0.8 m/s^2 for 0.5 s
    // Distance = sum of v_k * dt with v_k = 0.008 k: 0.008 * 0.01 * (1 + ... + 50) = 0.102.
    EXPECT_NEAR(d.pose().x, 1.102, 1e-9);
    EXPECT_NEAR(d.pose().y, 2.0, 1e-12);
}

TEST(DiffDrive, TurnsAtTheLimitedRateAndSlipsWithoutTraction) {
    DiffDrive d(Pose2{});
    for (int i = 0; i < 100; ++i) d.step(0.01, 0.0, 5.0, 1.0);
    EXPECT_NEAR(d.yawRate(), 1.2, 1e-9);  // clamped to max_angular_speed
    DiffDrive stuck(Pose2{});
    for (int i = 0; i < 200; ++i) stuck.step(0.01, 0.5, 0.0, 0.0);
    EXPECT_NEAR(stuck.wheelSpeed(), 0.5, 1e-9);
    EXPECT_DOUBLE_EQ(stuck.groundSpeed(), 0.0);
    EXPECT_DOUBLE_EQ(stuck.pose().x, 0.0);
    stuck.teleport(Pose2{3, 4, 1});
    EXPECT_DOUBLE_EQ(stuck.wheelSpeed(), 0.0);
    EXPECT_DOUBLE_EQ(stuck.pose().y, 4.0);
}

}  // namespace robometrics::sim
