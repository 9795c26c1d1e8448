// End to end: simulate each scenario, evaluate it, and check that the verdict and the anomalies
// match the events the simulator injected (scenario.json).

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "JsonFiles.hpp"
#include "TestSupport.hpp"

namespace robometrics {
namespace {

using test::readJson;

std::set<std::string> anomalyCodes(const nlohmann::json &summary) {
    std::set<std::string> codes;
    for (const auto &a : summary["anomalies"]) codes.insert(a["code"].get<std::string>());
    return codes;
}

/// Simulates `scenario` for `duration` seconds and evaluates it; returns summary.json.
nlohmann::json simulateAndEvaluate(const std::string &scenario, const std::string &duration,
                                   std::filesystem::path &out) {
    auto dir = test::scratchDir("eval-" + scenario);
    auto sim = test::runRobometrics(
        {"simulate", "--scenario", scenario, "--duration", duration, "--seed", "3", "-o", (dir / "run").string()});
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
    for (const char *file :
         {"report.html", "traversal.csv", "topic_stats.csv", "lost.csv", "ate.csv", "evaluation.mcap"}) {
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

TEST(EvaluateCommand, AteCsvCarriesTheMatchedPositionsOfEachError) {
    std::filesystem::path out;
    simulateAndEvaluate("office", "60", out);
    std::ifstream csv(out / "ate.csv");
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "time_s,timestamp,ape_se3_m,ape_origin_m,ref_x,ref_y,ref_z,est_x,est_y,est_z");
    int rows = 0;
    while (std::getline(csv, line)) {
        std::vector<double> v;
        std::stringstream fields(line);
        for (std::string f; std::getline(fields, f, ',');) v.push_back(std::stod(f));
        ASSERT_EQ(v.size(), 10u) << line;
        // APE (translation part) after SE(3) alignment is the distance of the pair written beside it.
        EXPECT_NEAR(std::hypot(v[4] - v[7], v[5] - v[8], v[6] - v[9]), v[2], 1e-9 + 1e-6 * v[2]) << line;
        ++rows;
    }
    EXPECT_GT(rows, 100);
}

TEST(EvaluateCommand, ReadingAheadOnASecondThreadChangesNoOutput) {
    std::filesystem::path two;
    simulateAndEvaluate("terrain", "60", two);
    const std::filesystem::path one = two.parent_path() / "eval-one-thread";
    auto eval =
        test::runRobometrics({"evaluate", (two.parent_path() / "run").string(), "-o", one.string(), "--threads", "1"});
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    for (const char *file : {"ate.csv", "lost.csv", "topic_stats.csv", "traversal.csv"}) {
        EXPECT_EQ(test::readFile(one / file), test::readFile(two / file)) << file;
    }
    // The summary as a whole, but for what the machine measures (the costmap's milliseconds).
    auto machine_free = [](nlohmann::json j) {
        for (const char *timing : {"mean_frame_ms", "p95_frame_ms", "max_frame_ms"}) j["costmap"].erase(timing);
        return j;
    };
    EXPECT_EQ(machine_free(readJson(one / "summary.json")), machine_free(readJson(two / "summary.json")));
}

TEST(EvaluateCommand, CpuBudgetAllowsTheSamplersClockTick) {
    auto dir = test::scratchDir("eval-cpu");
    auto sim = test::runRobometrics(
        {"simulate", "--scenario", "office", "--duration", "20", "--seed", "3", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    auto codes = [&](const std::string &rows) {
        std::ofstream(dir / "run" / "system.csv") << "time_s,cpu_percent,rss_bytes,pss_bytes,threads,processes\n"
                                                  << rows;
        auto eval = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", (dir / "eval").string()});
        EXPECT_EQ(eval.exit_code, 0) << eval.err;
        return anomalyCodes(readJson(dir / "eval" / "summary.json"));
    };
    // One busy single-threaded process sampled at 1 Hz: 101 % is one clock tick (10 ms) of rounding.
    EXPECT_EQ(codes("1.0,100.0,1000,,1,1\n2.0,101.0,1000,,1,1\n").count("cpu_budget"), 0u);
    // Three processes may each be a tick over (103 %); 104 % is over the budget.
    EXPECT_EQ(codes("1.0,103.0,1000,,3,3\n").count("cpu_budget"), 0u);
    EXPECT_EQ(codes("1.0,50.0,1000,,3,3\n2.0,104.0,1000,,3,3\n").count("cpu_budget"), 1u);
    // Sampled every 0.5 s the tick is 2 %.
    EXPECT_EQ(codes("0.5,102.0,1000,,1,1\n").count("cpu_budget"), 0u);
    EXPECT_EQ(codes("0.5,100.0,1000,,1,1\n1.0,102.5,1000,,1,1\n").count("cpu_budget"), 1u);
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

std::set<std::string> listing(const std::filesystem::path &dir) {
    std::set<std::string> names;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

// A rerun into the same folder leaves exactly the new run's files: the first run (a simulated
// office run) writes traversal.csv and lost.csv; the second (a bag holding only /statistics,
// written by topic-stats) writes neither, and they must not survive from the first.
TEST(EvaluateCommand, RerunIntoTheSameFolderLeavesNoStaleFile) {
    const auto dir = test::scratchDir("eval-rerun");
    auto sim =
        test::runRobometrics({"simulate", "--scenario", "office", "--duration", "20", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    auto stats = test::runRobometrics(
        {"topic-stats", (dir / "run" / "run.mcap").string(), "-o", (dir / "statistics.mcap").string()});
    ASSERT_EQ(stats.exit_code, 0) << stats.err;

    auto first = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", (dir / "eval").string()});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    const std::set<std::string> first_files = listing(dir / "eval");
    EXPECT_TRUE(first_files.count("traversal.csv"));
    EXPECT_TRUE(first_files.count("lost.csv"));

    auto second = test::runRobometrics({"evaluate", (dir / "statistics.mcap").string(), "-o", (dir / "eval").string()});
    ASSERT_EQ(second.exit_code, 0) << second.err;
    auto fresh = test::runRobometrics({"evaluate", (dir / "statistics.mcap").string(), "-o", (dir / "fresh").string()});
    ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
    EXPECT_EQ(listing(dir / "eval"), listing(dir / "fresh"));  // the same files as a first run into a new folder
    EXPECT_FALSE(listing(dir / "eval").count("traversal.csv"));
    EXPECT_FALSE(listing(dir / "eval").count("lost.csv"));
    EXPECT_EQ(readJson(dir / "eval" / "summary.json")["bag"], (dir / "statistics.mcap").string());
    // No temporary folder is left beside it.
    EXPECT_EQ(listing(dir), (std::set<std::string>{"eval", "fresh", "run", "statistics.mcap"}));
}

// Files the user keeps in the output folder (notes, a screenshot of the report) survive the
// first run into it and every re-run; only evaluate's own files are replaced.
TEST(EvaluateCommand, ARerunKeepsTheFilesEvaluateDidNotWrite) {
    const auto dir = test::scratchDir("eval-foreign");
    auto sim =
        test::runRobometrics({"simulate", "--scenario", "office", "--duration", "20", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    std::filesystem::create_directories(dir / "eval" / "mine");
    std::ofstream(dir / "eval" / "notes.txt") << "mine";
    std::ofstream(dir / "eval" / "mine" / "screenshot.png") << "png";
    for (int run = 0; run < 2; ++run) {
        auto eval = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", (dir / "eval").string()});
        ASSERT_EQ(eval.exit_code, 0) << eval.err;
        const std::set<std::string> files = listing(dir / "eval");
        EXPECT_TRUE(files.count("summary.json")) << run;
        EXPECT_TRUE(files.count("report.html")) << run;
        EXPECT_EQ(test::readFile(dir / "eval" / "notes.txt"), "mine") << run;
        EXPECT_EQ(test::readFile(dir / "eval" / "mine" / "screenshot.png"), "png") << run;
    }
    // No temporary folder is left beside it.
    EXPECT_EQ(listing(dir), (std::set<std::string>{"eval", "run"}));
}

// A folder holding a file of one of evaluate's names that evaluate did not write (no summary.json
// beside it) is refused before any work, and left as it was: nothing is overwritten.
TEST(EvaluateCommand, RefusesAFolderWhoseFilesWouldBeOverwritten) {
    const auto dir = test::scratchDir("eval-refuse");
    std::ofstream(dir / "notes.txt") << "mine";
    std::ofstream(dir / "report.html") << "mine";
    auto sim = test::runRobometrics(
        {"simulate", "--scenario", "office", "--duration", "10", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    auto refused = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", dir.string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_EQ(refused.err, "robometrics evaluate: error: " + dir.string() +
                               " holds files evaluate did not write (report.html); choose an empty folder or remove "
                               "them\n");
    EXPECT_EQ(test::readFile(dir / "report.html"), "mine");
    EXPECT_EQ(listing(dir), (std::set<std::string>{"notes.txt", "report.html", "run"}));
}

// A --topic remapping to a topic the bag lacks gets the warning `traversal` gives (one shared
// function); a remapping that matches gets none.
TEST(EvaluateCommand, WarnsAboutARemapToATopicTheBagLacks) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    const auto dir = test::scratchDir("eval-typo");
    auto typo = test::runRobometrics({"evaluate", bag.string(), "--topic", "scan=/typo", "-o", (dir / "a").string()});
    EXPECT_EQ(typo.exit_code, 0) << typo.err;
    const std::string warning =
        "robometrics evaluate: warning: " + bag.string() + ": no topic /typo (scan input; remap with --topic)\n";
    EXPECT_NE(typo.err.find(warning), std::string::npos) << typo.err;

    auto traversal = test::runRobometrics(
        {"traversal", bag.string(), "--topic", "scan=/typo", "-o", (dir / "traversal.csv").string()});
    EXPECT_NE(traversal.err.find("robometrics traversal: warning: " + bag.string() +
                                 ": no topic /typo (scan input; remap with --topic)\n"),
              std::string::npos)
        << traversal.err;

    auto matched = test::runRobometrics(
        {"evaluate", bag.string(), "--topic", "odometry/wheels=/odom", "-o", (dir / "b").string()});
    EXPECT_EQ(matched.exit_code, 0) << matched.err;
    EXPECT_EQ(matched.err.find("warning"), std::string::npos) << matched.err;

    auto malformed = test::runRobometrics({"evaluate", bag.string(), "--topic", "scan", "-o", (dir / "c").string()});
    EXPECT_EQ(malformed.exit_code, 2);
    EXPECT_EQ(malformed.err, "robometrics evaluate: error: bad topic remapping 'scan': expected name=/new/topic\n");
}

// A malformed -p is bad usage in evaluate as in traversal: exit 2, before the input is looked at.
TEST(EvaluateCommand, AMalformedParameterIsBadUsage) {
    const auto dir = test::scratchDir("eval-bad-param");
    auto malformed = test::runRobometrics(
        {"evaluate", (dir / "absent.mcap").string(), "-p", "nonsense", "-o", (dir / "a").string()});
    EXPECT_EQ(malformed.exit_code, 2) << malformed.err;
    EXPECT_EQ(malformed.err.rfind("robometrics evaluate: error: ", 0), 0U) << malformed.err;
    EXPECT_NE(malformed.err.find("nonsense"), std::string::npos) << malformed.err;
    EXPECT_EQ(test::runRobometrics({"traversal", (dir / "absent.mcap").string(), "-p", "nonsense"}).exit_code, 2);
}

// A trajectory argument spelled wrong is bad usage too, told before the input is looked at.
TEST(EvaluateCommand, AMalformedTrajectoryArgumentIsBadUsage) {
    const auto dir = test::scratchDir("eval-bad-traj");
    const std::string absent = (dir / "absent.mcap").string();
    auto chain = test::runRobometrics({"evaluate", absent, "--est-traj", absent + ":tf:map", "-o", (dir / "a").string()});
    EXPECT_EQ(chain.exit_code, 2) << chain.err;
    EXPECT_EQ(chain.err, "robometrics evaluate: error: '" + absent + ":tf:map': a TF chain is given as PATH:tf:PARENT:CHILD\n");
    auto empty = test::runRobometrics({"evaluate", absent, "--gt-traj", ":/odom", "-o", (dir / "b").string()});
    EXPECT_EQ(empty.exit_code, 2) << empty.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "a"));
}

}  // namespace robometrics
