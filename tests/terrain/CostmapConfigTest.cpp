#include "robometrics/terrain/CostmapConfig.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"

namespace robometrics::terrain {
namespace {

TEST(CostmapConfigTest, DefaultsAreTheSeedTable) {
    CostmapConfig c;
    EXPECT_DOUBLE_EQ(c.costmap_size, 3.0);
    EXPECT_DOUBLE_EQ(c.costmap_resolution, 0.1);
    EXPECT_EQ(c.cellsPerSide(), 30);
    EXPECT_EQ(c.robot_frame, "base_link");
    EXPECT_EQ(c.odom_frame, "odom");
    EXPECT_DOUBLE_EQ(c.weight_obstacle, 0.40);
    EXPECT_DOUBLE_EQ(c.weight_slope, 0.30);
    EXPECT_DOUBLE_EQ(c.weight_roughness, 0.15);
    EXPECT_DOUBLE_EQ(c.weight_unknown, 0.15);
    EXPECT_DOUBLE_EQ(c.slope_max_deg, 35.0);
    EXPECT_DOUBLE_EQ(c.roughness_max, 0.05);
    EXPECT_DOUBLE_EQ(c.obstacle_count_max, 5.0);
    EXPECT_DOUBLE_EQ(c.confidence_threshold, 0.1);
    EXPECT_DOUBLE_EQ(c.lethal_threshold, 0.8);
    EXPECT_TRUE(c.enable_terrain_accumulation);
    EXPECT_EQ(c.terrain_max_points, 200000);
    EXPECT_DOUBLE_EQ(c.terrain_radius, 10.0);
    EXPECT_DOUBLE_EQ(c.terrain_publish_rate, 1.0);
    EXPECT_EQ(c.gridmap_topic, "/groundgrid/grid_map");
    EXPECT_EQ(c.terrain_cloud_topic, "/terrain_costmap/terrain_cloud");
    EXPECT_TRUE(c.validate().ok());
}

TEST(CostmapConfigTest, ReadsAParamsFileUnderTerrainCostmapAndOverrides) {
    auto dir = test::scratchDir("costmap_config");
    const auto path = dir / "params.yaml";
    std::ofstream(path) << "terrain_costmap:\n  ros__parameters:\n    costmap_size: 5.0\n"
                           "    costmap_resolution: 0.2\n    weight_unknown: 0.05\n    rounding: truncate\n";
    auto params = Params::loadFile(path.string(), "terrain_costmap");
    ASSERT_TRUE(params.ok()) << params.message();
    ASSERT_TRUE(params->applyOverrides({"lethal_threshold:=0.9", "enable_terrain_accumulation:=false"}).ok());
    auto c = CostmapConfig::fromParams(*params);
    ASSERT_TRUE(c.ok()) << c.message();
    EXPECT_EQ(c->cellsPerSide(), 25);
    EXPECT_DOUBLE_EQ(c->weight_unknown, 0.05);
    EXPECT_DOUBLE_EQ(c->lethal_threshold, 0.9);
    EXPECT_FALSE(c->enable_terrain_accumulation);
    EXPECT_EQ(c->rounding, Rounding::Truncate);
    EXPECT_TRUE(params->unused().empty());
}

TEST(CostmapConfigTest, RejectsBadValuesNamingTheParameter) {
    Params p;
    p.set("costmap_resolution", "0");
    auto c = CostmapConfig::fromParams(p);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.message().find("costmap_resolution"), std::string::npos);
    Params q;
    q.set("weight_slope", "-0.1");
    EXPECT_FALSE(CostmapConfig::fromParams(q).ok());
    Params r;
    r.set("rounding", "ceil");
    EXPECT_FALSE(CostmapConfig::fromParams(r).ok());
    Params huge;
    huge.set("costmap_size", "10000");
    huge.set("costmap_resolution", "0.01");
    c = CostmapConfig::fromParams(huge);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.message().find("cells per side"), std::string::npos);
    Params text;
    text.set("slope_max_deg", "steep");
    EXPECT_FALSE(CostmapConfig::fromParams(text).ok());
}

}  // namespace
}  // namespace robometrics::terrain
