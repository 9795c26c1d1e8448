#include "robometrics/traversal/TraversalConfig.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "TestSupport.hpp"

namespace robometrics::traversal {
namespace {

TEST(TraversalConfig, DefaultsAreTheSeeds) {
    TraversalConfig c;
    EXPECT_EQ(c.collision_threshold, 0.2);
    EXPECT_EQ(c.smoothness_threshold, 10.0);
    EXPECT_EQ(c.min_safe_clearance, 0.5);
    EXPECT_EQ(c.distance_threshold, 0.5);
    EXPECT_EQ(c.rough_terrain_threshold, 15.0);
    EXPECT_EQ(c.buffer_size, 100);
    EXPECT_FALSE(c.debug_mode);
    EXPECT_EQ(c.debug_interval, 100);
    EXPECT_TRUE(c.respect_range_limits);  // REP 117 by default, not the seed's finite-only rule
    EXPECT_EQ(c.jump_speed_threshold, 1.5);
    EXPECT_TRUE(c.validate().ok());
}

TEST(TraversalConfig, ReadsAParamsFileUnderMetricsNodeAndOverrides) {
    std::filesystem::path dir = robometrics::test::scratchDir("traversal_config");
    std::filesystem::path file = dir / "params.yaml";
    std::ofstream(file) << "metrics_node:\n  ros__parameters:\n    collision_threshold: 0.35\n"
                           "    buffer_size: 20\n    debug_mode: true\nother_node:\n  ros__parameters:\n"
                           "    buffer_size: 7\n";
    Result<Params> params = Params::loadFile(file.string(), TraversalConfig::kNodeName);
    ASSERT_TRUE(params.ok()) << params.message();
    ASSERT_TRUE(params
                    ->applyOverrides({"debug_interval:=5", "rough_terrain_threshold:=12.5",
                                      "respect_range_limits:=false", "jump_speed_threshold:=3.0"})
                    .ok());
    Result<TraversalConfig> c = TraversalConfig::fromParams(*params);
    ASSERT_TRUE(c.ok()) << c.message();
    EXPECT_EQ(c->collision_threshold, 0.35);
    EXPECT_EQ(c->buffer_size, 20);
    EXPECT_TRUE(c->debug_mode);
    EXPECT_EQ(c->debug_interval, 5);
    EXPECT_EQ(c->rough_terrain_threshold, 12.5);
    EXPECT_EQ(c->min_safe_clearance, 0.5);
    EXPECT_FALSE(c->respect_range_limits);
    EXPECT_EQ(c->jump_speed_threshold, 3.0);
    EXPECT_TRUE(params->unused().empty());
}

TEST(TraversalConfig, RejectsBadValuesNamingTheParameter) {
    Params p;
    p.set("buffer_size", "0");
    Result<TraversalConfig> c = TraversalConfig::fromParams(p);
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.message(), "parameter 'buffer_size': expected 1 to 10000000, got 0");

    Params q;
    q.set("collision_threshold", "close");
    ASSERT_FALSE(TraversalConfig::fromParams(q).ok());
    EXPECT_NE(TraversalConfig::fromParams(q).message().find("collision_threshold"), std::string::npos);

    Params r;
    r.set("debug_interval", "0");
    EXPECT_FALSE(TraversalConfig::fromParams(r).ok());
    Params s;
    s.set("distance_threshold", "nan");
    EXPECT_FALSE(TraversalConfig::fromParams(s).ok());
    Params jump;
    jump.set("jump_speed_threshold", "0");
    ASSERT_FALSE(TraversalConfig::fromParams(jump).ok());
    EXPECT_EQ(TraversalConfig::fromParams(jump).message(),
              "parameter 'jump_speed_threshold': expected a speed above 0 m/s, got 0");
    Params limits;
    limits.set("respect_range_limits", "maybe");
    EXPECT_FALSE(TraversalConfig::fromParams(limits).ok());
}

}  // namespace
}  // namespace robometrics::traversal
