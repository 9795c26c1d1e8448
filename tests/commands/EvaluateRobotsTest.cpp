// `evaluate` on a recording of two robots, each under its namespace with its own /tf as Nav2's
// multi-robot bringup records them (docs/evaluate.md, "Several robots"): robot1 drives as told,
// robot2 is told to drive throughout but stands still from 10 s to 20 s. The bag is written here
// with that truth.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/io/TrajectoryFile.hpp"

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

/// Sideways where the robot is at x along its path: straight (the stall test), or with a ground
/// truth a gentle curve (an ATE needs a path that is not one line to align).
double fleetY(bool curved, double x) { return curved ? 0.5 * std::sin(x / 2) : 0.0; }

/// The lateral error of the ground truth against the odometry at sample i (50 Hz): +5 cm, -5 cm,
/// alternately. No rigid alignment takes it away, so each robot's ATE RMSE is 0.05 m.
double truthY(int i) { return i % 2 == 0 ? 0.05 : -0.05; }

/// Robot2's AMCL covariance at `t`: a converged filter (0.1 m, 0.27 rad), spread out (1.5 m,
/// 1.2 rad: the lost detector's lost means) from 22 s to 28 s.
void amclCovariance(double t, msgs::PoseWithCovarianceStamped &amcl) {
    const bool lost = t >= 22 && t < 28;
    amcl.pose.covariance[0] = amcl.pose.covariance[7] = lost ? 2.25 : 0.01;
    amcl.pose.covariance[35] = lost ? 1.44 : 0.07;
}

/// 30 s of both robots: cmd_vel 0.3 m/s at 10 Hz, scans seeing 2 m at 10 Hz, odometry and TF
/// (odom -> base_footprint) at 50 Hz, each on its own namespace. With `truth`, robot2 also has
/// its ground truth (/robot2/ground_truth/odom, 50 Hz, truthY off its odometry) and an AMCL pose
/// (10 Hz, lost from 22 s to 28 s), and robot1's ground truth is written to robot1_gt.tum.
std::filesystem::path writeFleetBag(const std::filesystem::path &dir, bool truth = false) {
    const auto path = dir / "fleet.mcap";
    slam::Trajectory robot1_truth;
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
            odom.pose.pose.position.y = fleetY(truth, fleetX(robot, t));
            odom.pose.pose.orientation.w = 1;
            EXPECT_TRUE(writer->write(ns + "/odom", odom, fleetAt(t)).ok());
            msgs::TFMessage tf;
            msgs::TransformStamped step;
            step.header = fleetHeader(t, "odom");
            step.child_frame_id = "base_footprint";
            step.transform.translation.x = fleetX(robot, t);
            step.transform.translation.y = fleetY(truth, fleetX(robot, t));
            step.transform.rotation.w = 1;
            tf.transforms.push_back(step);
            EXPECT_TRUE(writer->write(ns + "/tf", tf, fleetAt(t)).ok());
            if (!truth) continue;
            if (robot == "robot1") {
                robot1_truth.stamps.push_back(toSeconds(fleetAt(t)));
                robot1_truth.positions.emplace_back(fleetX(robot, t), fleetY(true, fleetX(robot, t)) + truthY(i), 0);
                robot1_truth.orientations.push_back(Eigen::Quaterniond::Identity());
                continue;
            }
            msgs::Odometry gt = odom;
            gt.header.frame_id = "map";
            gt.pose.pose.position.y += truthY(i);
            EXPECT_TRUE(writer->write(ns + "/ground_truth/odom", gt, fleetAt(t)).ok());
            if (i % 5 != 0) continue;
            msgs::PoseWithCovarianceStamped amcl;
            amcl.header = fleetHeader(t, "map");
            amcl.pose.pose = odom.pose.pose;
            amclCovariance(t, amcl);
            EXPECT_TRUE(writer->write(ns + "/amcl_pose", amcl, fleetAt(t)).ok());
        }
    }
    EXPECT_TRUE(writer->close().ok());
    if (truth) {
        EXPECT_TRUE(io::writeTumFile((dir / "robot1_gt.tum").string(), robot1_truth).ok());
    }
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
    // Nothing was given to measure an ATE or a localization on: null, and why.
    for (const nlohmann::json *r : {&r1, &r2}) {
        const std::string ns = "/" + (*r)["name"].get<std::string>();
        EXPECT_TRUE((*r)["ate"].is_null()) << r->dump();
        EXPECT_NE((*r)["not_measured"]["ate"].get<std::string>().find("no ground truth for " + ns), std::string::npos)
            << r->dump();
        EXPECT_TRUE((*r)["localization"].is_null());
        EXPECT_NE((*r)["not_measured"]["localization"].get<std::string>().find("no AMCL pose"), std::string::npos);
    }
    // The traversal metrics of each robot on its own topics: the first robot's are the run's.
    EXPECT_EQ(r1["traversal"], s["traversal"]);
    const nlohmann::json &t2 = r2["traversal"];
    ASSERT_FALSE(t2.is_null()) << r2.dump(2);
    EXPECT_NEAR(t2["distance_traveled_m"].get<double>(), 6.0, 1e-6);  // its odometry pose: 10 s standing still
    EXPECT_EQ(t2["distance_source"], "/robot2/odom");
    EXPECT_NEAR(r1["traversal"]["distance_traveled_m"].get<double>(), 9.0, 1e-6);
    EXPECT_EQ(t2["scan_readings"], 301 * 90);  // its own 301 scans of 90 readings, robot1's not counted
    EXPECT_NEAR(t2["min_clearance_m"].get<double>(), 2.0, 1e-6);
    EXPECT_EQ(t2["collision_events"], 0);
    EXPECT_TRUE(t2["mean_smoothness"].is_null());  // no IMU recorded
    EXPECT_EQ(t2["null_reasons"]["mean_smoothness"], "no sensor_msgs/Imu topic was recorded");
    EXPECT_FALSE(r2["not_measured"].contains("traversal"));
}

