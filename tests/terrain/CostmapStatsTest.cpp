#include "robometrics/terrain/CostmapStats.hpp"

#include <gtest/gtest.h>

namespace robometrics::terrain {
namespace {

TEST(CostmapStatsTest, SharesAndFrameTimes) {
    CostmapStats s;
    msgs::OccupancyGrid a;
    a.data = {0, 0, 100, -1};
    msgs::OccupancyGrid b;
    b.data = {50, 0, 100, 100};
    s.add(a, 2.0);
    s.add(b, 4.0);
    EXPECT_EQ(s.frames, 2u);
    EXPECT_DOUBLE_EQ(s.share(s.lethal), 3.0 / 8);
    EXPECT_DOUBLE_EQ(s.share(s.unknown), 1.0 / 8);
    EXPECT_DOUBLE_EQ(s.share(s.free), 3.0 / 8);
    EXPECT_DOUBLE_EQ(s.share(s.costed), 1.0 / 8);
    EXPECT_DOUBLE_EQ(s.meanMs(), 3.0);
    EXPECT_DOUBLE_EQ(s.maxMs(), 4.0);
    EXPECT_DOUBLE_EQ(s.percentileMs(0.5), 2.0);
    EXPECT_DOUBLE_EQ(s.percentileMs(0.95), 4.0);
}

}  // namespace
}  // namespace robometrics::terrain
