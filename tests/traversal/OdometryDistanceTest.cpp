#include "robometrics/traversal/OdometryDistance.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "TraversalTestMessages.hpp"

namespace robometrics::traversal {
namespace {

using test::at;

struct Sample {
    double x;
    double log_s;
    std::optional<double> stamp_s;
};

/// Feeds the samples; returns the distance accepted.
double feed(OdometryDistance &d, const std::vector<Sample> &samples) {
    double total = 0;
    for (const Sample &s : samples) {
        auto stamp = s.stamp_s ? std::optional<TimeNs>(at(*s.stamp_s)) : std::nullopt;
        total += d.add({s.x, 0, 0}, at(s.log_s), stamp).value_or(0.0);
    }
    return total;
}

TEST(OdometryDistance, AFiveMetreJumpIsLeftOutAndCounted) {
    OdometryDistance d(1.5);
    // 10 Hz, 1 m/s, then the odometry jumps 5 m within 0.1 s (50 m/s), then 1 m/s again.
    const double total = feed(d, {{0.0, 10.0, 10.0},
                                  {0.1, 10.1, 10.1},
                                  {0.2, 10.2, 10.2},
                                  {5.2, 10.3, 10.3},
                                  {5.3, 10.4, 10.4},
                                  {5.4, 10.5, 10.5}});
    EXPECT_NEAR(total, 0.4, 1e-12);  // 5.4 m of displacement, exactly 5 m of it excluded
    EXPECT_EQ(d.jumps(), 1u);
    EXPECT_NEAR(d.jumpDistance(), 5.0, 1e-12);
    EXPECT_EQ(d.firstJumpTime(), at(10.3));
    EXPECT_NEAR(d.firstJumpLength(), 5.0, 1e-12);
}

TEST(OdometryDistance, StampsGiveTheIntervalWhenTheRecorderBatches) {
    OdometryDistance d(1.5);
    // Logged 1 us apart (a batching recorder), stamped 0.1 s apart: 1 m/s, no jump.
    const double total = feed(d, {{0.0, 5.0, 1.0}, {0.1, 5.000001, 1.1}, {0.2, 5.000002, 1.2}, {0.3, 5.000003, 1.3}});
    EXPECT_NEAR(total, 0.3, 1e-12);
    EXPECT_EQ(d.jumps(), 0u);
}

TEST(OdometryDistance, UnstampedStepsUnder10msMergeWithTheNextOnes) {
    // No stamps; three messages within 2 us, then one 0.1 s later: one step of 0.12 m over
    // 0.1 s (1.2 m/s), not three steps at ~50 km/s.
    OdometryDistance d(1.5);
    EXPECT_FALSE(d.add({0, 0, 0}, at(3.0), std::nullopt).has_value());
    EXPECT_FALSE(d.add({0.05, 0, 0}, at(3.000001), std::nullopt).has_value());  // merged
    EXPECT_FALSE(d.add({0.1, 0, 0}, at(3.000002), std::nullopt).has_value());   // merged
    auto step = d.add({0.12, 0, 0}, at(3.1), std::nullopt);
    ASSERT_TRUE(step.has_value());
    EXPECT_NEAR(*step, 0.12, 1e-12);
    EXPECT_EQ(d.jumps(), 0u);
}

TEST(OdometryDistance, StampsThatDoNotIncreaseFallBackToLogTimes) {
    OdometryDistance d(1.5);
    EXPECT_NEAR(feed(d, {{0.0, 1.0, 7.0}, {0.2, 1.2, 7.0}}), 0.2, 1e-12);  // 0.2 m over 0.2 s of log time
    EXPECT_EQ(d.jumps(), 0u);
}

TEST(OdometryDistance, AMergedJumpExcludesItsWholePath) {
    OdometryDistance d(1.5);
    // 0.1 m, then 3 m, within 5 ms of log time (no stamps), then 0.1 s later: 3.1 m in 0.1 s.
    const double total = feed(d, {{0.0, 2.0, {}}, {0.1, 2.002, {}}, {3.1, 2.005, {}}, {3.1, 2.1, {}}, {3.2, 2.2, {}}});
    EXPECT_NEAR(total, 0.1, 1e-12);
    EXPECT_EQ(d.jumps(), 1u);
    EXPECT_NEAR(d.jumpDistance(), 3.1, 1e-12);
    EXPECT_EQ(d.firstJumpTime(), at(2.1));
}

TEST(OdometryDistance, OnlyTheFirstJumpIsKeptByName) {
    OdometryDistance d(1.0);
    feed(d, {{0, 0.0, {}}, {2, 0.1, {}}, {2.05, 0.2, {}}, {9.05, 0.3, {}}});
    EXPECT_EQ(d.jumps(), 2u);
    EXPECT_NEAR(d.jumpDistance(), 9.0, 1e-12);
    EXPECT_NEAR(d.firstJumpLength(), 2.0, 1e-12);
    EXPECT_EQ(d.firstJumpTime(), at(0.1));
}

}  // namespace
}  // namespace robometrics::traversal
