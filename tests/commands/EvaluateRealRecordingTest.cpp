// `evaluate` on bags shaped like real recordings, written here: simulated-time header stamps,
// recorder batching (log times microseconds apart), /tf with several publishers, an
// event-driven AMCL topic, topics that were not recorded. Every rule of docs/conventions.md
// ("Time bases") and docs/evaluate.md ("Anomalies") has a case.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics {
namespace {

constexpr TimeNs kWallStart = 1'778'234'353'000'000'000;  // 2026-05-08, the recorder's clock
constexpr TimeNs kSimStart = 900 * kNsPerSecond;          // the simulator's clock
constexpr TimeNs kOdomPeriod = 50'000'000;                // 20 Hz
constexpr int kOdomMessages = 1200;                       // 60 s
constexpr double kSpeed = 0.5;                            // m/s along x

msgs::Header header(TimeNs stamp, const char *frame) { return msgs::Header{msgs::Time::fromNs(stamp), frame}; }

msgs::TFMessage transform(TimeNs stamp, const char *parent, const char *child, double x) {
    msgs::TransformStamped t;
    t.header = header(stamp, parent);
    t.child_frame_id = child;
    t.transform.translation.x = x;
    t.transform.rotation.w = 1;
    return msgs::TFMessage{{t}};
}

/// A Nav2-like recording under simulated time. Odometry stamps tick every 50 ms of sim time;
/// every 10th message is logged 1 us after the one before it (recorder batching). /tf carries
/// odom->base_link at 20 Hz and map->odom from AMCL on updates (two publishers). /amcl_pose is
/// published on update: 0.3 to 1.2 s apart. No /scan, no /imu.
std::filesystem::path writeNav2LikeBag(const std::filesystem::path &dir) {
    const auto path = dir / "nav2_like.mcap";
    auto writer = bag::TypedWriter::open(path.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    writer->declarePublishers("/tf", 2);
    const TimeNs latency = 2'000'000;  // 2 ms from publisher to recorder
    TimeNs previous_log = 0;
    TimeNs next_amcl = kSimStart + 500'000'000;
    const TimeNs amcl_gaps[] = {300'000'000, 600'000'000, 900'000'000, 400'000'000, 1'200'000'000, 700'000'000};
    int amcl_index = 0;
    for (int i = 0; i < kOdomMessages; ++i) {
        const TimeNs stamp = kSimStart + i * kOdomPeriod;
        TimeNs log = kWallStart + (stamp - kSimStart) + latency;
        if (i % 10 == 9) log = previous_log + 1000;  // batched with the previous message
        previous_log = log;
        msgs::Odometry odom;
        odom.header = header(stamp, "odom");
        odom.child_frame_id = "base_link";
        odom.pose.pose.position.x = kSpeed * toSeconds(stamp - kSimStart);
        odom.pose.pose.orientation.w = 1;
        odom.twist.twist.linear.x = kSpeed;
        EXPECT_TRUE(writer->write("/odom", odom, log).ok());
        EXPECT_TRUE(
            writer->write("/tf", transform(stamp, "odom", "base_link", odom.pose.pose.position.x), log + 100).ok());
        if (stamp >= next_amcl) {
            msgs::PoseWithCovarianceStamped amcl;
            amcl.header = header(stamp, "map");
            amcl.pose.pose.position.x = odom.pose.pose.position.x;
            amcl.pose.pose.orientation.w = 1;
            amcl.pose.covariance[0] = amcl.pose.covariance[7] = 0.01;  // 0.1 m
            amcl.pose.covariance[35] = 0.07;                           // 0.27 rad yaw, as a real AMCL
            EXPECT_TRUE(writer->write("/amcl_pose", amcl, log + 200).ok());
            EXPECT_TRUE(writer->write("/tf", transform(stamp, "map", "odom", 0.0), log + 300).ok());
            next_amcl += amcl_gaps[amcl_index++ % 6];
        }
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

nlohmann::json evaluate(const std::filesystem::path &bag, const std::filesystem::path &out,
                        std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"evaluate", bag.string(), "-o", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    auto run = test::runRobometrics(args);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    std::ifstream in(out / "summary.json");
    return nlohmann::json::parse(in);
}

const nlohmann::json &topic(const nlohmann::json &summary, const std::string &name) {
    for (const auto &t : summary["topics"]) {
        if (t["topic"] == name) return t;
    }
    static const nlohmann::json none;
    ADD_FAILURE() << "no topic " << name;
    return none;
}

class EvaluateRealRecording : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new std::filesystem::path(test::scratchDir("eval-real"));
        summary_ = new nlohmann::json(evaluate(writeNav2LikeBag(*dir_), *dir_ / "eval"));
    }
    static void TearDownTestSuite() {
        delete summary_;
        delete dir_;
    }
    static std::filesystem::path *dir_;
    static nlohmann::json *summary_;
};
std::filesystem::path *EvaluateRealRecording::dir_ = nullptr;
nlohmann::json *EvaluateRealRecording::summary_ = nullptr;

TEST_F(EvaluateRealRecording, WithoutAScannerTheVerdictIsInconclusiveAndSaysWhy) {
    const auto &s = *summary_;
    EXPECT_EQ(s["verdict"], "inconclusive") << s["anomalies"].dump(2);
    EXPECT_TRUE(s["anomalies"].empty());
    std::string not_evaluated = s["not_evaluated"].dump();
    EXPECT_NE(not_evaluated.find("no sensor_msgs/LaserScan topic"), std::string::npos);
    EXPECT_NE(not_evaluated.find("no sensor_msgs/Imu topic"), std::string::npos);
    const auto &basis = s["verdict_basis"];
    ASSERT_EQ(basis["checks_not_run"].size(), 1u) << basis.dump(2);
    EXPECT_EQ(basis["checks_not_run"][0]["check"], "collisions");
    std::vector<std::string> run;
    for (const auto &c : basis["checks_run"]) run.push_back(c["check"]);
    EXPECT_EQ(run, (std::vector<std::string>{"motion", "topic_health"}));
}

TEST_F(EvaluateRealRecording, MetricsWithoutTheirInputAreNullWithTheReasonNeverZero) {
    const auto &t = (*summary_)["traversal"];
    for (const char *scan_metric : {"collision_events", "total_collisions", "min_clearance_m", "mean_clearance_m",
                                    "time_low_clearance_s", "scan_readings", "invalid_scan_share"}) {
        EXPECT_TRUE(t[scan_metric].is_null()) << scan_metric << " " << t[scan_metric];
        EXPECT_NE(t["null_reasons"][scan_metric].get<std::string>().find("LaserScan"), std::string::npos);
    }
    for (const char *imu_metric : {"smoothness_metric", "mean_smoothness", "time_rough_terrain_s", "rough_imu_readings",
                                   "max_accel_magnitude_mps2"}) {
        EXPECT_TRUE(t[imu_metric].is_null()) << imu_metric << " " << t[imu_metric];
        EXPECT_NE(t["null_reasons"][imu_metric].get<std::string>().find("Imu"), std::string::npos);
    }
    EXPECT_TRUE((*summary_)["safety"]["collision_events"].is_null());
    EXPECT_TRUE((*summary_)["scanners"].empty());
    EXPECT_TRUE(t["distance_traveled_m"].is_number());  // measured on the odometry pose
}

TEST_F(EvaluateRealRecording, AnInOrderTfHasNoCaveat) {
    EXPECT_FALSE(summary_->contains("caveats")) << (*summary_)["caveats"].dump();
}

TEST_F(EvaluateRealRecording, SimTimeIsDetectedAndStated) {
    const auto &tb = (*summary_)["time_base"];
    EXPECT_TRUE(tb["sim_time"].get<bool>());
    // log - stamp = wall start - sim start + 2 ms latency (the median ignores batched messages).
    EXPECT_NEAR(tb["stamp_offset_s"].get<double>(), toSeconds(kWallStart - kSimStart) + 0.002, 1e-3);
    EXPECT_NE(tb["description"].get<std::string>().find("simulated time"), std::string::npos);
}

TEST_F(EvaluateRealRecording, SpeedUsesHeaderStampsNotBatchedLogTimes) {
    // Batched pairs are 1 us apart in log time; over header stamps every step is 0.025 m / 0.05 s.
    const auto &m = (*summary_)["motion"];
    EXPECT_NEAR(m["max_speed_mps"].get<double>(), kSpeed, 1e-6);
    EXPECT_TRUE(m["max_speed_from_stamps"].get<bool>());
    EXPECT_NEAR(m["path_length_m"].get<double>(), kSpeed * (kOdomMessages - 1) * 0.05, 1e-6);
}

TEST_F(EvaluateRealRecording, TraversalFallsBackToOdometry) {
    const auto &t = (*summary_)["traversal"];
    EXPECT_EQ(t["distance_source"], "/odom");
    EXPECT_EQ(t["velocity_source"], "/odom");
    EXPECT_NEAR(t["distance_traveled_m"].get<double>(), kSpeed * (kOdomMessages - 1) * 0.05, 1e-6);
    EXPECT_NEAR(t["mean_velocity_mps"].get<double>(), kSpeed, 1e-9);
    EXPECT_TRUE(t["min_clearance_m"].is_null());  // no scan: no data, not 0 and not nan
}

TEST_F(EvaluateRealRecording, TopicKindsDecideWhetherDropsAreCounted) {
    const auto &odom = topic(*summary_, "/odom");
    EXPECT_EQ(odom["kind"], "periodic");
    EXPECT_TRUE(odom["period_from_stamps"].get<bool>());
    EXPECT_DOUBLE_EQ(odom["expected_period_ms"].get<double>(), 50.0);
    EXPECT_EQ(odom["estimated_drops"], 0);
    const auto &tf = topic(*summary_, "/tf");
    EXPECT_EQ(tf["kind"], "multi_publisher");
    EXPECT_EQ(tf["publishers"], 2);
    EXPECT_TRUE(tf["estimated_drops"].is_null());
    const auto &amcl = topic(*summary_, "/amcl_pose");
    EXPECT_EQ(amcl["kind"], "event_driven");
    EXPECT_TRUE(amcl["estimated_drops"].is_null());
}

TEST_F(EvaluateRealRecording, RequiredTopicThatWasNotRecordedIsAnAnomalyWithEvidence) {
    auto summary =
        evaluate(*dir_ / "nav2_like.mcap", *dir_ / "eval-required", {"-p", "required_topics:=[/scan, /odom]"});
    EXPECT_EQ(summary["verdict"], "potential_failure");
    ASSERT_EQ(summary["anomalies"].size(), 1u) << summary["anomalies"].dump(2);
    const auto &a = summary["anomalies"][0];
    EXPECT_EQ(a["code"], "missing_topic");
    EXPECT_EQ(a["message"], "required topic /scan was not recorded");
    EXPECT_EQ(a["evidence"]["messages"], 0.0);
}

TEST(EvaluateRealRecordingDrops, APeriodicTopicWithAGapReportsTheGapWithEvidence) {
    // 20 Hz odometry on wall-clock stamps with 3 s missing in the middle (60 messages).
    auto dir = test::scratchDir("eval-gap");
    const auto path = dir / "gap.mcap";
    {
        auto writer = bag::TypedWriter::open(path.string());
        ASSERT_TRUE(writer.ok());
        for (int i = 0; i < 400; ++i) {
            if (i >= 100 && i < 160) continue;
            const TimeNs stamp = kWallStart + i * kOdomPeriod;
            msgs::Odometry odom;
            odom.header = header(stamp, "odom");
            odom.pose.pose.position.x = kSpeed * toSeconds(stamp - kWallStart);
            odom.pose.pose.orientation.w = 1;
            ASSERT_TRUE(writer->write("/odom", odom, stamp + 1'000'000).ok());
        }
        ASSERT_TRUE(writer->close().ok());
    }
    auto summary = evaluate(path, dir / "eval");
    EXPECT_FALSE(summary["time_base"]["sim_time"].get<bool>());
    ASSERT_EQ(summary["anomalies"].size(), 1u) << summary["anomalies"].dump(2);
    const auto &a = summary["anomalies"][0];
    EXPECT_EQ(a["code"], "topic_drops");
    EXPECT_EQ(a["evidence"]["estimated_drops"], 60.0);
    EXPECT_EQ(a["evidence"]["messages"], 340.0);
    EXPECT_DOUBLE_EQ(a["evidence"]["expected_period_ms"].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(a["evidence"]["longest_gap_ms"].get<double>(), 3050.0);
    // The 3.05 s gap at 0.5 m/s is 1.525 m of real travel, not a teleport.
    EXPECT_NEAR(summary["motion"]["max_speed_mps"].get<double>(), kSpeed, 1e-6);
}

TEST(EvaluateRealRecordingTf, ATfSampleArrivingAfterTheChainWasBuiltPastItIsACaveat) {
    // 300 s at 20 Hz: odom -> base_link (6000 samples, so the estimate chain is built in steps
    // while the bag is read) and map -> odom every second, then one odom -> base_link sample
    // stamped at 10 s written last (a second publisher's late message). The ground truth is where
    // the TF puts base_link in map: the ATE runs on the TF estimate and the late sample is a caveat.
    auto dir = test::scratchDir("eval-late-tf");
    const auto path = dir / "late_tf.mcap";
    {
        auto writer = bag::TypedWriter::open(path.string());
        ASSERT_TRUE(writer.ok());
        std::ofstream gt(dir / "gt.tum");
        gt.precision(17);
        for (int i = 0; i < 6000; ++i) {
            // A circle of 20 m radius at 0.5 m/s: a straight line would leave the alignment undetermined.
            const TimeNs stamp = kWallStart + i * kOdomPeriod;
            const double angle = kSpeed * toSeconds(stamp - kWallStart) / 20.0;
            const double x = 20.0 * std::sin(angle), y = 20.0 * (1.0 - std::cos(angle));
            msgs::Odometry odom;
            odom.header = header(stamp, "odom");
            odom.pose.pose.position.x = x;
            odom.pose.pose.position.y = y;
            odom.pose.pose.orientation.w = 1;
            ASSERT_TRUE(writer->write("/odom", odom, stamp + 1'000'000).ok());
            msgs::TFMessage base = transform(stamp, "odom", "base_link", x);
            base.transforms[0].transform.translation.y = y;
            ASSERT_TRUE(writer->write("/tf", base, stamp + 1'000'100).ok());
            if (i % 20 == 0) {
                ASSERT_TRUE(writer->write("/tf", transform(stamp, "map", "odom", 1.0), stamp + 1'000'200).ok());
            }
            gt << toSeconds(stamp) << ' ' << x + 1.0 << ' ' << y << " 0 0 0 0 1\n";
        }
        const TimeNs late = kWallStart + 10 * kNsPerSecond + 25'000'000;
        const TimeNs end = kWallStart + 6000 * kOdomPeriod;
        ASSERT_TRUE(writer->write("/tf", transform(late, "odom", "base_link", 5.0), end + 1'000'000).ok());
        ASSERT_TRUE(writer->close().ok());
    }
    auto run = test::runRobometrics(
        {"evaluate", path.string(), "--gt-traj", (dir / "gt.tum").string(), "-o", (dir / "eval").string()});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::ifstream in(dir / "eval" / "summary.json");
    const auto summary = nlohmann::json::parse(in);
    ASSERT_TRUE(summary.contains("trajectory")) << summary["not_evaluated"].dump();
    EXPECT_NE(summary["trajectory"]["estimate"].get<std::string>().find(":tf:map:base_link"), std::string::npos);
    ASSERT_TRUE(summary.contains("caveats"));
    ASSERT_EQ(summary["caveats"].size(), 1u) << summary["caveats"].dump();
    EXPECT_NE(summary["caveats"][0].get<std::string>().find("a sample of base_link stamped"), std::string::npos)
        << summary["caveats"][0];
    EXPECT_NE(run.out.find("caveat: TF: a sample of base_link"), std::string::npos) << run.out;
    EXPECT_NE(test::readFile(dir / "eval" / "report.html").find("Caveats"), std::string::npos);
}

}  // namespace
}  // namespace robometrics
