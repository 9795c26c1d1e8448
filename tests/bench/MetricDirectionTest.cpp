#include <gtest/gtest.h>

#include "robometrics/bench/MetricDirection.hpp"

namespace robometrics::bench {
namespace {

TEST(MetricDirection, KnownMetricsAndDefault) {
    EXPECT_EQ(metricDirection("trajectory.ate_se3.rmse"), Direction::LowerIsBetter);
    EXPECT_EQ(metricDirection("map.coverage"), Direction::HigherIsBetter);
    EXPECT_EQ(metricDirection("map.iou"), Direction::HigherIsBetter);
    EXPECT_EQ(metricDirection("map.ssim"), Direction::HigherIsBetter);
    EXPECT_EQ(metricDirection("traversal.min_clearance_m"), Direction::HigherIsBetter);
    EXPECT_EQ(metricDirection("map.wall_thickness_m"), Direction::LowerIsBetter);
    EXPECT_EQ(metricDirection("run_s"), Direction::LowerIsBetter);
    EXPECT_EQ(metricDirection("unknown.thing"), Direction::LowerIsBetter);
    // Whole words: "rate" is not "ate".
    EXPECT_EQ(metricDirection("topics.rate_hz"), Direction::LowerIsBetter);
    EXPECT_TRUE(better(1, 2, Direction::LowerIsBetter));
    EXPECT_TRUE(better(2, 1, Direction::HigherIsBetter));
    EXPECT_FALSE(better(1, 1, Direction::HigherIsBetter));
}

}  // namespace
}  // namespace robometrics::bench
