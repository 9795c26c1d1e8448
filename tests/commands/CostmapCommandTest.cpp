#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "OutputRule.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/terrain/CostmapGenerator.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

// One simulated outdoor run shared by the tests of this file (simulated once per process).
const fs::path &terrainRun() {
    static const fs::path dir = [] {
        fs::path d = test::scratchDir("costmap-terrain-run");
        auto r = test::runRobometrics(
            {"simulate", "--scenario", "terrain", "--duration", "12", "--seed", "5", "-o", d.string()});
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
    // 30 x 30 cells enlarged 20 times for people (each cell a crisp 20 x 20 block); the MCAP keeps the cells.
    std::uint32_t png_w = 0, png_h = 0;
    ASSERT_TRUE(test::pngSize(out / "png" / "costmap_000000.png", png_w, png_h));
    EXPECT_EQ(png_w, 600u);
    EXPECT_EQ(png_h, 600u);
    EXPECT_GT(j["terrain"]["clouds"].get<std::uint64_t>(), 0u);

    auto echo = test::runRobometrics(
        {"echo", (out / "costmap.mcap").string(), "--topic", "/terrain_costmap", "--limit", "1", "--json"});
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
    auto plain =
        test::runRobometrics({"costmap", (run / "run.mcap").string(), "--size", "5", "--resolution", "0.2", "--json"});
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

// An 8 x 8 m map in odom with lethal stripes 0.3 m wide every 0.6 m along x, so that a few
// centimetres or hundredths of a radian of pose error move whole columns of cells.
terrain::GridMap stripedMap(TimeNs stamp) {
    terrain::GridMap map(80, 80, 0.1, {0, 0});
    map.stamp = stamp;
    map.frame_id = "odom";
    map.add("ground", 0.f);
    map.add("variance", 0.f);
    map.add("groundpatch", 1.f);
    // Added last: a reference into the layer list stays valid only until the next add().
    auto &points = map.add("points", 0.f);
    for (int i = 0; i < 80; ++i) {
        for (int j = 0; j < 80; ++j) {
            if (static_cast<int>(std::floor(map.position(i, j).x() / 0.3)) % 2 == 0) points(i, j) = 5.f;
        }
    }
    return map;
}

// The robot drives at 0.5 m/s along x turning at 0.4 rad/s; odom -> base_link is stamped every
// 50 ms of this clock.
terrain::Pose2D robotAt(double t) { return {0.5 * t, 0, 0.4 * t}; }

msgs::TFMessage robotTf(TimeNs stamp) {
    const terrain::Pose2D p = robotAt(toSeconds(stamp));
    msgs::TransformStamped t;
    t.header = msgs::Header{msgs::Time::fromNs(stamp), "odom"};
    t.child_frame_id = "base_link";
    t.transform.translation.x = p.x;
    t.transform.rotation.z = std::sin(p.yaw / 2);
    t.transform.rotation.w = std::cos(p.yaw / 2);
    return msgs::TFMessage{{t}};
}

std::vector<int> costmapCells(const terrain::GridMap &map, const terrain::Pose2D &robot) {
    terrain::CostmapGenerator generator{terrain::CostmapConfig{}};
    msgs::OccupancyGrid out;
    generator.generate(map, robot, out);
    return {out.data.begin(), out.data.end()};
}

TEST(CostmapCommand, TfLoggedAfterTheMapIsInterpolatedAtTheMapStamp) {
    constexpr TimeNs kMs = 1'000'000;
    const TimeNs map_stamp = 1025 * kMs;  // halfway between the odom samples at 1.000 and 1.050 s
    const fs::path dir = test::scratchDir("costmap-late-tf");
    const fs::path bag = dir / "late_tf.mcap";
    {
        auto writer = bag::TypedWriter::open(bag.string());
        ASSERT_TRUE(writer.ok()) << writer.message();
        // The map is logged at its stamp; every /tf sample is logged 75 ms after its stamp, so when
        // the map arrives the newest odom sample is the one stamped 0.950 s.
        bool map_written = false;
        for (TimeNs stamp = 0; stamp <= 2000 * kMs; stamp += 50 * kMs) {
            if (!map_written && stamp + 75 * kMs > map_stamp) {
                ASSERT_TRUE(writer->write("/groundgrid/grid_map", stripedMap(map_stamp).toMessage(), map_stamp).ok());
                map_written = true;
            }
            ASSERT_TRUE(writer->write("/tf", robotTf(stamp), stamp + 75 * kMs).ok());
        }
        ASSERT_TRUE(writer->close().ok());
    }
    const fs::path out = dir / "costmap.mcap";
    auto r = test::runRobometrics(
        {"costmap", bag.string(), "-o", out.string(), "-p", "enable_terrain_accumulation:=false", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["frames"], 1);
    EXPECT_EQ(j["dropped_frames"], 0);
    EXPECT_EQ(j["held_tf_frames"], 0);
    auto echo = test::runRobometrics({"echo", out.string(), "--topic", "/terrain_costmap", "--json"});
    ASSERT_EQ(echo.exit_code, 0) << echo.err;
    const auto costmap = nlohmann::json::parse(echo.out)["message"];
    EXPECT_EQ(costmap["header"]["stamp"]["sec"], 1);
    EXPECT_EQ(costmap["header"]["stamp"]["nanosec"], 25'000'000);
    const std::vector<int> got = costmap["data"].get<std::vector<int>>();

    // Linear motion and a constant turn rate: interpolating at 1.025 s gives exactly the pose at
    // 1.025 s (x 0.5125 m, yaw 0.41 rad).
    const terrain::GridMap map = stripedMap(map_stamp);
    const std::vector<int> interpolated = costmapCells(map, robotAt(1.025));
    EXPECT_EQ(got, interpolated);
    // Holding the last sample logged before the map (0.950 s: 3.75 cm and 0.03 rad behind), as
    // the lookup on arrival did, costs 115 of the 900 cells differently.
    const std::vector<int> held = costmapCells(map, robotAt(0.950));
    long differing = 0;
    for (std::size_t k = 0; k < held.size(); ++k) differing += held[k] != interpolated[k] ? 1 : 0;
    EXPECT_GT(differing, 100) << "the stripes must make a pose error visible";
}

TEST(CostmapCommand, OutputMustBeMcap) {
    const fs::path refused = test::scratchDir("costmap-ext") / "costmap.csv";
    test::expectOutputRefused({"costmap", "no-such-bag", "-o", refused.string()}, refused, {".mcap"});
}

}  // namespace
}  // namespace robometrics
