#include "robometrics/terrain/CostmapGenerator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "ReferenceCostmap.hpp"
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


// --- Bit-exactness of the fast path against the straightforward reference (ReferenceCostmap.hpp)

namespace exact {

// A deterministic pseudo-random stream (no std:: distribution: their output is not portable).
struct Lcg {
    std::uint64_t state;
    double uniform() {  // [0, 1)
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) * 0x1.0p-53;
    }
};

// A rows x cols map (rows != cols) whose cells exercise every branch of a cell's cost: NaN in
// every layer, negative and lethal obstacle counts, never-seen cells, low confidence, roughness
// below and above its maximum, and ground with slopes at every angle: random heights (gradients
// of every size, past the series bound and past saturation), ramps swept through 0..89 degrees
// that include 35 degrees +-1e-7 (the default saturation) and atan 0.5 (the series bound),
// flat patches and steps.
GridMap branchyMap(int rows, int cols, double res, std::uint64_t seed) {
    GridMap map(rows, cols, res, {0.3, -0.2});
    // All layers first: a reference from add() is valid only until the next add().
    for (const char *name : {"points", "ground", "variance", "groundpatch"}) map.add(name);
    auto &points = *map.layer("points");
    auto &ground = *map.layer("ground");
    auto &variance = *map.layer("variance");
    auto &patch = *map.layer("groundpatch");
    Lcg rng{seed};
    const double nan = std::nan("");
    for (int j = 0; j < cols; ++j) {
        for (int i = 0; i < rows; ++i) {
            const double u = rng.uniform();
            points(i, j) = static_cast<float>(u < 0.03 ? nan : u < 0.06 ? -1.0 : u < 0.15 ? 4.95 + 0.1 * u : u < 0.6 ? 0.0 : 6.0 * rng.uniform());
            const double v = rng.uniform();
            variance(i, j) = static_cast<float>(v < 0.03 ? nan : 0.08 * rng.uniform());
            const double c = rng.uniform();
            patch(i, j) = static_cast<float>(c < 0.03 ? nan : c < 0.1 ? 1e-4 : c < 0.2 ? 0.05 : c < 0.25 ? 0.1 : 1.0);
            if (c >= 0.03 && c < 0.1 && rng.uniform() < 0.8) {  // never seen: nothing observed
                points(i, j) = 0.f;
                variance(i, j) = 0.f;
            }
            const int band = j % 4;
            double z = 0;
            if (band == 0) {
                z = 2.0 * rng.uniform();  // random heights: any gradient
            } else if (band == 1) {
                // a ramp along x whose angle sweeps with j (and hits the thresholds exactly)
                static const double kAngles[] = {0.0, 5.0, 26.56505117707799, 34.9999999, 35.0, 35.0000001, 45.0, 60.0, 89.0};
                const double deg = kAngles[(j / 4) % 9] + (j / 36) * 0.37;
                z = -i * res * std::tan(deg * std::numbers::pi / 180.0);
            } else if (band == 2) {
                z = i < rows / 2 ? 0.0 : 0.4;  // flat with a step
            } else {
                z = 0.01 * i + 0.02 * j + 0.001 * rng.uniform();  // gentle, near-flat
            }
            ground(i, j) = static_cast<float>(rng.uniform() < 0.03 ? nan : z);
        }
    }
    return map;
}

// The generator and the reference, each with its own memory, over the same sequence of maps
// and poses; every cell compared.
void expectSameAsReference(const CostmapConfig &config, const std::vector<GridMap> &maps,
                           const std::vector<Pose2D> &poses, const TerrainGrid *terrain = nullptr) {
    CostmapGenerator gen(config);
    ObservationMemory memory(config);
    msgs::OccupancyGrid out;
    long compared = 0;
    for (const auto &map : maps) {
        for (const auto &pose : poses) {
            gen.generate(map, pose, out, terrain);
            memory.update(map);
            const std::vector<std::int8_t> expected = reference::costmap(config, map, memory, pose, terrain);
            ASSERT_EQ(out.data.size(), expected.size());
            for (std::size_t k = 0; k < expected.size(); ++k) {
                ASSERT_EQ(static_cast<int>(out.data[k]), static_cast<int>(expected[k]))
                    << "cell " << k << " (" << k % out.info.width << ", " << k / out.info.width << "), pose "
                    << pose.x << " " << pose.y << " " << pose.yaw;
            }
            compared += static_cast<long>(expected.size());
        }
    }
    EXPECT_GT(compared, 0);
}

