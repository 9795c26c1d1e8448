#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "TestSupport.hpp"

namespace robometrics {
namespace {

namespace fs = std::filesystem;

const nlohmann::json *findEvent(const nlohmann::json &report, const std::string &type) {
    for (const auto &e : report["events"])
        if (e["type"] == type) return &e;
    return nullptr;
}

}  // namespace

TEST(SimulateCommand, StuckRunWritesEverythingAndReportsTheStuckEvent) {
    const fs::path dir = test::scratchDir("simulate-stuck");
    auto r = test::runRobometrics(
        {"simulate", "--scenario", "stuck", "--duration", "8", "--seed", "3", "--json", "-o", dir.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["scenario"], "stuck");
    EXPECT_EQ(report["seed"], 3);
    EXPECT_DOUBLE_EQ(report["duration_s"].get<double>(), 8.0);
    EXPECT_EQ(report, nlohmann::json::parse(test::readFile(dir / "scenario.json")));
    const nlohmann::json *stuck = findEvent(report, "stuck");
    ASSERT_NE(stuck, nullptr);
    EXPECT_LT((*stuck)["gt_path_m"].get<double>(), 0.2);
    EXPECT_GT((*stuck)["odom_path_m"].get<double>(), 1.0);
    const nlohmann::json *stop = findEvent(report, "stop");
    ASSERT_NE(stop, nullptr);
    EXPECT_DOUBLE_EQ((*stop)["t_start"].get<double>(), 6.0);  // 0.75 of the duration
    for (const auto &t : report["topics"]) {
        const double rate = t["rate_hz"].get<double>();
        const auto n = t["messages"].get<std::uint64_t>();
        if (t["name"] == "/tf_static")
            EXPECT_EQ(n, 1u);  // and /cmd_vel at 20 Hz, zero during the stop
        else if (t["name"] == "/map")
            EXPECT_EQ(n, 2u);  // at 5 s and at the end
        else
            EXPECT_EQ(static_cast<double>(n), rate * 8.0) << t["name"];
    }
    for (const char *name : {"run.mcap", "gt_map.pgm", "gt_map.yaml", "gt_trajectory.tum"})
        EXPECT_TRUE(fs::exists(dir / name)) << name;
    // 8 s of ground truth at 20 Hz.
    std::ifstream tum(dir / "gt_trajectory.tum");
    int lines = 0;
    for (std::string line; std::getline(tum, line);) lines += !line.empty() && line[0] != '#';
    EXPECT_EQ(lines, 160);
}

TEST(SimulateCommand, ProfilesAreOrthogonalOptionsRecordedInTheReport) {
    const fs::path dir = test::scratchDir("simulate-profiles");
    auto r = test::runRobometrics({"simulate", "--scenario", "stall", "--clock", "gazebo", "--real-time-factor", "0.5",
                                   "--recorder", "batched", "--json", "-o", dir.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["robot"], "turtlebot3");  // the scenario's own
    EXPECT_EQ(report["recorder"], "batched");
    EXPECT_EQ(report["clock"]["kind"], "gazebo");
    EXPECT_DOUBLE_EQ(report["clock"]["real_time_factor"].get<double>(), 0.5);
    // 60 s simulated at 0.5: 120 wall seconds plus a 10 s pause.
    EXPECT_DOUBLE_EQ(report["clock"]["wall_duration_s"].get<double>(), 130.0);
    const nlohmann::json *stall = findEvent(report, "stall");
    ASSERT_NE(stall, nullptr);
    EXPECT_EQ((*stall)["anomaly"], "stuck");
    EXPECT_DOUBLE_EQ((*stall)["t_start"].get<double>(), 15.0);  // simulated seconds since the first message
    const nlohmann::json *pause = findEvent(report, "pause");
    ASSERT_NE(pause, nullptr);
    EXPECT_TRUE((*pause)["anomaly"].is_null());

    auto rover = test::runRobometrics({"simulate", "--scenario", "nav2", "--robot", "rover", "--duration", "5",
                                       "--json", "-o", (dir / "r").string()});
    ASSERT_EQ(rover.exit_code, 0) << rover.err;
    EXPECT_EQ(nlohmann::json::parse(rover.out)["robot"], "rover");
    auto human =
        test::runRobometrics({"simulate", "--scenario", "scan_gap", "--duration", "30", "-o", (dir / "h").string()});
    ASSERT_EQ(human.exit_code, 0) << human.err;
    EXPECT_NE(human.out.find("Profile:      robot turtlebot3, clock wall, recorder plain"), std::string::npos)
        << human.out;
    EXPECT_NE(human.out.find("[anomaly topic_drops]"), std::string::npos) << human.out;
}

TEST(SimulateCommand, SameSeedGivesTheSameBytes) {
    const fs::path a = test::scratchDir("simulate-a"), b = test::scratchDir("simulate-b"),
                   c = test::scratchDir("simulate-c");
    ASSERT_EQ(test::runRobometrics({"simulate", "--duration", "3", "-o", a.string()}).exit_code, 0);
    ASSERT_EQ(test::runRobometrics({"simulate", "--duration", "3", "-o", b.string()}).exit_code, 0);
    ASSERT_EQ(test::runRobometrics({"simulate", "--duration", "3", "--seed", "2", "-o", c.string()}).exit_code, 0);
    EXPECT_EQ(test::readFile(a / "run.mcap"), test::readFile(b / "run.mcap"));
    EXPECT_EQ(test::readFile(a / "scenario.json"), test::readFile(b / "scenario.json"));
    EXPECT_NE(test::readFile(a / "run.mcap"), test::readFile(c / "run.mcap"));
}

TEST(SimulateCommand, HumanSummaryListsTheFilesAndEvents) {
    const fs::path dir = test::scratchDir("simulate-human");
    auto r = test::runRobometrics({"simulate", "--scenario", "kidnap", "--duration", "20", "-o", dir.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("run.mcap"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("teleport"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("relocalization"), std::string::npos) << r.out;
    EXPECT_TRUE(r.err.empty()) << r.err;  // no progress bar when stderr is not a terminal
}

TEST(SimulateCommand, RunsOnAUserMap) {
    const fs::path dir = test::scratchDir("simulate-map");
    // A 6 m x 4 m room (0.1 m cells) with walls, as map_saver writes it: 0 occupied, 254 free.
    const int w = 60, h = 40;
    std::string pixels(static_cast<std::size_t>(w * h), static_cast<char>(254));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2) pixels[static_cast<std::size_t>(y * w + x)] = 0;
    std::ofstream(dir / "room.pgm", std::ios::binary) << "P5\n" << w << " " << h << "\n255\n" << pixels;
    std::ofstream(dir / "room.yaml") << "image: room.pgm\nresolution: 0.1\norigin: [-1.0, -2.0, 0.0]\nnegate: 0\n"
                                        "occupied_thresh: 0.65\nfree_thresh: 0.196\n";
    auto r = test::runRobometrics(
        {"simulate", "--map", (dir / "room.yaml").string(), "--duration", "5", "--json", "-o", (dir / "out").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string yaml = test::readFile(dir / "out" / "gt_map.yaml");
    EXPECT_NE(yaml.find("resolution: 0.1"), std::string::npos) << yaml;
    const nlohmann::json report = nlohmann::json::parse(r.out);
    EXPECT_GE(report["truth"]["route_waypoints"].get<int>(), 3);
    EXPECT_GT(report["truth"]["path_length_m"].get<double>(), 0.3);
    // The navigation scenarios' goals are laid out in the office: no user map.
    auto nav = test::runRobometrics(
        {"simulate", "--scenario", "nav2", "--map", (dir / "room.yaml").string(), "-o", (dir / "nav").string()});
    EXPECT_EQ(nav.exit_code, 1);
    EXPECT_NE(nav.err.find("--map does not apply"), std::string::npos) << nav.err;
}

TEST(SimulateCommand, BadInputsFailWithUsageOrInputErrors) {
    const fs::path dir = test::scratchDir("simulate-bad");
    EXPECT_EQ(test::runRobometrics({"simulate", "--scenario", "moon", "-o", dir.string()}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"simulate", "--scenario", "office"}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"simulate", "--duration", "-4", "-o", dir.string()}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"simulate", "--robot", "husky", "-o", dir.string()}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"simulate", "--clock", "ros", "-o", dir.string()}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"simulate", "--real-time-factor", "20", "-o", dir.string()}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"simulate", "--recorder", "fast", "-o", dir.string()}).exit_code, 2);
    EXPECT_EQ(test::runRobometrics({"simulate", "--sensors", "lidar", "-o", dir.string()}).exit_code, 2);
    std::ofstream(dir / "bad.yaml") << "image: missing.pgm\nresolution: 0.05\norigin: [0, 0, 0]\nnegate: 0\n"
                                       "occupied_thresh: 0.65\nfree_thresh: 0.196\n";
    auto r = test::runRobometrics({"simulate", "--map", (dir / "bad.yaml").string(), "-o", (dir / "out").string()});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("missing.pgm"), std::string::npos) << r.err;
    std::ofstream(dir / "blocker") << "x";
    auto blocked = test::runRobometrics({"simulate", "--duration", "1", "-o", (dir / "blocker" / "out").string()});
    EXPECT_EQ(blocked.exit_code, 1);
    EXPECT_NE(blocked.err.find("blocker"), std::string::npos) << blocked.err;
}

