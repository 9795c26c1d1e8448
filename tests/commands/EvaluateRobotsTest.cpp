// `evaluate` on a recording of two robots, each under its namespace with its own /tf as Nav2's
// multi-robot bringup records them (docs/evaluate.md, "Several robots"): robot1 drives as told,
// robot2 is told to drive throughout but stands still from 10 s to 20 s. The bag is written here
// with that truth.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics {
namespace {

constexpr TimeNs kFleetStart = 1'710'000'000 * kNsPerSecond;  // every topic starts here: the axis' 0

TimeNs fleetAt(double seconds) { return kFleetStart + fromSeconds(seconds); }

msgs::Header fleetHeader(double seconds, const std::string &frame) {
    return msgs::Header{msgs::Time::fromNs(fleetAt(seconds)), frame};
}

/// Where each robot is at `t` along x: robot1 at 0.3 m/s all along, robot2 the same but standing
/// still from 10 s to 20 s.
double fleetX(const std::string &robot, double t) {
    if (robot == "robot1" || t < 10) return 0.3 * t;
    return t < 20 ? 3.0 : 3.0 + 0.3 * (t - 20);
}

/// 30 s of both robots: cmd_vel 0.3 m/s at 10 Hz, scans seeing 2 m at 10 Hz, odometry and TF
/// (odom -> base_footprint) at 50 Hz, each on its own namespace.
std::filesystem::path writeFleetBag(const std::filesystem::path &dir) {
    const auto path = dir / "fleet.mcap";
    auto writer = bag::TypedWriter::open(path.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    for (int i = 0; i <= 1500; ++i) {
        const double t = i / 50.0;
        for (const std::string robot : {"robot1", "robot2"}) {
            const std::string ns = "/" + robot;
            if (i % 5 == 0) {
                msgs::Twist cmd;
                cmd.linear.x = 0.3;
                EXPECT_TRUE(writer->write(ns + "/cmd_vel", cmd, fleetAt(t)).ok());
                msgs::LaserScan scan;
                scan.header = fleetHeader(t, "base_scan");
                scan.range_min = 0.05f;
                scan.range_max = 12.0f;
                scan.angle_increment = 0.07f;
                scan.ranges.assign(90, 2.0f);
                EXPECT_TRUE(writer->write(ns + "/scan", scan, fleetAt(t)).ok());
            }
            msgs::Odometry odom;
            odom.header = fleetHeader(t, "odom");
            odom.child_frame_id = "base_footprint";
            odom.pose.pose.position.x = fleetX(robot, t);
            odom.pose.pose.orientation.w = 1;
            EXPECT_TRUE(writer->write(ns + "/odom", odom, fleetAt(t)).ok());
            msgs::TFMessage tf;
            msgs::TransformStamped step;
            step.header = fleetHeader(t, "odom");
            step.child_frame_id = "base_footprint";
            step.transform.translation.x = fleetX(robot, t);
            step.transform.rotation.w = 1;
            tf.transforms.push_back(step);
            EXPECT_TRUE(writer->write(ns + "/tf", tf, fleetAt(t)).ok());
        }
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

struct FleetRun {
    int exit_code = 0;
    std::string out, err;
    nlohmann::json summary;
};

FleetRun evaluateFleet(const std::filesystem::path &bag, const std::string &name, std::vector<std::string> extra = {}) {
    const auto out = bag.parent_path() / name;
    std::vector<std::string> args = {"evaluate", bag.string(), "-o", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = test::runRobometrics(args);
    FleetRun r{run.exit_code, run.out, run.err, nullptr};
    std::ifstream in(out / "summary.json");
    if (in) r.summary = nlohmann::json::parse(in);
    return r;
}

TEST(EvaluateRobots, EachRobotIsJudgedOnItsOwnAndTheStallOfTheSecondIsNamedWithIt) {
    const auto bag = writeFleetBag(test::scratchDir("eval-robots"));
    const FleetRun run = evaluateFleet(bag, "both");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const nlohmann::json &s = run.summary;
    EXPECT_EQ(s["verdict"], "potential_failure");
    std::vector<nlohmann::json> stuck;
    for (const auto &a : s["anomalies"]) {
        if (a["code"] == "stuck") stuck.push_back(a);
    }
    ASSERT_EQ(stuck.size(), 1u) << s["anomalies"].dump(2);
    EXPECT_EQ(stuck[0]["robot"], "robot2");
    EXPECT_NEAR(stuck[0]["time_s"].get<double>(), 10.0, 0.25);
    EXPECT_NEAR(stuck[0]["end_time_s"].get<double>(), 20.0, 0.25);
    ASSERT_EQ(s["robots"].size(), 2u) << s.dump(2);
    const nlohmann::json &r1 = s["robots"][0], &r2 = s["robots"][1];
    EXPECT_EQ(r1["name"], "robot1");
    EXPECT_EQ(r1["verdict"], "ok");
    EXPECT_EQ(r1["topics"]["odometry"], "/robot1/odom");
    EXPECT_EQ(r1["topics"]["tf"], "/robot1/tf");
    EXPECT_EQ(r1["activity"]["stuck_episodes"], 0);
    EXPECT_NEAR(r1["motion"]["path_length_m"].get<double>(), 9.0, 1e-6);  // 0.3 m/s for 30 s
    EXPECT_EQ(r2["name"], "robot2");
    EXPECT_EQ(r2["verdict"], "potential_failure");
    EXPECT_EQ(r2["anomalies"], nlohmann::json::array({"stuck"}));
    EXPECT_EQ(r2["topics"]["cmd_vel"], "/robot2/cmd_vel");
    EXPECT_EQ(r2["activity"]["progress_source"], "/robot2/odom");
    EXPECT_NEAR(r2["motion"]["path_length_m"].get<double>(), 6.0, 1e-6);  // 10 s standing still
    // The headlines say which robot did what.
    EXPECT_NE(run.out.find("  - stuck: robot2: commanded 0.30 m/s on /robot2/cmd_vel"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("robot robot1: ok;"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("robot robot2: potential_failure (stuck);"), std::string::npos) << run.out;
}

TEST(EvaluateRobots, RobotNarrowsToOneAndAnUnknownNameListsTheRobotsFound) {
    const auto bag = writeFleetBag(test::scratchDir("eval-robots-one"));
    const FleetRun one = evaluateFleet(bag, "robot1", {"--robot", "robot1"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(one.summary["verdict"], "ok") << one.summary["anomalies"].dump(2);
    ASSERT_EQ(one.summary["robots"].size(), 1u);
    EXPECT_EQ(one.summary["robots"][0]["name"], "robot1");
    EXPECT_EQ(one.summary["analysed_topics"]["scan"], "/robot1/scan");
    ASSERT_EQ(one.summary["scanners"].size(), 1u);  // its own scanner only
    const FleetRun two = evaluateFleet(bag, "robot2", {"--robot", "/robot2"});
    ASSERT_EQ(two.exit_code, 0) << two.err;
    EXPECT_EQ(two.summary["verdict"], "potential_failure");
    EXPECT_EQ(two.summary["anomalies"][0]["robot"], "robot2");
    const FleetRun none = evaluateFleet(bag, "robot3", {"--robot", "robot3"});
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.err.find("--robot robot3: no such robot in the recording (its robots: robot1, robot2)"),
              std::string::npos)
        << none.err;
}

}  // namespace
}  // namespace robometrics
