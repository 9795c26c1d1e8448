#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/SpinningLidar.hpp"

namespace robometrics::sim {

namespace {

/// One point of an organized cloud: x, y, z, intensity, t, ring as the layout says.
struct LidarPoint {
    float x = 0, y = 0, z = 0, intensity = 0;
    std::uint32_t t = 0;
    std::uint16_t ring = 0;
};

LidarPoint lidarPointAt(const msgs::PointCloud2 &cloud, std::size_t ring, std::size_t column) {
    const std::uint8_t *p = cloud.data.data() + ring * cloud.row_step + column * cloud.point_step;
    LidarPoint out;
    std::memcpy(&out.x, p, 4);  // the tests run on little-endian hosts, as the cloud's layout is
    std::memcpy(&out.y, p + 4, 4);
    std::memcpy(&out.z, p + 8, 4);
    std::memcpy(&out.intensity, p + 12, 4);
    std::memcpy(&out.t, p + 16, 4);
    std::memcpy(&out.ring, p + 20, 2);
    return out;
}

/// 20 m x 20 m of free flat ground around the origin.
World openField() {
    World world;
    world.map = OccupancyMap(200, 200, 0.1, -10.0, -10.0);
    world.obstacle_height = 0.6;
    return world;
}

SpinningLidarConfig noiseless() {
    SpinningLidarConfig config;
    config.range_sigma = 0;
    return config;
}

}  // namespace

TEST(SpinningLidar, AFullSweepIsAnOrganizedCloudOf131kPoints) {
    SpinningLidar lidar(Rng(1));
    const msgs::PointCloud2 cloud = lidar.scan(openField(), ChassisState{});
    EXPECT_EQ(cloud.header.frame_id, "lidar_link");
    EXPECT_EQ(cloud.height, 64u);
    EXPECT_EQ(cloud.width, 2048u);
    EXPECT_EQ(cloud.height * cloud.width, 131072u);
    EXPECT_EQ(cloud.point_step, 24u);
    EXPECT_EQ(cloud.row_step, 24u * 2048u);
    EXPECT_EQ(cloud.data.size(), 24u * 131072u);
    EXPECT_FALSE(cloud.is_bigendian);
    EXPECT_FALSE(cloud.is_dense);  // beams into the sky have no return
    ASSERT_EQ(cloud.fields.size(), 6u);
    const char *names[] = {"x", "y", "z", "intensity", "t", "ring"};
    const std::uint32_t offsets[] = {0, 4, 8, 12, 16, 20};
    const std::uint8_t types[] = {msgs::PointField::FLOAT32, msgs::PointField::FLOAT32, msgs::PointField::FLOAT32,
                                  msgs::PointField::FLOAT32, msgs::PointField::UINT32,  msgs::PointField::UINT16};
    for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(cloud.fields[i].name, names[i]);
        EXPECT_EQ(cloud.fields[i].offset, offsets[i]);
        EXPECT_EQ(cloud.fields[i].datatype, types[i]);
        EXPECT_EQ(cloud.fields[i].count, 1u);
    }
}

TEST(SpinningLidar, DownwardBeamsHitTheGroundPlaneUpwardOnesNothing) {
    SpinningLidar lidar(Rng(1), noiseless());
    const msgs::PointCloud2 cloud = lidar.scan(openField(), ChassisState{});
    // Ring 63 is the bottom beam (-22.5 deg) from 0.4 m: on the ground 0.4 / tan(22.5 deg) away.
    for (std::size_t column : {0u, 512u, 1024u, 1536u}) {
        const LidarPoint p = lidarPointAt(cloud, 63, column);
        EXPECT_NEAR(p.z, -0.4, 1e-6);
        EXPECT_NEAR(std::hypot(p.x, p.y), 0.4 / std::tan(22.5 * kPi / 180.0), 1e-5);
        EXPECT_EQ(p.ring, 63);
        EXPECT_GE(p.intensity, 20.0f);
        EXPECT_LT(p.intensity, 52.0f);
    }
    // Columns turn clockwise from straight ahead: column 512 looks right (-y).
    EXPECT_NEAR(lidarPointAt(cloud, 63, 512).x, 0.0, 1e-5);
    EXPECT_LT(lidarPointAt(cloud, 63, 512).y, 0.0f);
    // The top beam (+22.5 deg) finds nothing: NaN coordinates, zero intensity, still its t and ring.
    const LidarPoint sky = lidarPointAt(cloud, 0, 1024);
    EXPECT_TRUE(std::isnan(sky.x) && std::isnan(sky.y) && std::isnan(sky.z));
    EXPECT_EQ(sky.intensity, 0.0f);
    EXPECT_EQ(sky.t, 50'000'000u);  // half a turn of 100 ms
    EXPECT_EQ(sky.ring, 0);
}

TEST(SpinningLidar, AWallAheadIsHitUpToTheObstacleHeight) {
    World world = openField();
    world.map.fillBox(3.0, -10.0, 3.2, 10.0, OccupancyMap::Occupied);  // 0.6 m high, 3 m ahead
    SpinningLidar lidar(Rng(1), noiseless());
    const msgs::PointCloud2 cloud = lidar.scan(world, ChassisState{});
    int on_wall = 0;
    for (std::size_t ring = 0; ring < 64; ++ring) {
        const LidarPoint p = lidarPointAt(cloud, ring, 0);
        if (std::isnan(p.x) || std::abs(p.x - 3.0f) > 1e-4f) continue;
        ++on_wall;
        EXPECT_GE(p.z, -0.4f - 1e-6f);
        EXPECT_LE(p.z, 0.2f + 1e-6f);  // the wall top, 0.6 m above the ground, 0.2 m above the sensor
        EXPECT_GE(p.intensity, 90.0f);
    }
    // Elevations from atan(-0.4 / 3) = -7.6 deg to atan(0.2 / 3) = 3.8 deg: 11.4 deg at 45/63 deg a beam.
    EXPECT_EQ(on_wall, 16);
    // Behind the robot the beams still reach the ground.
    EXPECT_NEAR(lidarPointAt(cloud, 63, 1024).z, -0.4, 1e-6);
}

TEST(SpinningLidar, RangeNoiseFollowsTheSeed) {
    SpinningLidar a(Rng(3)), b(Rng(3)), c(Rng(4));
    const msgs::PointCloud2 first = a.scan(openField(), ChassisState{});
    EXPECT_TRUE(first == b.scan(openField(), ChassisState{}));
    EXPECT_FALSE(first == c.scan(openField(), ChassisState{}));
    const LidarPoint p = lidarPointAt(first, 63, 0);
    EXPECT_NE(p.z, -0.4f);
    EXPECT_NEAR(p.z, -0.4, 0.1 * 0.4);  // 2 cm of range noise at 1 m slant range
}

}  // namespace robometrics::sim
