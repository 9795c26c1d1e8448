#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

// One simulated outdoor run shared by the tests of this file (simulated once per process).
const fs::path &terrainRun() {
    static const fs::path dir = [] {
        fs::path d = test::scratchDir("costmap-terrain-run");
        auto r = test::runRobometrics({"simulate", "--scenario", "terrain", "--duration", "12", "--seed", "5", "-o",
                                       d.string()});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return d;
    }();
    return dir;
}

std::uint64_t topicMessages(const fs::path &run, const std::string &topic) {
    std::ifstream in(run / "scenario.json");
    std::stringstream ss;
    ss << in.rdbuf();
    const auto report = nlohmann::json::parse(ss.str());
    for (const auto &t : report["topics"])
        if (t["name"] == topic) return t["messages"].get<std::uint64_t>();
    return 0;
}

TEST(CostmapCommand, UsageAndInputErrors) {
    EXPECT_EQ(test::runRobometrics({"costmap"}).exit_code, 2);
    auto missing = test::runRobometrics({"costmap", "no-such-bag.mcap"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("no-such-bag.mcap"), std::string::npos) << missing.err;
    auto bad = test::runRobometrics({"costmap", "no-such-bag.mcap", "-p", "costmap_resolution:=0"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("costmap_resolution"), std::string::npos) << bad.err;
    auto badfile = test::runRobometrics({"costmap", "x.mcap", "--params", "no-such-params.yaml"});
    EXPECT_EQ(badfile.exit_code, 1);
    EXPECT_NE(badfile.err.find("no-such-params.yaml"), std::string::npos) << badfile.err;
}

TEST(CostmapCommand, SimulatedTerrainRunEndToEnd) {
    const fs::path run = terrainRun();
    const fs::path out = test::scratchDir("costmap-out");
    auto r = test::runRobometrics({"costmap", (run / "run.mcap").string(), "-o", (out / "costmap.mcap").string(),
                                   "--png", (out / "png").string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const std::uint64_t maps = topicMessages(run, "/groundgrid/grid_map");
    ASSERT_GT(maps, 0u);
    EXPECT_EQ(j["frames"].get<std::uint64_t>() + j["dropped_frames"].get<std::uint64_t>(), maps);
    EXPECT_EQ(j["dropped_frames"], 0);
    EXPECT_EQ(j["cells_per_side"], 30);
    const auto &cells = j["cells"];
    EXPECT_EQ(cells["lethal"].get<std::uint64_t>() + cells["unknown"].get<std::uint64_t>() +
                  cells["free"].get<std::uint64_t>() + cells["costed"].get<std::uint64_t>(),
              900 * j["frames"].get<std::uint64_t>());
    // The rover sees the ground around itself: most of the 3 m costmap is known.
    EXPECT_LT(j["share"]["unknown"].get<double>(), 0.5);
    EXPECT_EQ(j["png_files"].get<std::uint64_t>(), (j["frames"].get<std::uint64_t>() + 9) / 10);
    EXPECT_TRUE(fs::exists(out / "png" / "costmap_000000.png"));
    EXPECT_GT(j["terrain"]["clouds"].get<std::uint64_t>(), 0u);

    auto echo = test::runRobometrics({"echo", (out / "costmap.mcap").string(), "--topic", "/terrain_costmap",
                                      "--limit", "1", "--json"});
    ASSERT_EQ(echo.exit_code, 0) << echo.err;
    const auto msg = nlohmann::json::parse(echo.out)["message"];
    EXPECT_EQ(msg["header"]["frame_id"], "base_link");
    EXPECT_EQ(msg["info"]["width"], 30);
    EXPECT_NEAR(msg["info"]["origin"]["position"]["x"].get<double>(), -1.5, 1e-12);
    EXPECT_EQ(msg["data"].size(), 900u);
    auto cloud = test::runRobometrics({"echo", (out / "costmap.mcap").string(), "--topic",
                                       "/terrain_costmap/terrain_cloud", "--limit", "1", "--json"});
    ASSERT_EQ(cloud.exit_code, 0) << cloud.err;
    EXPECT_EQ(nlohmann::json::parse(cloud.out)["message"]["header"]["frame_id"], "odom");
}

TEST(CostmapCommand, SizeResolutionAndFillFromTerrain) {
    const fs::path run = terrainRun();
    auto plain = test::runRobometrics({"costmap", (run / "run.mcap").string(), "--size", "5", "--resolution", "0.2",
                                       "--json"});
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    const auto a = nlohmann::json::parse(plain.out);
    EXPECT_EQ(a["cells_per_side"], 25);
    auto filled = test::runRobometrics({"costmap", (run / "run.mcap").string(), "--size", "5", "--resolution", "0.2",
                                        "--fill-from-terrain", "--json"});
    ASSERT_EQ(filled.exit_code, 0) << filled.err;
    const auto b = nlohmann::json::parse(filled.out);
    // Filling only turns -1 cells into costs, never the other way round.
    EXPECT_LE(b["cells"]["unknown"].get<std::uint64_t>(), a["cells"]["unknown"].get<std::uint64_t>());
    EXPECT_EQ(b["frames"], a["frames"]);
    auto human = test::runRobometrics({"costmap", (run / "run.mcap").string()});
    ASSERT_EQ(human.exit_code, 0) << human.err;
    EXPECT_NE(human.out.find("time per frame"), std::string::npos) << human.out;
    EXPECT_NE(human.out.find("lethal"), std::string::npos);
}

}  // namespace
}  // namespace robometrics
