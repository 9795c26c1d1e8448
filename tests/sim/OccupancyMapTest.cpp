#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/OccupancyMap.hpp"
#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

namespace {
// 10 x 10 cells of 0.1 m from (0, 0); a wall in column 7 (x in [0.7, 0.8)).
OccupancyMap wallMap() {
    OccupancyMap map(10, 10, 0.1, 0.0, 0.0);
    for (int cy = 0; cy < 10; ++cy) map.set(7, cy, OccupancyMap::Occupied);
    return map;
}
}  // namespace

TEST(OccupancyMap, CastRayStopsAtTheCellBoundary) {
    const OccupancyMap map = wallMap();
    EXPECT_NEAR(map.castRay(0.25, 0.55, 0.0, 5.0), 0.45, 1e-9);
    // 45 degrees: the ray reaches x = 0.7 after 0.45 * sqrt(2).
    EXPECT_NEAR(map.castRay(0.25, 0.15, kPi / 4, 5.0), 0.45 * std::sqrt(2.0), 1e-9);
    // Away from the wall the ray leaves the grid: nothing hit, max range.
    EXPECT_DOUBLE_EQ(map.castRay(0.25, 0.55, kPi, 5.0), 5.0);
    // The wall is beyond a short max range.
    EXPECT_DOUBLE_EQ(map.castRay(0.25, 0.55, 0.0, 0.3), 0.3);
}

TEST(OccupancyMap, ClearanceIsTheDistanceToTheNearestOccupiedCell) {
    const OccupancyMap map = wallMap();
    EXPECT_NEAR(map.clearance(0.25, 0.55, 1.0), 0.45, 1e-9);
    EXPECT_NEAR(map.clearance(0.25, 0.55, 0.3), 0.3, 1e-9);   // capped
    EXPECT_NEAR(map.clearance(0.95, 0.55, 1.0), 0.15, 1e-9);  // right of the wall
    EXPECT_TRUE(map.discIsFree(0.25, 0.55, 0.2));
    EXPECT_FALSE(map.discIsFree(0.25, 0.55, 0.5));
}

TEST(OccupancyMap, FillsAndConvertsToAndFromOccupancyGrid) {
    OccupancyMap map(20, 10, 0.05, -0.5, -0.25);
    map.fillBox(-0.5, -0.25, -0.4, 0.25, OccupancyMap::Occupied);  // columns 0 and 1
    map.set(19, 9, OccupancyMap::Unknown);
    EXPECT_EQ(map.atWorld(-0.49, 0.0), OccupancyMap::Occupied);
    EXPECT_EQ(map.atWorld(-0.36, 0.0), OccupancyMap::Free);
    EXPECT_EQ(map.atWorld(10.0, 0.0), OccupancyMap::Unknown);  // outside
    msgs::OccupancyGrid grid = map.toMessage();
    EXPECT_EQ(grid.header.frame_id, "map");
    EXPECT_EQ(grid.info.width, 20u);
    EXPECT_EQ(grid.info.height, 10u);
    EXPECT_FLOAT_EQ(grid.info.resolution, 0.05f);
    EXPECT_DOUBLE_EQ(grid.info.origin.position.x, -0.5);
    EXPECT_EQ(grid.data[0], 100);
    EXPECT_EQ(grid.data[2], 0);
    EXPECT_EQ(grid.data[199], -1);
    grid.data[5] = 70;
    grid.data[6] = 30;
    OccupancyMap back = OccupancyMap::fromMessage(grid);
    EXPECT_EQ(back.at(5, 0), OccupancyMap::Occupied);
    EXPECT_EQ(back.at(6, 0), OccupancyMap::Free);
    EXPECT_EQ(back.at(19, 9), OccupancyMap::Unknown);
    EXPECT_EQ(back.at(0, 3), OccupancyMap::Occupied);
}

TEST(OccupancyMap, FillDiscMarksCellsWhoseCentreIsInside) {
    OccupancyMap map(20, 20, 0.1, 0.0, 0.0);
    map.fillDisc(1.0, 1.0, 0.15, OccupancyMap::Occupied);
    int count = 0;
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 20; ++x) count += map.at(x, y) == OccupancyMap::Occupied;
    // Only the four centres at (1 +- 0.05, 1 +- 0.05) are within 0.15; the next ones are 0.158 away.
    EXPECT_EQ(count, 4);
}

}  // namespace robometrics::sim
