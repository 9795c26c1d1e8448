#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/Lidar.hpp"

namespace robometrics::sim {

TEST(Lidar, RangesInABoxRoomMatchTheWalls) {
    // 4 m x 4 m room with 0.1 m walls: the inner faces are at x, y = 0.1 and 3.9.
    OccupancyMap room(40, 40, 0.1, 0.0, 0.0);
    room.fillBox(0.0, 0.0, 4.0, 0.1, OccupancyMap::Occupied);
    room.fillBox(0.0, 3.9, 4.0, 4.0, OccupancyMap::Occupied);
    room.fillBox(0.0, 0.0, 0.1, 4.0, OccupancyMap::Occupied);
    room.fillBox(3.9, 0.0, 4.0, 4.0, OccupancyMap::Occupied);
    Lidar lidar(Rng(3), LidarConfig{});
    const msgs::LaserScan scan = lidar.scan(room, Pose2{1.0, 2.0, kPi / 2});
    ASSERT_EQ(scan.ranges.size(), 360u);
    EXPECT_FLOAT_EQ(scan.angle_min, static_cast<float>(-kPi));
    EXPECT_FLOAT_EQ(scan.angle_increment, static_cast<float>(2 * kPi / 360));
    EXPECT_FLOAT_EQ(scan.range_max, 12.0f);
    EXPECT_EQ(scan.header.frame_id, "laser");
    // Beam i looks at yaw - pi + i degrees. Facing +y: beam 180 ahead (+y), 90 right (+x),
    // 270 left (-x), 0 behind (-y).
    EXPECT_NEAR(scan.ranges[180], 1.9, 0.05);
    EXPECT_NEAR(scan.ranges[90], 2.9, 0.05);
    EXPECT_NEAR(scan.ranges[270], 0.9, 0.05);
    EXPECT_NEAR(scan.ranges[0], 1.9, 0.05);
}

TEST(Lidar, NoReturnIsInfinityAndNoiseHasTheConfiguredSpread) {
    OccupancyMap open(100, 100, 0.1, -5.0, -5.0);
    open.fillBox(2.0, -5.0, 2.1, 5.0, OccupancyMap::Occupied);  // one wall 2 m ahead
    Lidar lidar(Rng(4), LidarConfig{360, 0.05, 4.0, 0.01});
    double sum = 0, sum2 = 0;
    const int n = 200;
    for (int k = 0; k < n; ++k) {
        const msgs::LaserScan scan = lidar.scan(open, Pose2{0, 0, 0});
        EXPECT_TRUE(std::isinf(scan.ranges[0]));  // behind: the grid ends within max range
        sum += scan.ranges[180];
        sum2 += (scan.ranges[180] - 2.0) * (scan.ranges[180] - 2.0);
    }
    EXPECT_NEAR(sum / n, 2.0, 0.003);
    EXPECT_NEAR(std::sqrt(sum2 / n), 0.01, 0.002);
}

TEST(Lidar, Lds01WritesZeroForNoReturnAndStartsAtZeroDegrees) {
    // The LDS-01's configuration: 0 .. 359 degrees, 0.12 .. 3.5 m, 0.0 for no return.
    OccupancyMap open(100, 100, 0.1, -5.0, -5.0);
    open.fillBox(2.0, -5.0, 2.1, 5.0, OccupancyMap::Occupied);  // a wall 2 m ahead, nothing else
    LidarConfig lds;
    lds.range_min = 0.12;
    lds.range_max = 3.5;
    lds.angle_min = 0.0;
    lds.frame_id = "base_scan";
    lds.no_return = 0.0f;
    Lidar lidar(Rng(5), lds);
    const msgs::LaserScan scan = lidar.scan(open, Pose2{0, 0, 0});
    EXPECT_EQ(scan.header.frame_id, "base_scan");
    EXPECT_FLOAT_EQ(scan.angle_min, 0.0f);
    EXPECT_FLOAT_EQ(scan.angle_max, static_cast<float>(2 * kPi * 359 / 360));
    EXPECT_FLOAT_EQ(scan.range_min, 0.12f);
    EXPECT_FLOAT_EQ(scan.range_max, 3.5f);
    // Beam i looks at yaw + i degrees: beam 0 straight at the wall, beam 180 behind into the
    // open (the grid ends 5 m away, beyond 3.5 m), beam 60 at the wall 2 / cos(60 deg) = 4 m away.
    EXPECT_NEAR(scan.ranges[0], 2.0, 0.05);
    EXPECT_EQ(scan.ranges[180], 0.0f);
    EXPECT_EQ(scan.ranges[60], 0.0f);
    EXPECT_NEAR(scan.ranges[30], 2.0 / std::cos(kPi / 6), 0.05);  // 2.31 m: within range
    for (float r : scan.ranges) EXPECT_FALSE(std::isinf(r));
}

}  // namespace robometrics::sim
