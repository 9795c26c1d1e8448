#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/SlamRunEvaluation.hpp"

using namespace robometrics;
using namespace robometrics::slam;
using robometrics::slam::test::pathOf;

namespace {

// Odometry at t = 1..4 s moving 1 m a second along x; the bag runs from 0.5 s to 10 s.
RunRecording recording() {
    RunRecording r;
    for (int i = 0; i < 4; ++i) r.odometry.push_back({1.0 + i, 1.0 * i, 0.0, std::nullopt});
    r.scans = 5;
    r.start_s = 0.5;
    r.end_s = 10.0;
    return r;
}

// A square with a raised corner (not collinear, so Umeyama is determined), stamped 0..4.
Trajectory truth() { return pathOf({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}}); }

}  // namespace

TEST(SlamRunEvaluation, ShiftedEstimateHasNoErrorAndTheMotionIsTheOdometrys) {
    const Trajectory gt = truth();
    Trajectory shifted = truth();
    for (auto &p : shifted.positions) p += Eigen::Vector3d(2, 0, 0);
    const Result<Trajectory> estimate = shifted;
    const RunRecording rec = recording();
    auto r = evaluateSlamRun({gt, estimate, rec}, SlamRunConfig{});
    ASSERT_TRUE(r.ok()) << r.message();
    ASSERT_TRUE(r->ate && r->ate_origin && r->rpe);
    EXPECT_EQ(r->ate->matched, 5u);
    EXPECT_NEAR(r->ate->stats.rmse, 0.0, 1e-12);
    EXPECT_NEAR(r->ate->alignment.translation.x(), -2.0, 1e-12);
    EXPECT_NEAR(r->ate_origin->stats.rmse, 0.0, 1e-12);
    EXPECT_NEAR(r->rpe->stats.rmse, 0.0, 1e-12);
    EXPECT_EQ(r->rpe->stats.n, 4u);  // consecutive pairs of 5 poses
    // 3 m of odometry at 1 m/s; moving from t = 2 s (1 m from the start), i.e. 1.5 s into the bag.
    EXPECT_DOUBLE_EQ(r->motion.path_length_m, 3.0);
    EXPECT_DOUBLE_EQ(r->motion.max_speed_mps, 1.0);
    EXPECT_DOUBLE_EQ(*r->movement_start_s, 1.5);
    EXPECT_DOUBLE_EQ(*r->duration_s, 8.0);
    EXPECT_NEAR(*r->drift_per_m, 0.0, 1e-12);
    EXPECT_EQ(r->scans, 5u);
    EXPECT_FALSE(r->map || r->map_error);
    EXPECT_STREQ(r->assessment.verdict(), "ok");
}

TEST(SlamRunEvaluation, MissingEstimateAndMapAreReportedNotFatal) {
    const Trajectory gt = truth();
    const Result<Trajectory> estimate = Error{"run.mcap: frame 'nowhere' never appears in /tf or /tf_static"};
    const RunRecording rec = recording();
    msgs::OccupancyGrid gt_map;
    const Result<msgs::OccupancyGrid> no_map = Error{"run.mcap: no topic /map"};
    SlamRunConfig config;
    config.thresholds.min_path_m = 5.0;  // 3 m of odometry is then "stuck"
    auto r = evaluateSlamRun({gt, estimate, rec, &gt_map, &no_map}, config);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(*r->ate_error, "run.mcap: frame 'nowhere' never appears in /tf or /tf_static");
    EXPECT_FALSE(r->ate || r->ate_origin || r->rpe || r->rpe_error || r->drift_per_m);
    EXPECT_EQ(*r->map_error, "run.mcap: no topic /map");
    ASSERT_EQ(r->assessment.anomalies.size(), 1u);
    EXPECT_EQ(r->assessment.anomalies[0].code, "stuck");

    const nlohmann::json j = slamRunToJson(*r, "run.mcap");
    EXPECT_EQ(j["bag"], "run.mcap");
    EXPECT_TRUE(j["ate"].is_null() && j["ate_origin"].is_null() && j["rpe"].is_null() && j["map"].is_null());
    EXPECT_EQ(j["ate_error"], *r->ate_error);
    EXPECT_EQ(j["map_error"], "run.mcap: no topic /map");
    EXPECT_FALSE(j.contains("rpe_error"));
    EXPECT_TRUE(j["drift_per_m"].is_null());
    EXPECT_EQ(j["movement_start_s"], 1.5);
    EXPECT_EQ(j["duration_s"], 8.0);
    EXPECT_EQ(j["odometry_messages"], 4);
    EXPECT_EQ(j["scan_messages"], 5);
    EXPECT_EQ(j["anomalies"][0]["threshold"], 5.0);
    EXPECT_EQ(j["verdict"], "potential_failure");
    EXPECT_EQ(j["thresholds"]["min_path_m"], 5.0);
    EXPECT_EQ(j["thresholds"]["require_scan"], true);
}
