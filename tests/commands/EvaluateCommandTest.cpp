// End to end: simulate each scenario, evaluate it, and check that the verdict and the anomalies
// match the events the simulator injected (scenario.json).

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

nlohmann::json readJson(const std::filesystem::path &p) {
    std::ifstream in(p);
    return nlohmann::json::parse(in);
}

std::set<std::string> anomalyCodes(const nlohmann::json &summary) {
    std::set<std::string> codes;
    for (const auto &a : summary["anomalies"]) codes.insert(a["code"].get<std::string>());
    return codes;
}

/// Simulates `scenario` for `duration` seconds and evaluates it; returns summary.json.
nlohmann::json simulateAndEvaluate(const std::string &scenario, const std::string &duration,
                                   std::filesystem::path &out) {
    auto dir = test::scratchDir("eval-" + scenario);
    auto sim = test::runRobometrics({"simulate", "--scenario", scenario, "--duration", duration, "--seed", "3", "-o",
                                     (dir / "run").string()});
    EXPECT_EQ(sim.exit_code, 0) << sim.err;
    out = dir / "eval";
    auto eval = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", out.string()});
    EXPECT_EQ(eval.exit_code, 0) << eval.err;
    EXPECT_NE(eval.out.find("verdict:"), std::string::npos);
    return readJson(out / "summary.json");
}

}  // namespace

TEST(EvaluateCommand, OfficeRunCountsTheInjectedCollision) {
    std::filesystem::path out;
    auto summary = simulateAndEvaluate("office", "90", out);
    auto scenario = readJson(out.parent_path() / "run" / "scenario.json");
    size_t collisions = 0;
    for (const auto &ev : scenario["events"]) collisions += ev["type"] == "collision";
    ASSERT_GE(collisions, 1u);
    EXPECT_EQ(summary["verdict"], "potential_failure");
    auto codes = anomalyCodes(summary);
    EXPECT_TRUE(codes.count("collision"));
    EXPECT_FALSE(codes.count("stuck"));
    EXPECT_FALSE(codes.count("localization_lost"));
    EXPECT_EQ(summary["traversal"]["collision_events"].get<size_t>(), collisions);
    // SLAM figures exist and are sane for a good run: ATE well under the 1 m threshold.
    EXPECT_LT(summary["trajectory"]["ate_se3"]["rmse"].get<double>(), 0.5);
    EXPECT_GT(summary["map"]["coverage"].get<double>(), 0.5);
    for (const char *file : {"report.html", "traversal.csv", "topic_stats.csv", "lost.csv", "ate.csv", "evaluation.mcap"}) {
        EXPECT_TRUE(std::filesystem::exists(out / file)) << file;
    }
}

TEST(EvaluateCommand, StuckRunIsFlaggedStuck) {
    std::filesystem::path out;
    auto summary = simulateAndEvaluate("stuck", "40", out);
    EXPECT_EQ(summary["verdict"], "potential_failure");
    EXPECT_TRUE(anomalyCodes(summary).count("stuck"));
    EXPECT_LT(summary["traversal"]["distance_traveled_m"].get<double>(), 0.2);
}

TEST(EvaluateCommand, KidnapRunHasAJumpAndALostEpisodeAtTheRightTime) {
    std::filesystem::path out;
    auto summary = simulateAndEvaluate("kidnap", "90", out);
    auto scenario = readJson(out.parent_path() / "run" / "scenario.json");
    double lost_from = -1, recovered = -1;
    for (const auto &ev : scenario["events"]) {
        if (ev["type"] == "kidnap") {
            lost_from = ev["lost_from_s"].get<double>();
            recovered = ev["recovered_s"].get<double>();
        }
    }
    ASSERT_GT(lost_from, 0);
    auto codes = anomalyCodes(summary);
    EXPECT_TRUE(codes.count("pose_jump"));
    EXPECT_TRUE(codes.count("localization_lost"));
    // The lost episode starts within a few seconds after the localization degraded, and ends
    // within a few seconds after the relocalization.
    bool found = false;
    for (const auto &ep : summary["localization"]["episodes"]) {
        if (ep["worst"] != "lost") continue;
        found = true;
        EXPECT_GT(ep["start_s"].get<double>(), lost_from - 5.0);
        EXPECT_LT(ep["start_s"].get<double>(), lost_from + 5.0);
        EXPECT_GT(ep["end_s"].get<double>(), recovered - 1.0);
        EXPECT_LT(ep["end_s"].get<double>(), recovered + 8.0);
    }
    EXPECT_TRUE(found);
}

