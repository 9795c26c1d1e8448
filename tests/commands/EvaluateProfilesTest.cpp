// The corpus of real-world quirks: every robot, clock and recorder profile of `simulate` is
// evaluated, and the anomalies must be exactly the true ones of its scenario.json (each event's
// "anomaly"), each at the right time (its time_s within 1 s of the event's span), and no topic's
// drop estimate may exceed what the topic could have sent.

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "JsonFiles.hpp"
#include "TestSupport.hpp"

namespace robometrics {
namespace {

struct Profile {
    std::string name;
    std::vector<std::string> options;  ///< simulate's options besides -o
};

void PrintTo(const Profile &p, std::ostream *os) { *os << p.name; }

using test::readJson;

struct Evaluated {
    nlohmann::json scenario, summary;
    std::filesystem::path dir;  ///< run/ (simulate's) and eval/ (evaluate's) inside
};

Evaluated simulateAndEvaluate(const Profile &profile) {
    const auto dir = test::scratchDir("profile-" + profile.name);
    std::vector<std::string> args{"simulate", "-o", (dir / "run").string()};
    args.insert(args.end(), profile.options.begin(), profile.options.end());
    const auto sim = test::runRobometrics(args);
    EXPECT_EQ(sim.exit_code, 0) << sim.err;
    const auto eval = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", (dir / "eval").string()});
    EXPECT_EQ(eval.exit_code, 0) << eval.err;
    return {readJson(dir / "run" / "scenario.json"), readJson(dir / "eval" / "summary.json"), dir};
}

/// "code: message" of every anomaly, for failure messages.
std::string listAnomalies(const nlohmann::json &summary) {
    std::vector<std::string> out;
    for (const auto &a : summary["anomalies"])
        out.push_back(a["code"].get<std::string>() + ": " + a["message"].get<std::string>());
    return fmt::format("{}", fmt::join(out, "\n  "));
}

class EvaluateProfiles : public ::testing::TestWithParam<Profile> {};

TEST_P(EvaluateProfiles, RaisesExactlyTheTrueAnomaliesAtTheirTimeAndBoundedDrops) {
    const Evaluated run = simulateAndEvaluate(GetParam());
    const nlohmann::json &anomalies = run.summary["anomalies"];
    std::vector<bool> explained(anomalies.size(), false);
    for (const auto &event : run.scenario["events"]) {
        if (event["anomaly"].is_null()) continue;
        const std::string code = event["anomaly"];
        const double from = event["t_start"].get<double>() - 1.0, to = event["t_end"].get<double>() + 1.0;
        bool found = false;
        for (std::size_t i = 0; i < anomalies.size() && !found; ++i) {
            const auto &a = anomalies[i];
            if (a["code"] != code || a["time_s"].is_null()) continue;
            const double t = a["time_s"];
            if (t < from || t > to) continue;
            if (event.contains("topic") &&
                a["message"].get<std::string>().rfind(event["topic"].get<std::string>(), 0) != 0) {
                continue;
            }
            found = explained[i] = true;
        }
        EXPECT_TRUE(found) << "no " << code << " anomaly within 1 s of the " << event["type"] << " event at "
                           << event["t_start"] << "-" << event["t_end"] << " s; raised:\n  "
                           << listAnomalies(run.summary);
    }
    for (std::size_t i = 0; i < anomalies.size(); ++i) {
        EXPECT_TRUE(explained[i]) << "false alarm: " << anomalies[i]["code"] << ": " << anomalies[i]["message"];
    }
    // No drop estimate exceeds what the topic could have sent (one simulate + evaluate per profile
    // checks both: the suite runs under the sanitizers too).
    for (const auto &t : run.summary["topics"]) {
        if (t["estimated_drops"].is_null()) continue;
        const double possible = t["duration_s"].get<double>() * 1000.0 / t["expected_period_ms"].get<double>() + 1;
        EXPECT_LE(t["estimated_drops"].get<double>() + t["count"].get<double>(), possible + 1) << t["topic"];
    }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, EvaluateProfiles,
    ::testing::Values(Profile{"office", {"--scenario", "office"}}, Profile{"stuck", {"--scenario", "stuck"}},
                      Profile{"kidnap", {"--scenario", "kidnap"}}, Profile{"nav2_goals", {"--scenario", "nav2"}},
                      Profile{"nav2_standstill", {"--scenario", "standstill"}},
                      Profile{"nav2_stall", {"--scenario", "stall"}},
                      Profile{"nav2_scan_gap", {"--scenario", "scan_gap"}},
                      Profile{"nav2_gazebo", {"--scenario", "nav2", "--clock", "gazebo"}},
                      Profile{"nav2_gazebo_batched",
                              {"--scenario", "nav2", "--clock", "gazebo", "--recorder", "batched"}},
                      Profile{"office_batched", {"--scenario", "office", "--recorder", "batched"}},
                      Profile{"stall_gazebo", {"--scenario", "stall", "--clock", "gazebo"}},
                      Profile{"scan_gap_batched", {"--scenario", "scan_gap", "--recorder", "batched"}}),
    [](const ::testing::TestParamInfo<Profile> &param) { return param.param.name; });

// The truth profiles (issue: a verdict that says what it measured): each scenario.json states its
// expected verdict and anomalies with their topic and span; the verdict must be exactly that and
// every anomaly within 0.25 s of its true start and end.
class EvaluateTruthProfiles : public ::testing::TestWithParam<Profile> {};

TEST_P(EvaluateTruthProfiles, GiveExactlyTheTrueAnomaliesWithinAQuarterSecondAndTheDocumentedVerdict) {
    const Evaluated run = simulateAndEvaluate(GetParam());
    EXPECT_EQ(run.summary["verdict"], run.scenario["expected_verdict"]) << listAnomalies(run.summary);
    const nlohmann::json &anomalies = run.summary["anomalies"];
    std::vector<bool> explained(anomalies.size(), false);
    for (const auto &truth : run.scenario["expected_anomalies"]) {
        bool found = false;
        for (std::size_t i = 0; i < anomalies.size() && !found; ++i) {
            const auto &a = anomalies[i];
            if (a["code"] != truth["code"] || a["time_s"].is_null()) continue;
            // A multi-robot run's anomaly names its robot (two_robots).
            if (truth.contains("robot") && a.value("robot", "") != truth["robot"]) continue;
            if (truth.contains("topic") &&
                a["message"].get<std::string>().find(truth["topic"].get<std::string>()) == std::string::npos) {
                continue;
            }
            EXPECT_NEAR(a["time_s"].get<double>(), truth["t_start"].get<double>(), 0.25) << a.dump();
            if (!a["end_time_s"].is_null() && truth.contains("t_end") && truth["t_end"] != truth["t_start"]) {
                EXPECT_NEAR(a["end_time_s"].get<double>(), truth["t_end"].get<double>(), 0.25) << a.dump();
            }
            found = explained[i] = true;
        }
        EXPECT_TRUE(found) << "no " << truth.dump() << "; raised:\n  " << listAnomalies(run.summary);
    }
    for (std::size_t i = 0; i < anomalies.size(); ++i) {
        EXPECT_TRUE(explained[i]) << "false alarm: " << anomalies[i]["code"] << ": " << anomalies[i]["message"];
    }
}

INSTANTIATE_TEST_SUITE_P(
    Truth, EvaluateTruthProfiles,
    ::testing::Values(Profile{"rear_collision", {"--scenario", "rear_collision"}},
                      Profile{"wheel_slip", {"--scenario", "wheel_slip", "--clock", "gazebo"}},
                      Profile{"amcl_restart", {"--scenario", "amcl_restart"}},
                      Profile{"tf_only", {"--scenario", "tf_only"}},
                      Profile{"no_scanner", {"--scenario", "no_scanner"}},
                      Profile{"gz_pose_info", {"--scenario", "gz_pose_info", "--clock", "gazebo"}},
                      Profile{"cloud_collision", {"--scenario", "cloud_collision"}},
                      Profile{"mocap_slip", {"--scenario", "mocap_slip"}},
                      Profile{"two_robots", {"--scenario", "two_robots"}},
                      Profile{"two_robots_gazebo_batched",
                              {"--scenario", "two_robots", "--clock", "gazebo", "--recorder", "batched"}},
                      Profile{"two_robots_gt", {"--scenario", "two_robots_gt"}},
                      Profile{"killed_recorder", {"--scenario", "nav2", "--kill-recorder-at", "60"}}),
    [](const ::testing::TestParamInfo<Profile> &param) { return param.param.name; });

// Gazebo's world poses through ros_gz_bridge (a PoseArray of every model, link and light): the
// robot's entry is the one that moves (its model, the third), named with why in summary.json.
TEST(EvaluateGroundTruthNames, GazeboPoseInfoIsTheGroundTruthAndItsEntryIsNamed) {
    const Evaluated run = simulateAndEvaluate({"gz_pose_info_named", {"--scenario", "gz_pose_info"}});
    const nlohmann::json &truth = run.summary["analysed_topics"]["ground_truth"];
    EXPECT_EQ(truth["topic"], "/world/office/pose/info");
    EXPECT_EQ(truth["type"], "geometry_msgs/msg/PoseArray");
    EXPECT_EQ(truth["entry"], "index:2");
    EXPECT_EQ(truth["why"], "Gazebo's world poses through ros_gz_bridge, index:2 (the one entry that moved)");
    EXPECT_EQ(run.summary["activity"]["progress_source"],
              "/world/office/pose/info (ground truth: Gazebo's world poses through ros_gz_bridge, index:2 (the one "
              "entry that moved))");
}

// Two robots in one recording (/robot1, /robot2, a /tf per namespace): robot2 stalls, robot1
// completes its goals; each robot's verdict says so, robot2's idle end of run (no goal, no
// /robot2/cmd_vel) is not a drop although robot1 is driving then, and each has its own ATE.
TEST(EvaluateRobots, EachRobotOfTwoIsJudgedOnItsOwnTopics) {
    const Evaluated run = simulateAndEvaluate({"two_robots_each", {"--scenario", "two_robots"}});
    const nlohmann::json &robots = run.summary["robots"];
    ASSERT_EQ(robots.size(), 2u) << robots.dump();
    EXPECT_EQ(robots[0]["name"], "robot1");
    EXPECT_EQ(robots[0]["verdict"], "ok");
    EXPECT_EQ(robots[0]["topics"]["tf"], "/robot1/tf");
    EXPECT_EQ(robots[1]["name"], "robot2");
    EXPECT_EQ(robots[1]["verdict"], "potential_failure");
    EXPECT_EQ(robots[1]["anomalies"], nlohmann::json::array({"stuck"}));
    EXPECT_EQ(robots[1]["activity"]["progress_source"], "/robot2/odom");
    EXPECT_EQ(robots[1]["activity"]["stuck_episodes"], 1);
    // The report's Robots section: each robot's verdict line, its anomalies with their time.
    std::ifstream html(run.dir / "eval" / "report.html");
    const std::string report((std::istreambuf_iterator<char>(html)), std::istreambuf_iterator<char>());
    EXPECT_NE(report.find(">Robots<"), std::string::npos);
    EXPECT_NE(report.find("<td>robot2</td><td>potential_failure</td><td>stuck at 14.95 s: commanded 0.26 m/s on "
                          "/robot2/cmd_vel"),
              std::string::npos);
    EXPECT_NE(report.find("<td>robot1</td><td>ok</td><td>none</td><td>commanded "), std::string::npos);
    for (const auto &t : run.summary["topics"]) {
        if (t["topic"] == "/robot2/cmd_vel") {
            EXPECT_EQ(t["estimated_drops"], 0) << t.dump();
        }
    }
    // Each robot's ATE against its own truth (its folder's gt_trajectory.tum) on its own AMCL
    // pose: robot2's is what `ape` gives on those two inputs, and robot1's is the run's.
    for (const std::string robot : {"robot1", "robot2"}) {
        const nlohmann::json &r = robots[robot == "robot1" ? 0 : 1];
        ASSERT_FALSE(r["ate"].is_null()) << r.dump(2);
        EXPECT_EQ(r["ate"]["ground_truth"], (run.dir / "run" / robot / "gt_trajectory.tum").string());
        EXPECT_EQ(r["ate"]["estimate"], (run.dir / "run" / "run.mcap").string() + ":/" + robot + "/amcl_pose");
        EXPECT_EQ(r["localization"]["topic"], "/" + robot + "/amcl_pose");
        EXPECT_FALSE(r["not_measured"].contains("ate")) << r.dump(2);
    }
    EXPECT_EQ(robots[0]["ate"]["rmse_m"], run.summary["trajectory"]["ate_se3"]["rmse"]);
    const auto ape = test::runRobometrics({"ape", (run.dir / "run" / "robot2" / "gt_trajectory.tum").string(),
                                           (run.dir / "run" / "run.mcap").string() + ":/robot2/amcl_pose", "--align",
                                           "se3", "--json"});
    ASSERT_EQ(ape.exit_code, 0) << ape.err;
    const nlohmann::json by_ape = nlohmann::json::parse(ape.out);
    EXPECT_NEAR(robots[1]["ate"]["rmse_m"].get<double>(), by_ape["rmse"].get<double>(), 1e-12);
    EXPECT_EQ(robots[1]["ate"]["pairs"], by_ape["n"]);
    // robot2's traversal metrics on its own scan and odometry (its path is its own, not robot1's).
    ASSERT_FALSE(robots[1]["traversal"].is_null()) << robots[1].dump(2);
    EXPECT_EQ(robots[1]["traversal"]["distance_source"], "/robot2/odom");
    EXPECT_NEAR(robots[1]["traversal"]["distance_traveled_m"].get<double>(),
                robots[1]["motion"]["path_length_m"].get<double>(), 0.05);
    EXPECT_EQ(robots[0]["traversal"], run.summary["traversal"]);
}

// two_robots_gt: each robot's ground truth recorded under its namespace (Gazebo's p3d per robot,
// /robot2/ground_truth) and no truth file beside the bag: each robot's ATE is on its own topic,
// robot2's what `ape` gives on the same two topics, and robot2's stall is judged on its truth.
TEST(EvaluateRobots, EachRobotsGroundTruthTopicGivesItsOwnAte) {
    const auto dir = test::scratchDir("two-robots-gt");
    const auto sim = test::runRobometrics({"simulate", "--scenario", "two_robots_gt", "-o", (dir / "run").string()});
    ASSERT_EQ(sim.exit_code, 0) << sim.err;
    for (const char *robot : {"robot1", "robot2"}) std::filesystem::remove_all(dir / "run" / robot);
    const auto eval = test::runRobometrics({"evaluate", (dir / "run").string(), "-o", (dir / "eval").string()});
    ASSERT_EQ(eval.exit_code, 0) << eval.err;
    const nlohmann::json summary = readJson(dir / "eval" / "summary.json");
    const std::string bag = (dir / "run" / "run.mcap").string();
    const nlohmann::json &robots = summary["robots"];
    ASSERT_EQ(robots.size(), 2u) << summary.dump(2);
    for (std::size_t i = 0; i < 2; ++i) {
        const std::string ns = "/robot" + std::to_string(i + 1);
        ASSERT_FALSE(robots[i]["ate"].is_null()) << robots[i].dump(2);
        EXPECT_EQ(robots[i]["ate"]["ground_truth"], bag + ":" + ns + "/ground_truth");
        EXPECT_EQ(robots[i]["ate"]["estimate"], bag + ":" + ns + "/amcl_pose");
    }
    EXPECT_EQ(robots[1]["activity"]["progress_source"].get<std::string>().rfind("/robot2/ground_truth", 0), 0u)
        << robots[1].dump(2);
    const auto ape = test::runRobometrics(
        {"ape", bag + ":/robot2/ground_truth", bag + ":/robot2/amcl_pose", "--align", "se3", "--json"});
    ASSERT_EQ(ape.exit_code, 0) << ape.err;
    EXPECT_NEAR(robots[1]["ate"]["rmse_m"].get<double>(), nlohmann::json::parse(ape.out)["rmse"].get<double>(), 1e-12);
    EXPECT_EQ(summary["verdict"], "potential_failure");
    ASSERT_EQ(summary["anomalies"].size(), 1u) << listAnomalies(summary);
    const nlohmann::json &stuck = summary["anomalies"][0];
    EXPECT_EQ(stuck["code"], "stuck");
    EXPECT_EQ(stuck["robot"], "robot2");
    EXPECT_NEAR(stuck["time_s"].get<double>(), 15.0, 0.25);
    EXPECT_NEAR(stuck["end_time_s"].get<double>(), 25.0, 0.25);
}

// A motion-capture body (vicon_bridge's TransformStamped on /vicon/<subject>/<segment>): the
// ground truth by its name, progress measured on it.
TEST(EvaluateGroundTruthNames, AMotionCaptureBodyIsTheGroundTruth) {
    const Evaluated run = simulateAndEvaluate({"mocap_slip_named", {"--scenario", "mocap_slip", "--duration", "30"}});
    const nlohmann::json &truth = run.summary["analysed_topics"]["ground_truth"];
    EXPECT_EQ(truth["topic"], "/vicon/turtlebot3/turtlebot3");
    EXPECT_EQ(truth["type"], "geometry_msgs/msg/TransformStamped");
    EXPECT_EQ(run.summary["activity"]["progress_source"].get<std::string>().rfind(
                  "/vicon/turtlebot3/turtlebot3 (ground truth", 0),
              0u)
        << run.summary["activity"]["progress_source"];
}

}  // namespace
}  // namespace robometrics
