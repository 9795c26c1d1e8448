#include <gtest/gtest.h>

#include "robometrics/sim/Lidar.hpp"
#include "robometrics/sim/SlamMapper.hpp"

namespace robometrics::sim {

namespace {
OccupancyMap room() {
    OccupancyMap map(60, 60, 0.1, -1.0, -1.0);  // a 4 m room inside a 6 m grid
    map.fillBox(0.0, 0.0, 4.0, 0.1, OccupancyMap::Occupied);
    map.fillBox(0.0, 3.9, 4.0, 4.0, OccupancyMap::Occupied);
    map.fillBox(0.0, 0.0, 0.1, 4.0, OccupancyMap::Occupied);
    map.fillBox(3.9, 0.0, 4.0, 4.0, OccupancyMap::Occupied);
    return map;
}
}  // namespace

TEST(SlamMapper, ScansFromTheTruePoseRebuildTheRoom) {
    const OccupancyMap truth = room();
    SlamMapper mapper(truth);
    Lidar lidar(Rng(1), LidarConfig{});
    for (int i = 0; i < 5; ++i) mapper.insert(lidar.scan(truth, Pose2{2.0, 2.0, 0.3 * i}), Pose2{2.0, 2.0, 0.3 * i});
    const msgs::OccupancyGrid grid = mapper.message();
    ASSERT_EQ(grid.info.width, 60u);
    EXPECT_DOUBLE_EQ(grid.info.origin.position.x, -1.0);
    auto at = [&](double x, double y) {
        return grid.data[static_cast<std::size_t>((y + 1.0) / 0.1) * 60 + static_cast<std::size_t>((x + 1.0) / 0.1)];
    };
    EXPECT_EQ(at(2.0, 2.0), 0);  // interior free
    EXPECT_EQ(at(1.0, 3.0), 0);
    EXPECT_EQ(at(3.95, 2.05), 100);  // wall
    EXPECT_EQ(at(2.05, 0.05), 100);
    EXPECT_EQ(at(-0.5, -0.5), -1);  // behind the walls: never seen
    EXPECT_EQ(at(4.5, 2.0), -1);
}

TEST(SlamMapper, AWrongPoseGhostsTheWalls) {
    const OccupancyMap truth = room();
    SlamMapper mapper(truth);
    Lidar lidar(Rng(1), LidarConfig{});
    // The robot is at (2, 2) but believes it is 0.55 m further right: the wall at x = 3.9 is
    // entered at x = 4.45, outside the true room.
    mapper.insert(lidar.scan(truth, Pose2{2.0, 2.0, 0.0}), Pose2{2.55, 2.0, 0.0});
    const msgs::OccupancyGrid grid = mapper.message();
    EXPECT_EQ(grid.data[static_cast<std::size_t>(30) * 60 + 54], 100);  // x = 4.45, y = 2.05
}

}  // namespace robometrics::sim
