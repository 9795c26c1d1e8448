#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/ImuModel.hpp"

namespace robometrics::sim {

TEST(ImuModel, AtRestMeasuresGravityWithNoise) {
    ImuModel imu(Rng(5));
    ChassisState rest;
    const int n = 20000;
    double sum = 0, sum2 = 0, gz = 0;
    for (int i = 0; i < n; ++i) {
        const msgs::Imu m = imu.measure(rest, 0.0, 0.0);
        sum += m.linear_acceleration.z;
        sum2 += (m.linear_acceleration.z - kGravity) * (m.linear_acceleration.z - kGravity);
        gz += m.angular_velocity.z;
    }
    EXPECT_NEAR(sum / n, kGravity, 0.002);
    EXPECT_NEAR(std::sqrt(sum2 / n), 0.04, 0.002);
    EXPECT_NEAR(gz / n, 0.002, 0.0002);  // the gyro bias
    const msgs::Imu m = imu.measure(rest, 0.0, 0.0);
    EXPECT_EQ(m.header.frame_id, "imu_link");
    EXPECT_DOUBLE_EQ(m.linear_acceleration_covariance[0], 0.04 * 0.04);
}

TEST(ImuModel, TiltedBodySeesGravityRotated) {
    ImuModel imu(Rng(5), ImuNoise{0, 0, 0, 0, 0});
    ChassisState s;
    s.pitch = -0.2;  // nose up
    s.orientation = Eigen::AngleAxisd(-0.2, Eigen::Vector3d::UnitY());
    const msgs::Imu m = imu.measure(s, 0.0, 0.0);
    // Nose up: the forward axis leans towards up, so the specific force has a +x share.
    EXPECT_NEAR(m.linear_acceleration.x, kGravity * std::sin(0.2), 1e-9);
    EXPECT_NEAR(m.linear_acceleration.z, kGravity * std::cos(0.2), 1e-9);
}

TEST(ImuModel, RoughGroundAtSpeedExceedsTheRoughThresholdOften) {
    ImuModel imu(Rng(9));
    ChassisState s;
    int above = 0;
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const auto a = imu.measure(s, 1.0, 0.5).linear_acceleration;
        above += std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z) > 15.0;
    }
    // Vertical bump ~ N(0, 6): P(bump > 15 - 9.81) = 0.19, a little more with the x/y share.
    EXPECT_GT(above, n * 0.17);
    EXPECT_LT(above, n * 0.25);
}

}  // namespace robometrics::sim