TEST(EvaluateCommand, TerrainRunReportsRoughTerrain) {
    std::filesystem::path out;
    auto summary = simulateAndEvaluate("terrain", "120", out);
    EXPECT_GT(summary["traversal"]["time_rough_terrain_s"].get<double>(), 0.0);
    EXPECT_GT(summary["traversal"]["rough_imu_readings"].get<size_t>(), 0u);
    // One costmap per GridMap of the bag, and the same cell shares as `robometrics costmap`.
    auto scenario = readJson(out.parent_path() / "run" / "scenario.json");
    size_t grid_maps = 0;
    for (const auto &t : scenario["topics"]) {
        if (t["name"] == "/groundgrid/grid_map") grid_maps = t["messages"].get<size_t>();
    }
    ASSERT_GT(grid_maps, 0u);
    EXPECT_EQ(summary["costmap"]["frames"].get<size_t>(), grid_maps);
    EXPECT_EQ(summary["costmap"]["dropped_frames"].get<size_t>(), 0u);
    auto costmap = test::runRobometrics({"costmap", (out.parent_path() / "run" / "run.mcap").string(), "-o",
                                         (out.parent_path() / "costmap.mcap").string()});
    ASSERT_EQ(costmap.exit_code, 0) << costmap.err;
    double lethal = summary["costmap"]["lethal_share"].get<double>();
    EXPECT_NE(costmap.out.find(fmt::format("lethal {:.1f} %", 100 * lethal)), std::string::npos) << costmap.out;
}

TEST(EvaluateCommand, CompareMarksTheBestRun) {
    std::filesystem::path office, stuck;
    simulateAndEvaluate("office", "30", office);
    simulateAndEvaluate("stuck", "30", stuck);
    auto md = test::runRobometrics({"compare", office.string(), stuck.string()});
    ASSERT_EQ(md.exit_code, 0) << md.err;
    EXPECT_NE(md.out.find("| verdict |"), std::string::npos);
    auto json = test::runRobometrics({"compare", "--json", office.string(), stuck.string()});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    auto j = nlohmann::json::parse(json.out);
    bool saw_distance = false;
    for (const auto &row : j["rows"]) {
        if (row["metric"] == "distance_traveled_m") saw_distance = true;
    }
    EXPECT_TRUE(saw_distance);
    auto bad = test::runRobometrics({"compare", "/nonexistent/dir"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("/nonexistent/dir"), std::string::npos);
}

TEST(EvaluateCommand, RealBagWithoutGroundTruthStillEvaluates) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto dir = test::scratchDir("eval-nav2");
    auto r = test::runRobometrics({"evaluate", bag.string(), "-o", dir.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto summary = readJson(dir / "summary.json");
    EXPECT_EQ(summary["analysed_topics"]["odometry"], "/odom");
    EXPECT_EQ(summary["analysed_topics"]["amcl_pose"], "/amcl_pose");
    EXPECT_EQ(summary["localization"]["readings"].get<size_t>(), 135u);
    size_t odom_count = 0;
    for (const auto &t : summary["topics"]) {
        if (t["topic"] == "/odom") odom_count = t["count"].get<size_t>();
    }
    EXPECT_EQ(odom_count, 2639u);
    EXPECT_EQ(summary["motion"]["odometry_messages"].get<size_t>(), 2639u);
}

TEST(EvaluateCommand, MissingInputIsAClearError) {
    auto r = test::runRobometrics({"evaluate", "/nonexistent/run", "-o", test::scratchDir("eval-missing").string()});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("/nonexistent/run"), std::string::npos);
    auto usage = test::runRobometrics({"evaluate"});
    EXPECT_EQ(usage.exit_code, 2);
}

}  // namespace robometrics
