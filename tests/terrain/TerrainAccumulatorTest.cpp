#include <gtest/gtest.h>

#include <cmath>

#include "ReferenceCostmap.hpp"
#include "robometrics/terrain/CloudReader.hpp"
#include "robometrics/terrain/TerrainAccumulator.hpp"

namespace robometrics::terrain {
namespace {

TEST(TerrainAccumulatorTest, KeepsGroundPointsInTheOdomFrame) {
    CostmapConfig config;
    TerrainAccumulator acc(config);
    // Ground (49), obstacle (99), ground within 0.5 of 49, raw-intensity 53 (the original's +-5
    // band would have taken it), a NaN point.
    std::vector<Eigen::Vector4f> pts{{1, 0, 0, 49}, {2, 0, 0, 99}, {3, 0, 0.5f, 49.3f}, {4, 0, 0, 53}, {NAN, 0, 0, 49}};
    Eigen::Isometry3d odom_T_sensor = Eigen::Isometry3d::Identity();
    odom_T_sensor.translation() = Eigen::Vector3d(10, 20, 1);
    odom_T_sensor.linear() = Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    auto added = acc.addCloud(makeCloud(pts, {}), odom_T_sensor, {10, 20});
    ASSERT_TRUE(added.ok()) << added.message();
    EXPECT_EQ(*added, 2u);
    ASSERT_EQ(acc.size(), 2u);
    EXPECT_NEAR(acc.points()[0].x(), 10.0, 1e-5);  // (1, 0, 0) rotated 90 deg -> (0, 1, 0)
    EXPECT_NEAR(acc.points()[0].y(), 21.0, 1e-5);
    EXPECT_NEAR(acc.points()[1].y(), 23.0, 1e-5);
    EXPECT_NEAR(acc.points()[1].z(), 1.5, 1e-5);
}

TEST(TerrainAccumulatorTest, SlidingWindowByRadiusAroundTheRobotAndByCount) {
    CostmapConfig config;
    config.terrain_radius = 5.0;
    config.terrain_max_points = 3;
    TerrainAccumulator acc(config);
    std::vector<Eigen::Vector4f> pts{{0, 0, 0, 49}, {4, 3, 0, 49}, {4, 3.1f, 0, 49}, {1, 0, 0, 49}, {2, 0, 0, 49}};
    ASSERT_TRUE(acc.addCloud(makeCloud(pts, {}), Eigen::Isometry3d::Identity(), {0, 0}).ok());
    // (4, 3.1) is 5.0 + m away: dropped; then 4 remain, the oldest (0, 0) goes for the cap of 3.
    ASSERT_EQ(acc.size(), 3u);
    EXPECT_FLOAT_EQ(acc.points()[0].x(), 4.f);
    EXPECT_FLOAT_EQ(acc.points()[2].x(), 2.f);
    acc.prune({10, 0});  // the robot drove away: none is within 5 m of (10, 0)
    EXPECT_EQ(acc.size(), 0u);
}

TEST(TerrainAccumulatorTest, PublishesTheCloudWithGroundIntensity) {
    CostmapConfig config;
    TerrainAccumulator acc(config);
    ASSERT_TRUE(acc.addCloud(makeCloud({{1, 2, 3, 49}}, {}), Eigen::Isometry3d::Identity(), {0, 0}).ok());
    msgs::Header h;
    h.frame_id = "odom";
    msgs::PointCloud2 cloud = acc.toCloud(h);
    EXPECT_EQ(cloud.width, 1u);
    EXPECT_EQ(cloud.header.frame_id, "odom");
    std::vector<float> read;
    ASSERT_TRUE(forEachPoint(cloud, [&](const Eigen::Vector3f &p, float i) { read = {p.x(), p.y(), p.z(), i}; }).ok());
    EXPECT_EQ(read, (std::vector<float>{1, 2, 3, 49}));
}

TEST(TerrainAccumulatorTest, NoReturnPointsOfAnOrganizedCloudNeverReachACell) {
    // An organized cloud (2 rows of 3) marks "no return" with NaN; +-inf and a NaN intensity are
    // no points either. Two real ground points share cell (15, 15) of the 30 x 30 costmap.
    const float nan = NAN;
    msgs::PointCloud2 cloud = makeCloud({{0.05f, 0.05f, 0.2f, 49},
                                         {nan, nan, nan, 49},
                                         {INFINITY, 0.05f, 0.3f, 49},
                                         {nan, nan, nan, nan},
                                         {0.05f, 0.05f, 5.0f, nan},
                                         {0.05f, 0.05f, 0.4f, 49}},
                                        {});
    cloud.height = 2;
    cloud.width = 3;
    cloud.row_step = 3 * cloud.point_step;
    cloud.is_dense = false;
    CostmapConfig config;
    TerrainAccumulator acc(config);
    auto added = acc.addCloud(cloud, Eigen::Isometry3d::Identity(), {0, 0});
    ASSERT_TRUE(added.ok()) << added.message();
    EXPECT_EQ(*added, 2u);
    TerrainGrid grid;
    acc.bin(Pose2D{0, 0, 0}, grid);
    ASSERT_EQ(grid.cells, 30);
    const std::size_t k = 15 * 30 + 15;
    EXPECT_EQ(grid.count[k], 2);
    EXPECT_NEAR(grid.mean_z[k], 0.3, 1e-6);
    EXPECT_NEAR(grid.var_z[k], 0.01, 1e-6);
    int occupied = 0;
    for (std::size_t i = 0; i < grid.count.size(); ++i) {
        if (grid.count[i] > 0) ++occupied;
        if (i != k) {
            EXPECT_TRUE(std::isnan(grid.mean_z[i]));
        }
    }
    EXPECT_EQ(occupied, 1);
}

TEST(TerrainAccumulatorTest, PrunesExactlyAsTheReferenceDoes) {
    CostmapConfig config;
    config.terrain_radius = 4.0;
    config.terrain_max_points = 700;
    TerrainAccumulator accumulator(config);
    std::deque<Eigen::Vector3f> expected;
    std::vector<Eigen::Vector4f> xyzi;
    for (int step = 0; step < 40; ++step) {
        xyzi.clear();
        for (int k = 0; k < 60; ++k) {
            // A ring around the moving robot, some points on the radius, one non-finite.
            const float a = 0.1f * static_cast<float>(k + step);
            const float r = k == 7 ? 4.0f : 0.15f * static_cast<float>(k % 35);
            xyzi.emplace_back(0.2f * step + r * std::cos(a), r * std::sin(a), 0.01f * k, k == 9 ? NAN : 49.f);
        }
        const Eigen::Vector2d robot(0.2 * step, 0.0);
        ASSERT_TRUE(accumulator.addCloud(makeCloud(xyzi, {}), Eigen::Isometry3d::Identity(), robot).ok());
        for (const auto &p : xyzi) {
            if (p.w() == 49.f && p.head<3>().allFinite()) expected.push_back(p.head<3>());
        }
        reference::prune(expected, robot, config);
        ASSERT_EQ(accumulator.points(), expected) << "step " << step;
    }
}

}  // namespace
}  // namespace robometrics::terrain
