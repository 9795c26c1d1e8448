#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/slam/SlamRun.hpp"

namespace robometrics::slam {
namespace {

TEST(SlamRun, PathLengthSpeedAndStartOfMovement) {
    // Waits, creeps 0.02 m, steps (2.98, 4) m in 4 s, then 1 m in 0.5 s; a repeated stamp is skipped
    // for speed but counts for the path.
    const std::vector<OdomSample> odom = {
        {10.0, 1.0, 1.0}, {11.0, 1.0, 1.0}, {12.0, 1.02, 1.0}, {16.0, 4.0, 5.0}, {16.5, 5.0, 5.0}, {16.5, 5.0, 5.5},
    };
    const RunMotion m = summariseMotion(odom);
    EXPECT_EQ(m.samples, 6u);
    EXPECT_NEAR(m.path_length_m, 0.02 + std::hypot(2.98, 4.0) + 1.0 + 0.5, 1e-12);
    EXPECT_DOUBLE_EQ(m.max_speed_mps, 2.0);  // 1 m in 0.5 s
    EXPECT_DOUBLE_EQ(m.max_speed_at_s, 16.5);
    ASSERT_TRUE(m.movement_start_s.has_value());
    EXPECT_DOUBLE_EQ(*m.movement_start_s, 16.0);  // 0.02 m at t = 12 is below 0.05 m
    EXPECT_DOUBLE_EQ(m.first_s, 10.0);
    EXPECT_DOUBLE_EQ(m.last_s, 16.5);
}

TEST(SlamRun, BatchedLogTimesUseHeaderStamps) {
    // Logged 1 us apart, stamped 36 ms apart: 0.018 m / 0.036 s = 0.5 m/s, not 18000 m/s.
    const std::vector<OdomSample> odom = {{0.0, 0.0, 0.0, fromSeconds(100.0)},
                                          {0.036, 0.018, 0.0, fromSeconds(100.036)},
                                          {0.036001, 0.036, 0.0, fromSeconds(100.072)}};
    const RunMotion m = summariseMotion(odom);
    EXPECT_NEAR(m.max_speed_mps, 0.5, 1e-9);
    EXPECT_TRUE(m.max_speed_from_stamps);
    EXPECT_NEAR(m.max_speed_interval_s, 0.036, 1e-9);
    EXPECT_DOUBLE_EQ(m.max_speed_at_s, 0.036);  // the first interval: both are 0.5 m/s
}

TEST(SlamRun, WithoutStampsShortIntervalsAreMergedUntilLongEnough) {
    // No stamps; the second sample is 1 us after the first: merged with the third (20 ms).
    const std::vector<OdomSample> odom = {{0.0, 0.0, 0.0}, {0.000001, 0.01, 0.0}, {0.02, 0.02, 0.0}};
    const RunMotion m = summariseMotion(odom);
    EXPECT_NEAR(m.max_speed_mps, 1.0, 1e-12);  // 0.02 m in 0.02 s
    EXPECT_FALSE(m.max_speed_from_stamps);
    EXPECT_DOUBLE_EQ(m.max_speed_interval_s, 0.02);
}

TEST(SlamRun, ZIsIgnoredAndAStillRobotNeverStarts) {
    const RunMotion m = summariseMotion({{0.0, 0.0, 0.0}, {1.0, 0.01, 0.0}});
    EXPECT_DOUBLE_EQ(m.path_length_m, 0.01);
    EXPECT_FALSE(m.movement_start_s.has_value());
    MotionConfig cfg;
    cfg.start_motion_m = 0.005;
    EXPECT_DOUBLE_EQ(*summariseMotion({{0.0, 0.0, 0.0}, {1.0, 0.01, 0.0}}, cfg).movement_start_s, 1.0);
    EXPECT_EQ(summariseMotion({}).samples, 0u);
}

TEST(SlamRun, DriftPerMetre) {
    EXPECT_DOUBLE_EQ(*driftPerMetre(0.5, 20.0), 0.025);
    EXPECT_FALSE(driftPerMetre(0.5, 0.0).has_value());
}

}  // namespace
}  // namespace robometrics::slam
