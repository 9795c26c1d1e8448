#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/Localization.hpp"

namespace robometrics::sim {

TEST(Localization, TracksTheTruthWithBoundedError) {
    Localization loc(Rng(2), LocalizationConfig{0.04}, Pose2{});
    double sum2 = 0;
    int n = 0;
    for (int i = 1; i <= 60000; ++i) {  // 600 s
        const Pose2 truth{0.001 * i, 0, 0};
        loc.update(0.01, truth, truth);
        const double dx = loc.estimate().x - truth.x, dy = loc.estimate().y - truth.y;
        sum2 += dx * dx + dy * dy;
        ++n;
    }
    // Stationary std 0.04 per axis: RMS 2-D error about 0.057 (long-correlated, so loose).
    EXPECT_NEAR(std::sqrt(sum2 / n), 0.04 * std::sqrt(2.0), 0.025);
    const msgs::PoseWithCovarianceStamped m = loc.amclPose();
    EXPECT_EQ(m.header.frame_id, "map");
    EXPECT_NEAR(std::sqrt(m.pose.covariance[0]), 0.05, 0.02);
    EXPECT_NEAR(std::sqrt(m.pose.covariance[35]), 0.05, 0.02);
}

TEST(Localization, LostFollowsOdometryGrowsAndRecovers) {
    Localization loc(Rng(2), LocalizationConfig{0.0, 0.0}, Pose2{});
    const Pose2 odom_at_loss{1, 0, 0};
    loc.update(0.01, Pose2{1, 0, 0}, odom_at_loss);
    loc.loseTrack(odom_at_loss);
    // The rover was carried to (5, 5) and drives 1 m along +y; odometry saw only the drive.
    for (int i = 1; i <= 500; ++i) loc.update(0.01, Pose2{5, 5 + 0.002 * i, kPi / 2}, Pose2{1 + 0.002 * i, 0, 0});
    EXPECT_TRUE(loc.lost());
    EXPECT_NEAR(loc.estimate().x, 2.0, 1e-9);  // the old belief moved 1 m along odometry
    EXPECT_NEAR(loc.estimate().y, 0.0, 1e-9);
    // The spread grows as 0.05 * e^(t / 1.5): 1.40 m after 5 s; the heading is capped at 1.2 rad.
    EXPECT_NEAR(loc.reportedSigmaXy(), 0.05 * std::exp(5.0 / 1.5), 1e-6);
    EXPECT_DOUBLE_EQ(loc.reportedSigmaYaw(), 1.2);
    loc.relocalize();
    EXPECT_FALSE(loc.lost());
    EXPECT_NEAR(loc.estimate().y, 6.0, 1e-9);
    for (int i = 0; i < 300; ++i) loc.update(0.01, Pose2{5, 6, kPi / 2}, Pose2{2, 0, 0});
    EXPECT_LT(loc.reportedSigmaXy(), 0.05 + 1.45 * std::exp(-3.0 / 0.7) + 1e-9);
}

}  // namespace robometrics::sim