namespace {

/// The names of the topics scenario.json lists, and the types among them.
std::vector<std::string> topicNames(const nlohmann::json &report) {
    std::vector<std::string> out;
    for (const auto &t : report["topics"]) out.push_back(t["name"].get<std::string>());
    return out;
}

bool hasTopicOfType(const nlohmann::json &report, const std::string &type) {
    for (const auto &t : report["topics"])
        if (t["type"] == type) return true;
    return false;
}

/// The scenario.json entry of topic `name`, null when the run has no such topic.
nlohmann::json topicNamed(const nlohmann::json &report, const std::string &name) {
    for (const auto &t : report["topics"])
        if (t["name"] == name) return t;
    return nullptr;
}

nlohmann::json simulateProfile(const std::string &name, const std::vector<std::string> &extra = {}) {
    const fs::path dir = test::scratchDir("simulate-profile-" + name);
    std::vector<std::string> args{"simulate", "--scenario", name, "--json", "-o", dir.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = test::runRobometrics(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
}

}  // namespace

TEST(SimulateCommand, RearCollisionHasTwoScannersAndACollisionOnTheRearOne) {
    const nlohmann::json report = simulateProfile("rear_collision");
    const auto names = topicNames(report);
    EXPECT_NE(std::find(names.begin(), names.end(), "/scan_front"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "/scan_rear"), names.end());
    EXPECT_EQ(std::find(names.begin(), names.end(), "/scan"), names.end());
    EXPECT_EQ(report["expected_verdict"], "potential_failure");
    ASSERT_EQ(report["expected_anomalies"].size(), 1u);
    const nlohmann::json &a = report["expected_anomalies"][0];
    EXPECT_EQ(a["code"], "collision");
    EXPECT_EQ(a["topic"], "/scan_rear");
    // Backing into the wall from 3 s at 0.15 m/s: within 0.2 m from about 16.6 s, clear again
    // about 0.4 s after driving off at 21.36 s (tests/sim/TwoScannersTest.cpp has the arithmetic).
    EXPECT_NEAR(a["t_start"].get<double>(), 16.6, 0.4);
    EXPECT_NEAR(a["t_end"].get<double>(), 21.7, 0.3);
}

TEST(SimulateCommand, WheelSlipPublishesTheP3dGroundTruthInTheBag) {
    const nlohmann::json report = simulateProfile("wheel_slip", {"--clock", "gazebo"});
    const nlohmann::json ground_truth = topicNamed(report, "/ground_truth");
    ASSERT_FALSE(ground_truth.is_null());
    EXPECT_EQ(ground_truth["type"], "nav_msgs/msg/Odometry");
    EXPECT_EQ(ground_truth["messages"], 3000);  // 50 Hz for 60 simulated seconds
    EXPECT_EQ(report["expected_verdict"], "potential_failure");
    EXPECT_EQ(report["expected_anomalies"],
              nlohmann::json::parse(R"([{"code": "stuck", "t_start": 15.0, "t_end": 25.0}])"));
}

TEST(SimulateCommand, GzPoseInfoPublishesGazebosWorldPosesInsteadOfTheP3dGroundTruth) {
    const nlohmann::json report = simulateProfile("gz_pose_info", {"--duration", "20"});
    EXPECT_TRUE(topicNamed(report, "/ground_truth").is_null());
    const nlohmann::json pose_info = topicNamed(report, "/world/office/pose/info");
    ASSERT_FALSE(pose_info.is_null());
    EXPECT_EQ(pose_info["type"], "geometry_msgs/msg/PoseArray");
    EXPECT_EQ(pose_info["messages"], 1000);  // 50 Hz for 20 simulated seconds
    EXPECT_EQ(report["expected_verdict"], "potential_failure");
    EXPECT_EQ(report["expected_anomalies"][0]["code"], "stuck");
}

TEST(SimulateCommand, AmclRestartHasNoAnomalyAndSaysHowLongAmclWasSilent) {
    const nlohmann::json report = simulateProfile("amcl_restart");
    EXPECT_EQ(report["expected_verdict"], "ok");
    EXPECT_TRUE(report["expected_anomalies"].empty());
    const nlohmann::json *gated = findEvent(report, "amcl_gated");
    ASSERT_NE(gated, nullptr);
    EXPECT_TRUE((*gated)["anomaly"].is_null());
    EXPECT_GT((*gated)["t_end"].get<double>() - (*gated)["t_start"].get<double>(), 3.0);
}

TEST(SimulateCommand, TfOnlyAndNoScannerRecordingsAreInconclusive) {
    const nlohmann::json tf = simulateProfile("tf_only", {"--duration", "30"});
    EXPECT_EQ(topicNames(tf), (std::vector<std::string>{"/tf", "/tf_static"}));
    EXPECT_EQ(tf["expected_verdict"], "inconclusive");
    EXPECT_TRUE(tf["expected_anomalies"].empty());
    const nlohmann::json blind = simulateProfile("no_scanner", {"--duration", "30"});
    EXPECT_FALSE(hasTopicOfType(blind, "sensor_msgs/msg/LaserScan"));
    EXPECT_FALSE(hasTopicOfType(blind, "sensor_msgs/msg/Imu"));
    for (const char *name : {"/odom", "/tf", "/cmd_vel", "/amcl_pose"}) {
        const auto names = topicNames(blind);
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
    }
    EXPECT_EQ(blind["expected_verdict"], "inconclusive");
    // The truth profiles are TurtleBot3 topic sets.
    auto rover = test::runRobometrics({"simulate", "--scenario", "tf_only", "--robot", "rover", "-o",
                                       test::scratchDir("simulate-tf-rover").string()});
    EXPECT_EQ(rover.exit_code, 1);
    EXPECT_NE(rover.err.find("TurtleBot3 profile"), std::string::npos) << rover.err;
}

TEST(SimulateCommand, AKilledRecorderLeavesABagThatInfoReadsToTheCut) {
    const fs::path dir = test::scratchDir("simulate-killed");
    auto r = test::runRobometrics({"simulate", "--scenario", "nav2", "--duration", "60", "--kill-recorder-at", "40",
                                   "--json", "-o", dir.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json report = nlohmann::json::parse(r.out);
    const nlohmann::json &recording = report["recording"];
    EXPECT_EQ(report["expected_verdict"], "potential_failure");
    EXPECT_EQ(fs::file_size(dir / "run.mcap"), recording["bag_bytes_cut"].get<std::uint64_t>());
    // A strict read refuses the file; by default info reads every message of the complete chunks
    // and warns of the cut.
    EXPECT_EQ(test::runRobometrics({"info", "--strict", (dir / "run.mcap").string()}).exit_code, 1);
    auto info = test::runRobometrics({"info", "--json", (dir / "run.mcap").string()});
    EXPECT_EQ(info.exit_code, 0) << info.err;
    EXPECT_NE(info.err.find("ends abruptly"), std::string::npos) << info.err;
    const nlohmann::json listing = nlohmann::json::parse(info.out);
    EXPECT_FALSE(listing["complete"].get<bool>());
    EXPECT_EQ(listing["message_count"], recording["messages_left"]);
    EXPECT_EQ(listing["end_ns"], recording["last_message_log_time_ns"]);
    std::map<std::string, std::uint64_t> per_topic;
    for (const auto &t : listing["topics"])
        if (t["message_count"].get<std::uint64_t>() > 0) per_topic[t["name"]] = t["message_count"];
    EXPECT_EQ(nlohmann::json(per_topic), recording["messages_left_per_topic"]);

    EXPECT_EQ(test::runRobometrics({"simulate", "--kill-recorder-at", "-3", "-o", dir.string()}).exit_code, 2);
}

}  // namespace robometrics
