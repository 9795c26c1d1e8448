#include "robometrics/terrain/CostmapStats.hpp"

#include <gtest/gtest.h>

#include <cstdint>

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

TEST(CostmapStatsTest, EveryCellValueCountsWhereItBelongs) {
    // Every int8 value a thousand times, in a frame far longer than a vector of counters.
    msgs::OccupancyGrid grid;
    for (int k = 0; k < 1000; ++k) {
        for (int v = -128; v <= 127; ++v) grid.data.push_back(static_cast<std::int8_t>(v));
    }
    CostmapStats s;
    s.add(grid, 1.0);
    s.add(grid, 1.0);
    EXPECT_EQ(s.cells, 2u * 256000);
    EXPECT_EQ(s.unknown, 2u * 128 * 1000);  // -128 .. -1
    EXPECT_EQ(s.lethal, 2u * 28 * 1000);    // 100 .. 127
    EXPECT_EQ(s.free, 2u * 1000);           // 0
    EXPECT_EQ(s.costed, 2u * 99 * 1000);    // 1 .. 99
}

}  // namespace
}  // namespace robometrics::terrain