// Each robot against its own ground truth: robot1's given on the command line (--gt-traj
// robot1=FILE), robot2's recorded under its namespace; robot2's AMCL pose gets its own lost
// detector. The ground truths are 5 cm off the odometry in y, alternately +y and -y: no rigid
// alignment takes that away (it best leaves the path in place), so each ATE RMSE is 0.05 m.
TEST(EvaluateRobots, EachRobotHasItsOwnAteAndLostDetector) {
    const auto dir = test::scratchDir("eval-robots-truth");
    const auto bag = writeFleetBag(dir, true);
    const FleetRun run = evaluateFleet(bag, "truth", {"--gt-traj", "robot1=" + (dir / "robot1_gt.tum").string()});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const nlohmann::json &r1 = run.summary["robots"][0], &r2 = run.summary["robots"][1];
    ASSERT_FALSE(r1["ate"].is_null()) << r1.dump(2);
    EXPECT_NEAR(r1["ate"]["rmse_m"].get<double>(), 0.05, 1e-3);
    EXPECT_EQ(r1["ate"]["pairs"], 1501);
    EXPECT_NE(r1["ate"]["estimate"].get<std::string>().find(":/robot1/odom"), std::string::npos);
    ASSERT_FALSE(r2["ate"].is_null()) << r2.dump(2);
    EXPECT_NEAR(r2["ate"]["rmse_m"].get<double>(), 0.05, 1e-3);
    EXPECT_EQ(r2["ate"]["pairs"], 301);  // on its AMCL pose, 10 Hz for 30 s
    EXPECT_NE(r2["ate"]["ground_truth"].get<std::string>().find(":/robot2/ground_truth/odom"), std::string::npos);
    EXPECT_NE(r2["ate"]["estimate"].get<std::string>().find(":/robot2/amcl_pose"), std::string::npos);
    // The run's ATE is the first robot's.
    EXPECT_NEAR(run.summary["trajectory"]["ate_se3"]["rmse"].get<double>(), 0.05, 1e-3);
    // robot2's lost detector, its episode named with it; robot1 has no AMCL pose.
    EXPECT_TRUE(r1["localization"].is_null());
    ASSERT_FALSE(r2["localization"].is_null());
    EXPECT_EQ(r2["localization"]["topic"], "/robot2/amcl_pose");
    EXPECT_EQ(r2["localization"]["lost_episodes"], 1);
    bool lost = false;
    for (const auto &a : run.summary["anomalies"]) {
        if (a["code"] != "localization_lost") continue;
        lost = true;
        EXPECT_EQ(a["robot"], "robot2");
        EXPECT_NEAR(a["time_s"].get<double>(), 22.0, 0.25) << a.dump();
        EXPECT_NEAR(a["end_time_s"].get<double>(), 28.0, 1.0) << a.dump();
    }
    EXPECT_TRUE(lost) << run.summary["anomalies"].dump(2);
    EXPECT_NE(run.out.find("; ATE 0.050 m ("), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("; localization on /robot2/amcl_pose"), std::string::npos) << run.out;
    // A second --gt-traj for the same robot, or two plain ones, is bad usage.
    const FleetRun twice = evaluateFleet(bag, "twice", {"--gt-traj", "robot1=a.tum", "--gt-traj", "robot1=b.tum"});
    EXPECT_EQ(twice.exit_code, 2);
    EXPECT_NE(twice.err.find("--gt-traj robot1=: given twice"), std::string::npos) << twice.err;
    // A robot the recording does not have is an error that lists those it has.
    const FleetRun unknown = evaluateFleet(bag, "unknown", {"--gt-traj", "robot3=" + (dir / "robot1_gt.tum").string()});
    EXPECT_EQ(unknown.exit_code, 1);
    EXPECT_NE(unknown.err.find("no such robot in the recording (its robots: robot1, robot2)"), std::string::npos)
        << unknown.err;
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
