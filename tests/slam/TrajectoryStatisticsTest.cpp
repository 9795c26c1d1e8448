#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryStatistics.hpp"

namespace robometrics::slam {
namespace {

TEST(TrajectoryStatistics, HandComputedPathWithOneGap) {
    // Steps of 3-4-5 m lengths; periods 1, 1, 1, 4 s: median 1 s, one gap (4 > 2 x 1), longest 4 s.
    Trajectory t;
    const Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
    t.add(10, {0, 0, 0}, q);
    t.add(11, {3, 0, 0}, q);  // 3 m in 1 s
    t.add(12, {3, 4, 0}, q);  // 4 m in 1 s
    t.add(13, {3, 4, 0}, q);  // still
    t.add(17, {3, 4, 5}, q);  // 5 m in 4 s
    const TrajectoryStatistics s = computeTrajectoryStatistics(t);
    EXPECT_EQ(s.poses, 5u);
    EXPECT_DOUBLE_EQ(s.length_m, 12.0);
    EXPECT_DOUBLE_EQ(s.duration_s, 7.0);
    EXPECT_DOUBLE_EQ(s.mean_speed_mps, 12.0 / 7.0);
    EXPECT_DOUBLE_EQ(s.max_speed_mps, 4.0);
    EXPECT_DOUBLE_EQ(s.rate_hz, 4.0 / 7.0);
    EXPECT_DOUBLE_EQ(s.median_period_s, 1.0);
    EXPECT_DOUBLE_EQ(s.longest_gap_s, 4.0);
    EXPECT_EQ(s.gaps, 1u);
    EXPECT_EQ(s.backward_steps, 0u);
    EXPECT_DOUBLE_EQ(s.first_stamp_s, 10.0);
    EXPECT_DOUBLE_EQ(s.last_stamp_s, 17.0);
}

TEST(TrajectoryStatistics, EvenCountMedianAndBackwardSteps) {
    // Periods 0.5, -0.25 (backwards), 1.0, 0.5, 2.0: sorted -0.25 0.5 0.5 1 2 -> odd count, median 0.5.
    // With one more period (0.5) the six sorted -0.25 0.5 0.5 0.5 1 2 give (0.5 + 0.5) / 2.
    Trajectory t = test::stampsOf({0.0, 0.5, 0.25, 1.25, 1.75, 3.75, 4.25});
    const TrajectoryStatistics s = computeTrajectoryStatistics(t);
    EXPECT_DOUBLE_EQ(s.median_period_s, 0.5);
    EXPECT_EQ(s.backward_steps, 1u);
    EXPECT_EQ(s.gaps, 1u);  // only 2.0 > 1.0
    EXPECT_DOUBLE_EQ(s.longest_gap_s, 2.0);
    EXPECT_DOUBLE_EQ(s.max_speed_mps, 0.0);                 // all poses at the origin
    Trajectory odd = test::stampsOf({0.0, 1.0, 3.0, 6.0});  // periods 1 2 3 -> median 2; even: add 4
    EXPECT_DOUBLE_EQ(computeTrajectoryStatistics(odd).median_period_s, 2.0);
    Trajectory even = test::stampsOf({0.0, 1.0, 3.0, 6.0, 10.0});  // periods 1 2 3 4 -> 2.5
    EXPECT_DOUBLE_EQ(computeTrajectoryStatistics(even).median_period_s, 2.5);
}

TEST(TrajectoryStatistics, WithoutStampsOnlyLength) {
    Trajectory t = test::pathOf({{0, 0, 0}, {1, 0, 0}, {1, 2, 0}});
    t.timestamped = false;
    const TrajectoryStatistics s = computeTrajectoryStatistics(t);
    EXPECT_DOUBLE_EQ(s.length_m, 3.0);
    EXPECT_TRUE(std::isnan(s.duration_s));
    EXPECT_TRUE(std::isnan(s.rate_hz));
    EXPECT_EQ(s.gaps, 0u);
}

TEST(TrajectoryStatistics, EmptyAndSinglePose) {
    EXPECT_EQ(computeTrajectoryStatistics(Trajectory{}).poses, 0u);
    const TrajectoryStatistics one = computeTrajectoryStatistics(test::stampsOf({5.0}));
    EXPECT_EQ(one.poses, 1u);
    EXPECT_DOUBLE_EQ(one.first_stamp_s, 5.0);
    EXPECT_TRUE(std::isnan(one.duration_s));
}

}  // namespace
}  // namespace robometrics::slam
