#include "robometrics/terrain/CostmapGenerator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "robometrics/terrain/CloudReader.hpp"

namespace robometrics::terrain {
namespace {

// A square map of `cells` x `cells` at `res` around `center`, fully observed: flat ground at 0,
// no obstacle points, variance 0, groundpatch confidence 1.
GridMap flatMap(int cells, double res, Eigen::Vector2d center = {0, 0}) {
    GridMap map(cells, cells, res, center);
    map.stamp = 42;
    map.frame_id = "odom";
    map.add("points", 0.f);
    map.add("ground", 0.f);
    map.add("variance", 0.f);
    map.add("groundpatch", 1.f);
    return map;
}

void setAt(GridMap &map, const char *layer, Eigen::Vector2d p, float v) {
    int i = 0;
    int j = 0;
    ASSERT_TRUE(map.index(p, i, j));
    (*map.layer(layer))(i, j) = v;
}

std::int8_t cell(const msgs::OccupancyGrid &g, int cx, int cy) {
    return g.data[static_cast<std::size_t>(cy) * g.info.width + cx];
}

long countOf(const msgs::OccupancyGrid &g, int v) { return std::count(g.data.begin(), g.data.end(), v); }

TEST(CostmapGeneratorTest, HandComputedCellFromAllFourFactors) {
    GridMap map = flatMap(40, 0.1);
    auto &ground = *map.layer("ground");
    for (int i = 0; i < 40; ++i) {
        for (int j = 0; j < 40; ++j) ground(i, j) = static_cast<float>(0.1 * map.position(i, j).x());
    }
    map.layer("points")->setConstant(2.f);
    map.layer("variance")->setConstant(0.01f);
    CostmapGenerator gen{CostmapConfig{}};
    msgs::OccupancyGrid out;
    gen.generate(map, {0, 0, 0}, out);
    // obstacle 2/5 = 0.4, slope atan(0.1)/35deg = 0.16316, roughness 0.01/0.05 = 0.2, unknown 0:
    // 0.4*0.4 + 0.3*0.16316 + 0.15*0.2 = 0.23895; *99 = 23.66 -> 24.
    ASSERT_EQ(out.data.size(), 900u);
    EXPECT_EQ(countOf(out, 24), 900);
    EXPECT_EQ(out.info.width, 30u);
    EXPECT_FLOAT_EQ(out.info.resolution, 0.1f);
    EXPECT_DOUBLE_EQ(out.info.origin.position.x, -1.5);
    EXPECT_DOUBLE_EQ(out.info.origin.position.y, -1.5);
    EXPECT_EQ(out.header.frame_id, "base_link");
    EXPECT_EQ(out.header.stamp.toNs(), 42);

    CostmapConfig trunc;
    trunc.rounding = Rounding::Truncate;
    CostmapGenerator gen_trunc(trunc);
    gen_trunc.generate(map, {0, 0, 0}, out);
    EXPECT_EQ(countOf(out, 23), 900);
}

TEST(CostmapGeneratorTest, SlopeIsComputedUpToTheMapBorder) {
    // The costmap covers the whole 4 m map cell for cell; ground z = 0.5 x.
    GridMap map = flatMap(40, 0.1);
    auto &ground = *map.layer("ground");
    for (int i = 0; i < 40; ++i) {
        for (int j = 0; j < 40; ++j) ground(i, j) = static_cast<float>(0.5 * map.position(i, j).x());
    }
    CostmapConfig config;
    config.costmap_size = 4.0;
    CostmapGenerator gen(config);
    msgs::OccupancyGrid out;
    gen.generate(map, {0, 0, 0}, out);
    // atan(0.5) = 26.565 deg; /35 = 0.75900; *0.3*99 = 22.54 -> 23 everywhere, corners included
    // (the original forced 0 on the submap's border ring).
    EXPECT_EQ(countOf(out, 23), 1600);
    EXPECT_EQ(cell(out, 0, 0), 23);
    EXPECT_EQ(cell(out, 39, 39), 23);
}

TEST(CostmapGeneratorTest, RotatesWithTheRobot) {
    GridMap map = flatMap(60, 0.1);
    setAt(map, "points", {1.05, 0.05}, 5.f);  // an obstacle 1 m ahead along odom +x
    CostmapGenerator gen{CostmapConfig{}};
    msgs::OccupancyGrid out;
    gen.generate(map, {0, 0, std::numbers::pi / 2}, out);
    // Facing +y, the obstacle is 1.05 m to the right: robot frame (0.05, -1.05) -> cell (15, 4).
    EXPECT_EQ(cell(out, 15, 4), 100);
    EXPECT_EQ(countOf(out, 100), 1);
    EXPECT_EQ(countOf(out, 0), 899);
    gen.generate(map, {0, 0, 0}, out);
    EXPECT_EQ(cell(out, 25, 15), 100);  // facing +x: straight ahead (1.05, 0.05)
}

TEST(CostmapGeneratorTest, RotatedCostmapKeepsItsCorners) {
    GridMap map = flatMap(60, 0.1);
    CostmapGenerator gen{CostmapConfig{}};
    msgs::OccupancyGrid out;
    for (double yaw : {0.3, std::numbers::pi / 4, -2.0}) {
        gen.generate(map, {0.37, -0.21, yaw}, out);
        EXPECT_EQ(countOf(out, -1), 0) << "yaw " << yaw;  // the original lost the corners (-1)
        EXPECT_EQ(countOf(out, 0), 900) << "yaw " << yaw;
    }
}

TEST(CostmapGeneratorTest, NaNLayerValuesCountAsUnknown) {
    GridMap map = flatMap(60, 0.1);
    setAt(map, "variance", {0.55, 0.55}, std::nanf(""));
    setAt(map, "ground", {-0.55, -0.55}, std::nanf(""));
    CostmapGenerator gen{CostmapConfig{}};
    msgs::OccupancyGrid out;
    gen.generate(map, {0, 0, 0}, out);
    // Unknown factor only: 0.15 * 99 = 14.85 -> 15.
    EXPECT_EQ(cell(out, 20, 20), 15);
    EXPECT_EQ(cell(out, 9, 9), 15);
    // The NaN ground cell's neighbours fall back to one-sided differences: still flat.
    EXPECT_EQ(cell(out, 10, 9), 0);
    EXPECT_EQ(cell(out, 9, 8), 0);
    EXPECT_EQ(countOf(out, 15), 2);
}

TEST(CostmapGeneratorTest, NeverSeenCellsAreUnknownAndLowConfidenceIsCosted) {
    GridMap map = flatMap(60, 0.1);
    auto &patch = *map.layer("groundpatch");
    for (int i = 0; i < 60; ++i) {
        for (int j = 0; j < 60; ++j) {
            const Eigen::Vector2d p = map.position(i, j);
            if (p.x() < 0) patch(i, j) = 1e-4f;          // GroundGrid's never-observed value
            else if (p.y() < 0) patch(i, j) = 0.05f;     // observed, low confidence
        }
    }
    CostmapGenerator gen{CostmapConfig{}};
    msgs::OccupancyGrid out;
    gen.generate(map, {0, 0, 0}, out);
    EXPECT_EQ(cell(out, 3, 20), -1);
    EXPECT_EQ(cell(out, 20, 3), 15);  // confidence 0.05 < 0.1: unknown factor
    EXPECT_EQ(cell(out, 20, 20), 0);
    EXPECT_EQ(countOf(out, -1), 450);
    EXPECT_EQ(countOf(out, 15), 225);
}

TEST(CostmapGeneratorTest, CellsOutsideTheGridMapAreUnknownAndAnySizeWorks) {
    GridMap map = flatMap(20, 0.1);  // 2 m
    CostmapConfig config;
    config.costmap_size = 2.5;
    CostmapGenerator gen(config);
    msgs::OccupancyGrid out;
    gen.generate(map, {0.55, 0.05, 0}, out);
    ASSERT_EQ(out.info.width, 25u);
    EXPECT_DOUBLE_EQ(out.info.origin.position.x, -1.25);
    // Cell centres in odom: x = -1.2 + 0.1 cx + 0.55, y = -1.2 + 0.1 cy + 0.05; the map covers
    // [-1, 1]^2, so columns 0..16 and rows 2..21 are inside, everything else is -1.
    EXPECT_EQ(cell(out, 16, 12), 0);
    EXPECT_EQ(cell(out, 17, 12), -1);
    EXPECT_EQ(cell(out, 12, 2), 0);
    EXPECT_EQ(cell(out, 12, 1), -1);
    EXPECT_EQ(cell(out, 12, 21), 0);
    EXPECT_EQ(cell(out, 12, 22), -1);
    EXPECT_EQ(countOf(out, 0), 17 * 20);
}

TEST(CostmapGeneratorTest, FillsUncoveredCellsFromAccumulatedTerrain) {
    CostmapConfig config;
    config.costmap_size = 0.3;
    config.fill_from_terrain = true;
    const Pose2D robot{5, 5, std::numbers::pi / 2};
    // Robot-frame cell (cx, cy) centre (-0.1 + 0.1 cx, -0.1 + 0.1 cy); mean height 0.01 cx and two
    // points 0.02 above and below: gradient 0.1 along robot x, variance 0.0004.
    msgs::PointCloud2 cloud;
    std::vector<Eigen::Vector4f> xyzi;
    for (int cx = 0; cx < 3; ++cx) {
        for (int cy = 0; cy < 3; ++cy) {
            const double rx = -0.1 + 0.1 * cx;
            const double ry = -0.1 + 0.1 * cy;
            for (double dz : {-0.02, 0.02}) {
                // robot -> odom: rotate by +90 deg, then translate by (5, 5).
                xyzi.emplace_back(static_cast<float>(5 - ry), static_cast<float>(5 + rx),
                                  static_cast<float>(0.01 * cx + dz), 49.f);
            }
        }
    }
    TerrainAccumulator acc(config);
    auto added = acc.addCloud(makeCloud(xyzi, {}), Eigen::Isometry3d::Identity(), {5, 5});
    ASSERT_TRUE(added.ok()) << added.message();
    EXPECT_EQ(*added, 18u);
    TerrainGrid grid;
    acc.bin(robot, grid);
    ASSERT_EQ(grid.count[4], 2);
    EXPECT_NEAR(grid.var_z[4], 0.0004, 1e-9);

    GridMap far_map = flatMap(10, 0.1, {100, 100});
    CostmapGenerator gen(config);
    msgs::OccupancyGrid out;
    gen.generate(far_map, robot, out, &grid);
    // 0.3 * atan(0.1)/35deg + 0.15 * 0.0004/0.05 = 0.048948 + 0.0012 = 0.050148; *99 = 4.96 -> 5.
    EXPECT_EQ(countOf(out, 5), 9);
    gen.generate(far_map, robot, out);
    EXPECT_EQ(countOf(out, -1), 9);  // without the terrain: unknown
}

TEST(CostmapGeneratorTest, InflatesLethalCellsWithNav2Decay) {
    CostmapConfig config;
    config.costmap_size = 0.5;
    config.inflation_radius = 0.15;
    config.cost_scaling_factor = 3.0;
    CostmapGenerator gen(config);
    msgs::OccupancyGrid g;
    g.info.width = g.info.height = 5;
    g.data.assign(25, 0);
    g.data[12] = 100;  // centre (2, 2)
    g.data[0] = -1;
    gen.inflate(g);
    EXPECT_EQ(cell(g, 2, 2), 100);
    // d = 0.1: 98 exp(-0.3) = 72.6 -> 73; d = 0.1414: 98 exp(-0.4243) = 64.1 -> 64; d = 0.2 > 0.15.
    EXPECT_EQ(cell(g, 1, 2), 73);
    EXPECT_EQ(cell(g, 2, 3), 73);
    EXPECT_EQ(cell(g, 1, 1), 64);
    EXPECT_EQ(cell(g, 3, 3), 64);
    EXPECT_EQ(cell(g, 0, 2), 0);
    EXPECT_EQ(cell(g, 0, 0), -1);  // unknown stays unknown
    config.inscribed_radius = 0.12;
    CostmapGenerator inscribed(config);
    g.data.assign(25, 0);
    g.data[12] = 100;
    inscribed.inflate(g);
    EXPECT_EQ(cell(g, 1, 2), 99);  // within the inscribed radius
    EXPECT_EQ(cell(g, 1, 1), 92);  // 98 exp(-3 (0.1414 - 0.12)) = 91.9
}

}  // namespace
}  // namespace robometrics::terrain
