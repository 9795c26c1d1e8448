#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "robometrics/sim/Lidar3d.hpp"

namespace robometrics::sim {

TEST(Lidar3d, FlatGroundGivesGroundPointsAtTheRingDistances) {
    World world;
    world.map = OccupancyMap(200, 200, 0.1, -10.0, -10.0);
    Lidar3dConfig config;
    config.elevations_deg = {-24};
    config.azimuths = 4;
    config.range_sigma = 0;
    Lidar3d lidar(Rng(1), config);
    ChassisState body;
    const std::vector<CloudPoint> points = lidar.scan(world, body);
    ASSERT_EQ(points.size(), 4u);
    const double horizontal = 0.4 / std::tan(24.0 * kPi / 180.0);  // 0.898 m
    for (const CloudPoint &p : points) {
        EXPECT_TRUE(p.ground);
        EXPECT_NEAR(p.sensor.z(), -0.4, 1e-9);
        EXPECT_NEAR(std::hypot(p.sensor.x(), p.sensor.y()), horizontal, 1e-9);
    }
}

TEST(Lidar3d, ObstaclesAreNonGroundAndTheCloudLayoutIsGroundGrids) {
    World world;
    world.map = OccupancyMap(200, 200, 0.1, -10.0, -10.0);
    world.map.fillBox(3.0, -10.0, 3.2, 10.0, OccupancyMap::Occupied);
    Lidar3dConfig config;
    config.elevations_deg = {0};
    config.azimuths = 2;  // ahead (+x, towards the wall) and behind (nothing within range)
    config.range_sigma = 0;
    Lidar3d lidar(Rng(1), config);
    const std::vector<CloudPoint> points = lidar.scan(world, ChassisState{});
    ASSERT_EQ(points.size(), 1u);
    EXPECT_FALSE(points[0].ground);
    EXPECT_NEAR(points[0].sensor.x(), 3.0, 0.151);  // found within one march step
    const msgs::PointCloud2 cloud = Lidar3d::toMessage(points);
    EXPECT_EQ(cloud.header.frame_id, "lidar_link");
    ASSERT_EQ(cloud.fields.size(), 4u);
    EXPECT_EQ(cloud.fields[3].name, "intensity");
    EXPECT_EQ(cloud.fields[3].offset, 12u);
    EXPECT_EQ(cloud.fields[3].datatype, msgs::PointField::FLOAT32);
    EXPECT_EQ(cloud.point_step, 16u);
    EXPECT_EQ(cloud.width, 1u);
    ASSERT_EQ(cloud.data.size(), 16u);
    // Little-endian float32 99.0 = 0x42C60000.
    EXPECT_EQ(cloud.data[12], 0x00);
    EXPECT_EQ(cloud.data[14], 0xC6);
    EXPECT_EQ(cloud.data[15], 0x42);
}

}  // namespace robometrics::sim
