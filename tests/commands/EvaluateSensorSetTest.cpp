// `evaluate` on robots nobody here tuned for, each bag written here with its truth: two laser
// scanners with a contact seen only by the rear one, ground truth published as Gazebo's p3d
// Odometry with a wheel-slip stall, a TF-only recording, and a 200 Hz IMU that falls silent for
// 3 s while the robot drives (docs/evaluate.md: "Every sensor", "Ground truth in the bag", "A
// TF-only recording", the verdict and its core checks).

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics {
namespace {

constexpr TimeNs kStart = 1'700'000'000 * kNsPerSecond;  // every topic starts here: the run axis' 0

TimeNs at(double seconds) { return kStart + fromSeconds(seconds); }

msgs::Header stamped(double seconds, const char *frame) { return msgs::Header{msgs::Time::fromNs(at(seconds)), frame}; }

msgs::Odometry odometry(double seconds, double x, const char *frame = "odom") {
    msgs::Odometry o;
    o.header = stamped(seconds, frame);
    o.child_frame_id = "base_footprint";
    o.pose.pose.position.x = x;
    o.pose.pose.orientation.w = 1;
    return o;
}

msgs::LaserScan scan(double seconds, const char *frame, float range) {
    msgs::LaserScan s;
    s.header = stamped(seconds, frame);
    s.range_min = 0.05f;
    s.range_max = 12.0f;
    s.ranges.assign(90, range);
    return s;
}

/// Calls `each(i, t)` for the ticks of a `hz` topic over [0, seconds].
void ticks(double hz, double seconds, const std::function<void(int, double)> &each) {
    const int n = static_cast<int>(seconds * hz + 0.5);
    for (int i = 0; i <= n; ++i) each(i, i / hz);
}

nlohmann::json evaluateBag(const std::filesystem::path &bag, int expected_exit = 0,
                           std::vector<std::string> extra = {}) {
    const auto out = bag.parent_path() / (bag.stem().string() + "-eval");
    std::vector<std::string> args = {"evaluate", bag.string(), "-o", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = test::runRobometrics(args);
    EXPECT_EQ(run.exit_code, expected_exit) << run.err;
    std::ifstream in(out / "summary.json");
    return nlohmann::json::parse(in);
}

std::vector<nlohmann::json> anomaliesOf(const nlohmann::json &summary, const std::string &code) {
    std::vector<nlohmann::json> out;
    for (const auto &a : summary["anomalies"]) {
        if (a["code"] == code) out.push_back(a);
    }
    return out;
}

/// A robot driving 0.2 m/s along x for 20 s with 20 Hz odometry, and front and rear scanners at
/// 10 Hz that see 1 m all round, except the rear one, which sees 0.1 m from 5.0 s to 6.5 s.
TEST(EvaluateSensorSet, EveryScannerIsReadAndAContactSeenOnlyByTheRearOneIsRaisedOnItsTopic) {
    const auto path = test::scratchDir("eval-two-scanners") / "two_scanners.mcap";
    auto writer = bag::TypedWriter::open(path.string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    ticks(20, 20, [&](int, double t) { ASSERT_TRUE(writer->write("/odom", odometry(t, 0.2 * t), at(t)).ok()); });
    ticks(10, 20, [&](int, double t) {
        ASSERT_TRUE(writer->write("/scan_front", scan(t, "base_scan_front", 1.0f), at(t)).ok());
        const bool contact = t > 4.999 && t < 6.501;
        ASSERT_TRUE(writer->write("/scan_rear", scan(t, "base_scan_rear", contact ? 0.1f : 1.0f), at(t)).ok());
    });
    ASSERT_TRUE(writer->close().ok());

    const nlohmann::json s = evaluateBag(path, 3, {"--exit-code"});
    EXPECT_EQ(s["verdict"], "potential_failure");
    const auto collisions = anomaliesOf(s, "collision");
    ASSERT_EQ(collisions.size(), 1u) << s["anomalies"].dump(2);
    EXPECT_NE(collisions[0]["message"].get<std::string>().find("/scan_rear"), std::string::npos);
    // From the first colliding scan to the last: 5.0 s to 6.5 s, 16 scans at 10 Hz.
    EXPECT_NEAR(collisions[0]["time_s"].get<double>(), 5.0, 1e-6);
    EXPECT_NEAR(collisions[0]["end_time_s"].get<double>(), 6.5, 1e-6);
    EXPECT_EQ(collisions[0]["evidence"]["scans_in_collision"], 16);
    ASSERT_EQ(s["scanners"].size(), 2u);
    EXPECT_EQ(s["scanners"][0]["topic"], "/scan_front");
    EXPECT_EQ(s["scanners"][0]["collision_events"], 0);
    EXPECT_EQ(s["scanners"][1]["collision_events"], 1);
    EXPECT_EQ(s["safety"]["collision_events"], 1);
    EXPECT_NEAR(s["safety"]["min_clearance_m"].get<double>(), 0.1, 1e-6);
    for (const auto &sensor : s["sensors"]) {
        if (sensor["type"] == "sensor_msgs/msg/LaserScan") {
            EXPECT_TRUE(sensor["used"].get<bool>()) << sensor.dump();
        }
    }
    // --topic narrows the scanners to the one named: the front one sees nothing.
    const nlohmann::json front = evaluateBag(path, 0, {"--topic", "scan=/scan_front"});
    EXPECT_EQ(front["verdict"], "ok") << front["anomalies"].dump(2);
    ASSERT_EQ(front["scanners"].size(), 1u);
}

/// The wheel-slip runs' command, 0.3 m/s throughout 30 s at 10 Hz, and a scanner seeing 2 m.
void writeDriveCommandsAndScans(bag::TypedWriter &writer) {
    ticks(10, 30, [&](int, double t) {
        msgs::Twist command;
        command.linear.x = 0.3;
        ASSERT_TRUE(writer.write("/cmd_vel", command, at(t)).ok());
        ASSERT_TRUE(writer.write("/scan", scan(t, "base_scan", 2.0f), at(t)).ok());
    });
}

/// The wheel-slip runs' true distance along the path: driving, standing 10-20 s, driving again.
double trueDistance(double t) { return t < 10 ? 0.3 * t : (t < 20 ? 3.0 : 3.0 + 0.3 * (t - 20)); }

/// Commanded 0.3 m/s throughout 30 s; the wheel odometry counts 0.3 m/s all along, the ground
/// truth (Gazebo's p3d, nav_msgs/Odometry on /ground_truth) stands still from 10 s to 20 s.
TEST(EvaluateSensorSet, GroundTruthOdometryShowsAWheelSlipStallFromItsOnset) {
    const auto path = test::scratchDir("eval-wheel-slip") / "wheel_slip.mcap";
    auto writer = bag::TypedWriter::open(path.string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    writeDriveCommandsAndScans(*writer);
    // Along a gentle curve (a straight line leaves the ATE's rotation undetermined, as in evo).
    auto along = [](double t, double d, const char *frame) {
        msgs::Odometry o = odometry(t, d, frame);
        o.pose.pose.position.y = 0.5 * std::sin(d / 2);
        return o;
    };
    ticks(50, 30, [&](int, double t) {
        ASSERT_TRUE(writer->write("/odom", along(t, 0.3 * t, "odom"), at(t)).ok());
        ASSERT_TRUE(writer->write("/ground_truth", along(t, trueDistance(t), "world"), at(t)).ok());
    });
    ASSERT_TRUE(writer->close().ok());

    const nlohmann::json s = evaluateBag(path);
    EXPECT_EQ(s["verdict"], "potential_failure");
    EXPECT_EQ(s["activity"]["progress_source"], "/ground_truth (ground truth)");
    EXPECT_EQ(s["analysed_topics"]["odometry"], "/odom");  // the ground truth is not the robot's odometry
    const auto stuck = anomaliesOf(s, "stuck");
    ASSERT_EQ(stuck.size(), 1u) << s["anomalies"].dump(2);
    EXPECT_NEAR(stuck[0]["time_s"].get<double>(), 10.0, 0.25);
    EXPECT_NEAR(stuck[0]["end_time_s"].get<double>(), 20.0, 0.25);
    // The ATE's reference is the recorded ground truth; the estimate is the odometry, 3 m ahead
    // by the end.
    ASSERT_TRUE(s.contains("trajectory")) << s["not_evaluated"].dump(2);
    EXPECT_EQ(s["trajectory"]["matched_poses"], 1501);
    EXPECT_NE(s["trajectory"]["estimate"].get<std::string>().find("/odom"), std::string::npos);
}

/// The same stall with the ground truth in TF, as some simulators publish it: a frame of its own,
/// world -> base_footprint_gt, beside the robot's odom -> base_footprint.
TEST(EvaluateSensorSet, GroundTruthInTfShowsAWheelSlipStallFromItsOnset) {
    const auto path = test::scratchDir("eval-tf-truth") / "tf_truth.mcap";
    auto writer = bag::TypedWriter::open(path.string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    writeDriveCommandsAndScans(*writer);
    auto link = [](double t, const char *parent, const char *child, double d) {
        msgs::TransformStamped l;
        l.header = stamped(t, parent);
        l.child_frame_id = child;
        l.transform.translation.x = d;
        l.transform.translation.y = 0.5 * std::sin(d / 2);
        l.transform.rotation.w = 1;
        return l;
    };
    ticks(50, 30, [&](int, double t) {
        msgs::TFMessage tf{
            {link(t, "odom", "base_footprint", 0.3 * t), link(t, "world", "base_footprint_gt", trueDistance(t))}};
        ASSERT_TRUE(writer->write("/tf", tf, at(t)).ok());
        msgs::Odometry o = odometry(t, 0.3 * t);
        o.pose.pose.position.y = 0.5 * std::sin(0.3 * t / 2);
        ASSERT_TRUE(writer->write("/odom", o, at(t)).ok());
    });
    ASSERT_TRUE(writer->close().ok());

    const nlohmann::json s = evaluateBag(path);
    EXPECT_EQ(s["activity"]["progress_source"], "tf:world:base_footprint_gt (ground truth)");
    const auto stuck = anomaliesOf(s, "stuck");
    ASSERT_EQ(stuck.size(), 1u) << s["anomalies"].dump(2);
    EXPECT_NEAR(stuck[0]["time_s"].get<double>(), 10.0, 0.25);
    EXPECT_NEAR(stuck[0]["end_time_s"].get<double>(), 20.0, 0.25);
    ASSERT_TRUE(s.contains("trajectory")) << s["not_evaluated"].dump(2);
    EXPECT_EQ(s["trajectory"]["matched_poses"], 1501);
}

/// Only /tf: odom -> base_footprint at 0.5 m/s for 20 s (20 Hz), and a static base_footprint ->
/// base_scan. No scanner: nothing checked collisions.
TEST(EvaluateSensorSet, ATfOnlyRecordingGetsItsMotionFromTfAndIsInconclusive) {
    const auto path = test::scratchDir("eval-tf-only") / "tf_only.mcap";
    auto writer = bag::TypedWriter::open(path.string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    msgs::TransformStamped sensor;
    sensor.header = stamped(0, "base_footprint");
    sensor.child_frame_id = "base_scan";
    sensor.transform.rotation.w = 1;
    ASSERT_TRUE(writer->write("/tf_static", msgs::TFMessage{{sensor}}, at(0)).ok());
    ticks(20, 20, [&](int, double t) {
        msgs::TransformStamped robot;
        robot.header = stamped(t, "odom");
        robot.child_frame_id = "base_footprint";
        robot.transform.translation.x = 0.5 * t;
        robot.transform.rotation.w = 1;
        ASSERT_TRUE(writer->write("/tf", msgs::TFMessage{{robot}}, at(t)).ok());
    });
    ASSERT_TRUE(writer->close().ok());

    const nlohmann::json s = evaluateBag(path, 4, {"--exit-code"});
    EXPECT_EQ(s["verdict"], "inconclusive");
    EXPECT_EQ(s["motion"]["source"], "TF odom->base_footprint");
    EXPECT_NEAR(s["motion"]["path_length_m"].get<double>(), 10.0, 1e-6);
    ASSERT_EQ(s["verdict_basis"]["checks_not_run"].size(), 1u);
    EXPECT_EQ(s["verdict_basis"]["checks_not_run"][0]["check"], "collisions");
}

/// A 200 Hz IMU over a 120 s drive, silent from 60 s to 63 s: 2.5 % of the run, under the share
/// rule of topic_drops, but 600 periods while the robot moves.
TEST(EvaluateSensorSet, AnImuSilentForSecondsWhileTheRobotDrivesIsRaisedWhateverItsShare) {
    const auto path = test::scratchDir("eval-imu-silent") / "imu_silent.mcap";
    auto writer = bag::TypedWriter::open(path.string());
    ASSERT_TRUE(writer.ok()) << writer.message();
    ticks(20, 120, [&](int, double t) { ASSERT_TRUE(writer->write("/odom", odometry(t, 0.3 * t), at(t)).ok()); });
    ticks(10, 120, [&](int, double t) { ASSERT_TRUE(writer->write("/scan", scan(t, "base_scan", 2.0f), at(t)).ok()); });
    ticks(200, 120, [&](int, double t) {
        if (t > 60.0001 && t < 62.9999) return;
        msgs::Imu imu;
        imu.header = stamped(t, "imu_link");
        imu.linear_acceleration.z = 9.81;
        imu.orientation.w = 1;
        ASSERT_TRUE(writer->write("/imu/data", imu, at(t)).ok());
    });
    ASSERT_TRUE(writer->close().ok());

    const nlohmann::json s = evaluateBag(path);
    EXPECT_EQ(s["verdict"], "potential_failure");
    EXPECT_TRUE(anomaliesOf(s, "topic_drops").empty()) << s["anomalies"].dump(2);
    const auto silent = anomaliesOf(s, "sensor_silent");
    ASSERT_EQ(silent.size(), 1u) << s["anomalies"].dump(2);
    EXPECT_NE(silent[0]["message"].get<std::string>().find("/imu/data"), std::string::npos);
    EXPECT_NEAR(silent[0]["time_s"].get<double>(), 60.0, 0.01);
    EXPECT_NEAR(silent[0]["end_time_s"].get<double>(), 63.0, 0.01);
}

}  // namespace
}  // namespace robometrics
