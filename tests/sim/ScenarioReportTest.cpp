#include <gtest/gtest.h>

#include "robometrics/sim/ScenarioReport.hpp"

namespace robometrics::sim {

namespace {

nlohmann::json report(const std::string &scenario, double duration, const RunProfile &profile = {}) {
    Simulator sim(makeScenario(scenario, duration, 1, std::nullopt, profile).value(), 1);
    std::map<std::string, std::uint64_t> counts;
    std::vector<SimOutput> batch;
    while (!sim.done()) {
        sim.step(batch);
        for (const SimOutput &o : batch) ++counts[o.topic];
    }
    return scenarioReport(sim, counts);
}

/// "type:anomaly" for every event, "-" for none.
std::vector<std::string> truth(const nlohmann::json &r) {
    std::vector<std::string> out;
    for (const auto &e : r["events"])
        out.push_back(e["type"].get<std::string>() + ":" +
                      (e["anomaly"].is_null() ? std::string("-") : e["anomaly"].get<std::string>()));
    return out;
}

const nlohmann::json &event(const nlohmann::json &r, const std::string &type) {
    for (const auto &e : r["events"])
        if (e["type"] == type) return e;
    static const nlohmann::json none;
    return none;
}

using Truth = std::vector<std::string>;

}  // namespace

TEST(ScenarioReport, TheNavigationScenariosAndTheirTrueAnomalies) {
    const nlohmann::json nav2 = report("nav2", 0);
    EXPECT_EQ(truth(nav2), (Truth{"idle:-", "goal:-", "idle:-", "goal:-", "idle:-", "goal:-", "idle:-", "goal:-"}));
    const nlohmann::json standstill = report("standstill", 0);
    EXPECT_EQ(truth(standstill), (Truth{"stop:-", "goal:-", "idle:-"}));
    EXPECT_EQ(event(standstill, "stop")["intentional"], true);
    const nlohmann::json stall = report("stall", 0);
    EXPECT_EQ(truth(stall), (Truth{"idle:-", "goal:-", "stall:stuck", "idle:-", "goal:-"}));
    EXPECT_DOUBLE_EQ(event(stall, "stall")["t_start"].get<double>(), 15.0);
    EXPECT_DOUBLE_EQ(event(stall, "stall")["t_end"].get<double>(), 25.0);
    const nlohmann::json gap = report("scan_gap", 0);
    EXPECT_EQ(truth(gap), (Truth{"idle:-", "goal:-", "scan_gap:topic_drops", "idle:-", "goal:-"}));
    EXPECT_EQ(event(gap, "scan_gap")["topic"], "/scan");
    EXPECT_EQ(nav2["robot"], "turtlebot3");
    EXPECT_EQ(nav2["recorder"], "plain");
    EXPECT_EQ(nav2["clock"]["kind"], "wall");
    EXPECT_DOUBLE_EQ(nav2["clock"]["wall_duration_s"].get<double>(), 120.0);
}

TEST(ScenarioReport, TheRouteScenariosAnomalies) {
    EXPECT_EQ(truth(report("office", 60)), (Truth{"close_pass:-", "collision:collision", "stop:-"}));
    EXPECT_EQ(truth(report("kidnap", 40)), (Truth{"close_pass:-", "teleport:pose_jump", "kidnap:localization_lost",
                                                  "estimate_error:drift", "relocalization:-"}));
    EXPECT_EQ(truth(report("stuck", 10)), (Truth{"stuck:stuck", "stop:-"}));
}

TEST(ScenarioReport, ProfilesTopicsAndPublishersUnderGazebo) {
    RunProfile profile;
    profile.clock = {ClockProfile::Kind::Gazebo, 0.5};
    profile.recorder = RecorderKind::Batched;
    profile.robot = RobotKind::Rover;
    const nlohmann::json r = report("nav2", 20, profile);
    EXPECT_EQ(r["robot"], "rover");
    EXPECT_EQ(r["recorder"], "batched");
    // 20 s at 0.5: 40 wall seconds and a pause of min(10, 0.1 * 40) = 4 s at 6 s simulated.
    EXPECT_EQ(r["clock"], (nlohmann::json{{"kind", "gazebo"},
                                          {"real_time_factor", 0.5},
                                          {"sim_start_ns", 12'000'000'000},
                                          {"sim_duration_s", 20.0},
                                          {"wall_duration_s", 44.0},
                                          {"pause_wall_s", 4.0}}));
    EXPECT_EQ(r["start_time_ns"], 1'700'000'000'000'000'000);
    const nlohmann::json &pause = event(r, "pause");
    EXPECT_DOUBLE_EQ(pause["t_start"].get<double>(), 6.0);
    EXPECT_DOUBLE_EQ(pause["wall_start_s"].get<double>(), 12.0);
    EXPECT_TRUE(pause["anomaly"].is_null());
    std::map<std::string, nlohmann::json> topics;
    for (const auto &t : r["topics"]) topics[t["name"].get<std::string>()] = t;
    EXPECT_EQ(topics.at("/clock")["messages"], 2000);
    EXPECT_EQ(topics.at("/clock")["rate_hz"], 100.0);
    EXPECT_EQ(topics.at("/cmd_vel")["messages"], 400);  // the rover's controller: 20 Hz throughout
    EXPECT_EQ(topics.at("/tf")["publishers"], 1);
    EXPECT_EQ(topics.at("/scan")["rate_hz"], 10.0);
}

TEST(ScenarioReport, TheTruthProfilesStateTheVerdictAndTheirAnomalies) {
    const nlohmann::json rear = report("rear_collision", 0);
    EXPECT_EQ(rear["expected_verdict"], "potential_failure");
    ASSERT_EQ(rear["expected_anomalies"].size(), 1u);
    const nlohmann::json &collision = rear["expected_anomalies"][0];
    EXPECT_EQ(collision["code"], "collision");
    EXPECT_EQ(collision["topic"], "/scan_rear");
    EXPECT_DOUBLE_EQ(collision["t_start"].get<double>(), event(rear, "collision")["t_start"].get<double>());
    EXPECT_DOUBLE_EQ(collision["t_end"].get<double>(), event(rear, "collision")["t_end"].get<double>());

    const nlohmann::json slip = report("wheel_slip", 0);
    EXPECT_EQ(slip["expected_verdict"], "potential_failure");
    EXPECT_EQ(slip["expected_anomalies"],
              nlohmann::json::parse(R"([{"code": "stuck", "t_start": 15.0, "t_end": 25.0}])"));
    EXPECT_EQ(slip["truth"]["frames"]["ground_truth"],
              "/ground_truth nav_msgs/Odometry, frame world (= map) -> base_footprint");
    EXPECT_EQ(report("gz_pose_info", 20)["truth"]["frames"]["ground_truth"],
              "/world/office/pose/info geometry_msgs/PoseArray (Gazebo pose/info through ros_gz_bridge), poses[2] "
              "(the robot's model), frame world (= map)");

    EXPECT_EQ(report("mocap_slip", 20)["truth"]["frames"]["ground_truth"],
              "/vicon/turtlebot3/turtlebot3 geometry_msgs/TransformStamped (vicon_bridge), frame world (= map) -> "
              "base_footprint");
    EXPECT_EQ(report("mocap_slip", 0)["expected_anomalies"], slip["expected_anomalies"]);

    EXPECT_EQ(report("amcl_restart", 0)["expected_verdict"], "ok");
    EXPECT_EQ(report("amcl_restart", 0)["expected_anomalies"], nlohmann::json::array());
    EXPECT_EQ(report("tf_only", 30)["expected_verdict"], "inconclusive");
    EXPECT_EQ(report("no_scanner", 30)["expected_verdict"], "inconclusive");
    // The other scenarios' scenario.json has no verdict (it stays as it was).
    EXPECT_FALSE(report("stall", 30).contains("expected_verdict"));
}

TEST(ScenarioReport, ExpectedVerdictFromTheAnomaliesAndTheScanTopics) {
    const std::vector<SimTopic> scan{{"/scan_rear", "sensor_msgs/msg/LaserScan", 5, false, 1, ""}};
    const std::vector<SimTopic> tf{{"/tf", "tf2_msgs/msg/TFMessage", 30, false, 1, ""}};
    const Event idle{"idle", 0, 1, "", {}, ""};
    const Event cut{"recorder_killed", 2, 2, "", {}, "recording_truncated"};
    EXPECT_EQ(expectedVerdict({idle}, scan), "ok");
    EXPECT_EQ(expectedVerdict({idle}, tf), "inconclusive");
    EXPECT_EQ(expectedVerdict({idle, cut}, tf), "potential_failure");
}

}  // namespace robometrics::sim
