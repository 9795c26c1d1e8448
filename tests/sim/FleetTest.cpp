// two_robots: two TurtleBot3s recorded under /robot1 and /robot2 (a /tf per namespace, frames
// without a prefix); robot2 is blocked 12 s into its first goal (evaluate judges it:
// EvaluateTruthProfiles.two_robots).

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>

#include "robometrics/sim/Fleet.hpp"
#include "robometrics/sim/FleetReport.hpp"
#include "robometrics/sim/NavScenarios.hpp"
#include "robometrics/sim/ScenarioSummary.hpp"

namespace robometrics::sim {

namespace {

struct FleetRun {
    std::unique_ptr<Fleet> fleet;  ///< the outputs' topic names point into it
    std::vector<SimOutput> outputs;
    std::vector<SimTopic> topics;
    std::map<std::string, std::uint64_t> counts;
    nlohmann::json report;
};

FleetRun runFleet(const RunProfile &profile = {}) {
    FleetRun r;
    r.fleet = std::make_unique<Fleet>(makeFleet("two_robots", 0, profile).value(), 1);
    Fleet &fleet = *r.fleet;
    std::vector<SimOutput> batch;
    while (!fleet.done()) {
        fleet.step(batch);
        for (SimOutput &o : batch) {
            ++r.counts[o.topic];
            r.outputs.push_back(std::move(o));
        }
    }
    r.topics = fleet.topics();
    r.report = fleetReport(fleet, r.counts);
    return r;
}

const FleetRun &twoRobots() {
    static const FleetRun run = runFleet();
    return run;
}

}  // namespace

TEST(Fleet, EveryTopicIsUnderItsRobotsNamespaceWithATfPerNamespace) {
    const FleetRun &r = twoRobots();
    std::set<std::string> one, two;
    for (const SimTopic &t : r.topics) {
        if (t.name.rfind("/robot1/", 0) == 0)
            one.insert(t.name.substr(7));
        else if (t.name.rfind("/robot2/", 0) == 0)
            two.insert(t.name.substr(7));
        else
            ADD_FAILURE() << "a topic outside the namespaces: " << t.name;
    }
    EXPECT_EQ(one, two);
    for (const char *own : {"/tf", "/tf_static", "/odom", "/scan", "/cmd_vel", "/amcl_pose", "/map"})
        EXPECT_TRUE(one.count(own)) << own;
    // Every message is on a listed topic, and the merged stream is in log time order.
    std::set<std::string> listed;
    for (const SimTopic &t : r.topics) listed.insert(t.name);
    for (std::size_t i = 0; i < r.outputs.size(); ++i) {
        EXPECT_TRUE(listed.count(r.outputs[i].topic)) << r.outputs[i].topic;
        if (i > 0) {
            ASSERT_LE(r.outputs[i - 1].time, r.outputs[i].time) << i;
        }
    }
}

TEST(Fleet, EachRobotsTfHasItsOwnFramesWithoutAPrefix) {
    std::set<std::string> children;
    for (const SimOutput &o : twoRobots().outputs) {
        if (std::string(o.topic) != "/robot2/tf") continue;
        for (const auto &t : std::get<msgs::TFMessage>(o.message).transforms) children.insert(t.child_frame_id);
    }
    EXPECT_TRUE(children.count("base_footprint"));
    EXPECT_TRUE(children.count("odom"));
    for (const std::string &c : children) EXPECT_EQ(c.find("robot"), std::string::npos) << c;
}

TEST(Fleet, Robot2StallsWhileRobot1CompletesItsGoals) {
    const nlohmann::json &j = twoRobots().report;
    EXPECT_EQ(j["expected_verdict"], "potential_failure");
    // The stall: 3 s wait, then 12 s into robot2's first goal, for 10 s.
    EXPECT_EQ(j["expected_anomalies"],
              (nlohmann::json::parse(R"([{"code": "stuck", "robot": "robot2", "t_start": 15.0, "t_end": 25.0}])")));
    int robot1_goals = 0;
    for (const auto &e : j["events"]) {
        ASSERT_TRUE(e.contains("robot")) << e.dump();
        if (e["robot"] == "robot1" && e["type"] == "goal" && e["result"] == "succeeded") ++robot1_goals;
        if (e["robot"] == "robot1") {
            EXPECT_TRUE(e["anomaly"].is_null()) << e.dump();
        }
    }
    EXPECT_EQ(robot1_goals, 2);
    ASSERT_EQ(j["robots"].size(), 2u);
    EXPECT_EQ(j["robots"][0]["expected_verdict"], "ok");
    EXPECT_EQ(j["robots"][1]["expected_verdict"], "potential_failure");
    EXPECT_EQ(j["robots"][1]["gt_trajectory"], "robot2/gt_trajectory.tum");
    EXPECT_EQ(j["robots"][1]["namespace"], "/robot2");
    EXPECT_FALSE(j.contains("truth"));
    EXPECT_FALSE(j["files"].contains("gt_trajectory"));
    // Topic counts are those written under the namespaced names.
    for (const auto &t : j["topics"]) EXPECT_EQ(t["messages"], twoRobots().counts.at(t["name"])) << t["name"];
    // The summary names each robot's true trajectory and each event's robot.
    const std::string summary = formatScenarioSummary("out", j);
    EXPECT_NE(summary.find("robot2/gt_trajectory.tum"), std::string::npos) << summary;
    EXPECT_NE(summary.find("robot2: stall"), std::string::npos) << summary;
    // The file column widens to the robots' folders: every description starts in one column
    // ("  " + the 24 characters of "robot1/gt_trajectory.tum" + " ").
    EXPECT_NE(summary.find("\n  run.mcap                 "), std::string::npos) << summary;
    EXPECT_NE(summary.find("\n  robot1/gt_trajectory.tum robot1's true trajectory"), std::string::npos) << summary;
    EXPECT_NE(summary.find("\n  scenario.json            events and expected outcomes"), std::string::npos) << summary;
}

TEST(Fleet, UnderGazeboTheClockIsPublishedOnceAtTheRoot) {
    RunProfile gazebo;
    gazebo.clock.kind = ClockProfile::Kind::Gazebo;
    const FleetRun r = runFleet(gazebo);
    std::vector<std::string> clocks;
    for (const SimTopic &t : r.topics)
        if (t.type == "rosgraph_msgs/msg/Clock") clocks.push_back(t.name);
    EXPECT_EQ(clocks, std::vector<std::string>{"/clock"});
    int pauses = 0;
    for (const auto &e : r.report["events"]) pauses += e["type"] == "pause";
    EXPECT_EQ(pauses, 1);
}

TEST(Fleet, AnUnknownFleetIsAnError) {
    EXPECT_FALSE(makeFleet("office", 0).ok());
    EXPECT_FALSE(makeFleetScenario("nav2").size());
}

}  // namespace robometrics::sim