std::vector<Pose2D> posesAtManyYaws() {
    return {{0, 0, 0},           {0.05, -0.05, 0},  {0.37, -0.21, 0.3}, {-0.5, 0.8, std::numbers::pi / 4},
            {1.1, 0.2, std::numbers::pi / 2}, {0.0, 0.0, -2.0}, {-1.3, -0.6, 3.0}, {2.0, 1.0, std::numbers::pi}};
}

}  // namespace exact

TEST(CostmapGeneratorTest, EveryCellEqualsTheReferenceAtEveryYawAndResolution) {
    const std::vector<GridMap> maps = {exact::branchyMap(60, 44, 0.1, 1), exact::branchyMap(60, 44, 0.1, 2)};
    for (double res : {0.1, 0.07, 0.25}) {
        CostmapConfig config;
        config.costmap_size = 7.0;  // wider than the 6 x 4.4 m map: its edges and cells outside
        config.costmap_resolution = res;
        exact::expectSameAsReference(config, maps, exact::posesAtManyYaws());
    }
}

TEST(CostmapGeneratorTest, EveryCellEqualsTheReferenceUnderOtherParameters) {
    const std::vector<GridMap> maps = {exact::branchyMap(50, 57, 0.1, 3)};
    const std::vector<Pose2D> poses = {{0.1, 0.2, 0.0}, {-0.3, 0.4, 1.0}};
    CostmapConfig config;
    config.costmap_size = 6.0;
    config.rounding = Rounding::Truncate;
    exact::expectSameAsReference(config, maps, poses);
    config.rounding = Rounding::Round;
    config.slope_max_deg = 89.5;  // never saturates
    exact::expectSameAsReference(config, maps, poses);
    config.slope_max_deg = 3.0;  // saturates almost everywhere
    exact::expectSameAsReference(config, maps, poses);
    config.slope_max_deg = 35.0;
    config.weight_slope = 3.0;  // steep steps of the value in the slope; totals clamped to 1
    config.lethal_threshold = 0.5;
    config.obstacle_lethal_cost = 0.5;
    exact::expectSameAsReference(config, maps, poses);
}

TEST(CostmapGeneratorTest, EveryCellEqualsTheReferenceWithMissingLayers) {
    CostmapConfig config;
    config.costmap_size = 5.0;
    const std::vector<Pose2D> poses = {{0.2, -0.1, 0.7}};
    for (const char *missing : {"points", "ground", "variance", "groundpatch"}) {
        const GridMap full = exact::branchyMap(40, 40, 0.1, 4);
        GridMap map(full.rows(), full.cols(), full.resolution(), full.center());
        for (const auto &name : full.layerNames()) {
            if (name != missing) map.add(name) = *full.layer(name);
        }
        exact::expectSameAsReference(config, {map}, poses);
    }
}

TEST(CostmapGeneratorTest, FillFromTerrainEqualsTheReference) {
    CostmapConfig config;
    config.costmap_size = 2.0;
    config.fill_from_terrain = true;
    const int n = config.cellsPerSide();
    TerrainGrid grid;
    grid.cells = n;
    exact::Lcg rng{5};
    for (int k = 0; k < n * n; ++k) {
        const int count = static_cast<int>(4 * rng.uniform());
        grid.count.push_back(count);
        grid.mean_z.push_back(count ? 0.3 * (k % n) * rng.uniform() : std::nan(""));
        grid.var_z.push_back(count ? 0.1 * rng.uniform() : std::nan(""));
    }
    // Half the costmap on the GridMap, half beyond it: only the -1 cells are filled.
    exact::expectSameAsReference(config, {exact::branchyMap(30, 30, 0.1, 6)}, {{1.5, 0.0, 0.4}, {0, 0, 0}}, &grid);
}

}  // namespace
}  // namespace robometrics::terrain
