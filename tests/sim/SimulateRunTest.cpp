#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/sim/SimulateRun.hpp"

namespace robometrics::sim {

namespace fs = std::filesystem;

TEST(SimulateRun, WritesTheRunAndReportsItsProgress) {
    const fs::path dir = test::scratchDir("simulate-run");
    SimulateOptions o;
    o.scenario = "stuck";
    o.duration_s = 2;
    o.seed = 4;
    o.out_dir = (dir / "out").string();
    o.compression = "lz4";
    std::vector<double> fractions;
    o.progress = [&](double fraction) { fractions.push_back(fraction); };
    auto result = simulateRun(o);
    ASSERT_TRUE(result.ok()) << result.message();
    EXPECT_EQ(result->report["scenario"], "stuck");
    EXPECT_EQ(result->report["seed"], 4);
    EXPECT_DOUBLE_EQ(result->report["duration_s"].get<double>(), 2.0);
    EXPECT_TRUE(fs::exists(dir / "out" / "run.mcap"));
    // Every 1/100 of the ticks: 0, 0.01, ... 0.99 (the recorder reports before each step's end).
    ASSERT_EQ(fractions.size(), 100u);
    EXPECT_DOUBLE_EQ(fractions.front(), 0.0);
    EXPECT_NEAR(fractions.back(), 0.99, 1e-9);
}

TEST(SimulateRun, ErrorsNameTheMapOrTheBadValue) {
    const fs::path dir = test::scratchDir("simulate-errors");
    // A map with no free cell: no route can be drawn on it.
    msgs::OccupancyGrid walls;
    walls.info.resolution = 0.1f;
    walls.info.width = 20;
    walls.info.height = 20;
    walls.data.assign(400, 100);
    ASSERT_TRUE(io::writeMapServerMap(walls, (dir / "walls").string()).ok());
    SimulateOptions o;
    o.map = (dir / "walls.yaml").string();
    o.out_dir = (dir / "out").string();
    auto on_walls = simulateRun(o);
    ASSERT_FALSE(on_walls.ok());
    EXPECT_EQ(on_walls.message(), o.map + ": map: no free area of at least 0.45 m radius for the rover");

    o.map.clear();
    o.compression = "gzip";
    auto compression = simulateRun(o);
    ASSERT_FALSE(compression.ok());
    EXPECT_EQ(compression.message(), "unknown compression \"gzip\" (expected zstd, lz4 or none)");
    EXPECT_FALSE(fs::exists(dir / "out"));
}

}  // namespace robometrics::sim
