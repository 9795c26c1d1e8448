#include "robometrics/traversal/TraversalMetrics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>
#include <string>
#include <vector>

#include "TraversalTestMessages.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"

namespace robometrics::traversal {
namespace {

using namespace test;

struct Recorder {
    std::vector<TraversalRow> rows;
    std::vector<std::string> debug;
    TraversalMetrics make(TraversalConfig config = {}) {
        return TraversalMetrics(
            config, [this](const TraversalRow &r) { rows.push_back(r); },
            [this](TimeNs t, const std::string &text) { debug.push_back(std::to_string(t) + " " + text); });
    }
};

// The worked example of docs/traversal.md: every column of three rows, computed by hand.
class TraversalScenario : public ::testing::Test {
protected:
    void SetUp() override {
        metrics_ = std::make_unique<TraversalMetrics>(recorder_.make());
        TraversalMetrics &m = *metrics_;
        m.onScan(scan({INFINITY, 1.0f, NAN, 0.5f}), at(100.0));  // clearance 0.5, starts the clock
        m.onImu(imu(3, 4, 12, 0, 0.6, 0.8), at(100.2));          // |a| 13, |w| 1, a_z 12
        m.onPose(poses(0, 0, 0), at(100.3));
        m.onPose(poses(0, 0.5, 0), at(100.4));       // step exactly 0.5: rejected (strict <)
        m.onPose(poses(0, 0.5, 0.2), at(100.5));     // step 0.2 from the rejected position: kept
        m.onOdometry(odom(0.6, 0.8, 0), at(100.6));  // |v| 1
        m.onScan(scan({0.1f, 3.0f}), at(100.7));     // collision, rising edge
        m.onScan(scan({0.15f}), at(100.8));          // collision again, same contact
        m.onImu(imu(0, 0, -16), at(101.0));          // tick 101 is logged first; then rough |a| 16
        m.onOdometry(odom(2, 0, 0), at(101.1));      // latest IMU is rough: velocity over rough 2
        m.onScan(scan({INFINITY, NAN}), at(101.5));  // no finite range: ignored
        m.onPose(poses(0, 0.5, 0.2), at(102.3));     // logs tick 102
        m.onOdometry(odom(0, 0, 0), at(105.5));      // gap: one row at tick 105 (103, 104 skipped), then applied
        summary_ = m.finish(at(105.9));
    }
    Recorder recorder_;
    std::unique_ptr<TraversalMetrics> metrics_;
    TraversalSummary summary_;
};

TEST_F(TraversalScenario, ProducesOneRowPerPassedTickWithoutCatchUp) {
    ASSERT_EQ(recorder_.rows.size(), 3u);
    EXPECT_EQ(recorder_.rows[0].time, at(101.0));
    EXPECT_EQ(recorder_.rows[1].time, at(102.0));
    EXPECT_EQ(recorder_.rows[2].time, at(105.0));
    EXPECT_EQ(metrics_->rowCount(), 3u);
}

TEST_F(TraversalScenario, ExactCsvRows) {
    ASSERT_EQ(recorder_.rows.size(), 3u);
    EXPECT_EQ(TraversalCsv::row(recorder_.rows[0], false),
              "101,2,0,14.0,14.0,0.25,0.2,1.0,13.0,0,12.0,Low clearance; Rough movement\r\n");
    EXPECT_EQ(TraversalCsv::row(recorder_.rows[1], false),
              "102,2,0,30.0,15.0,0.25,0.2,1.5,16.0,1,16.0,Low clearance; Rough terrain; Rough movement\r\n");
    EXPECT_EQ(TraversalCsv::row(recorder_.rows[2], true),
              "105,2,0,30.0,15.0,0.25,0.2,1.5,16.0,1,16.0,Low clearance; Rough terrain; Rough movement,"
              "105.000000000,1,0.1,2.0,1\r\n");
}

TEST_F(TraversalScenario, ExtendedColumnsOfFirstRow) {
    const TraversalRow &r = recorder_.rows[0];
    EXPECT_EQ(r.collision_events, 1u);
    EXPECT_FLOAT_EQ(r.min_clearance, 0.1f);
    EXPECT_EQ(r.velocity_over_rough, 0.0);
    EXPECT_EQ(r.rejected_pose_jumps, 1u);
    EXPECT_EQ(TraversalCsv::row(r, true).substr(TraversalCsv::row(r, false).size() - 2),
              ",101.000000000,1,0.1,0.0,1\r\n");
}

TEST_F(TraversalScenario, WholeRunSummary) {
    const TraversalSummary &s = summary_;
    EXPECT_EQ(s.start_time, at(100.0));
    EXPECT_EQ(s.end_time, at(105.9));
    EXPECT_NEAR(s.duration_s, 5.9, 1e-12);
    EXPECT_EQ(s.rows, 3u);
    EXPECT_EQ(s.scans, 4u);
    EXPECT_EQ(s.imu_messages, 2u);
    EXPECT_EQ(s.pose_messages, 4u);
    EXPECT_EQ(s.odometry_messages, 3u);
    EXPECT_EQ(s.total_collisions, 2u);
    EXPECT_EQ(s.collision_events, 1u);
    EXPECT_EQ(s.rejected_pose_jumps, 1u);
    EXPECT_NEAR(s.distance_traveled, 0.2, 1e-12);
    EXPECT_DOUBLE_EQ(s.smoothness_metric, 30.0);
    EXPECT_NEAR(s.mean_clearance, 0.25, 1e-8);
    EXPECT_FLOAT_EQ(s.min_clearance, 0.1f);
    EXPECT_DOUBLE_EQ(s.mean_smoothness, 15.0);
    EXPECT_DOUBLE_EQ(s.max_accel_magnitude, 16.0);
    EXPECT_DOUBLE_EQ(s.max_vertical_roughness, 16.0);
    EXPECT_DOUBLE_EQ(s.mean_velocity, 1.0);
    EXPECT_DOUBLE_EQ(s.max_velocity, 2.0);
    EXPECT_EQ(s.rough_imu_readings, 1u);
    EXPECT_NEAR(s.time_rough_terrain_s, 4.9, 1e-9);  // rough from 101.0 to the end, 105.9
    EXPECT_NEAR(s.time_low_clearance_s, 5.2, 1e-9);  // below 0.5 m from the scan at 100.7 to the end
    // Sensor contracts: 9 ranges in 4 scans, the 4 non-finite ones invalid; the scan at 101.5
    // has no reading. Nothing else was set aside.
    EXPECT_TRUE(s.respect_range_limits);
    EXPECT_EQ(s.scan_ranges.readings, 9u);
    EXPECT_EQ(s.scan_ranges.non_finite, 4u);
    EXPECT_EQ(s.scan_ranges.invalid(), 4u);
    EXPECT_EQ(s.scans_without_valid_reading, 1u);
    EXPECT_EQ(s.imu_acceleration_skipped.total() + s.imu_angular_velocity_skipped.total(), 0u);
    EXPECT_EQ(s.odometry_twist_non_finite + s.odometry_pose_non_finite + s.odometry_jumps, 0u);
}

TEST(TraversalMetrics, EmptyBuffersWriteTheSeedsZerosAndInf) {
    Recorder rec;
    TraversalMetrics m = rec.make();
    m.onImu(imu(0, 0, 9.5), at(7.25));
    m.advanceTo(at(8.25));
    ASSERT_EQ(rec.rows.size(), 1u);
    EXPECT_EQ(TraversalCsv::row(rec.rows[0], false), "8,0,0,9.5,9.5,inf,0.0,0,9.5,0,9.5,Normal operation\r\n");
    TraversalRow none = TraversalMetrics().currentRow(0);
    EXPECT_EQ(TraversalCsv::row(none, true),
              "0,0,0,0.0,0,inf,0.0,0,0,0,0,Normal operation,0.000000000,0,inf,0.0,0\r\n");
}

TEST(TraversalMetrics, ImuBufferIsBoundedToBufferSize) {
    TraversalConfig config;
    config.buffer_size = 3;
    TraversalMetrics m(config);
    for (int i = 1; i <= 5; ++i) m.onImu(imu(0, 0, i), at(0.1 * i));
    TraversalRow r = m.currentRow(at(1.0));
    ASSERT_TRUE(r.current_smoothness.has_value());
    EXPECT_DOUBLE_EQ(*r.current_smoothness, 4.0);  // (3 + 4 + 5) / 3, not the since-start mean 3
    EXPECT_DOUBLE_EQ(r.smoothness_metric, 15.0);   // the cumulative sum still sees every reading
}

TEST(TraversalMetrics, ClearanceAndVelocityWindowsDropTheOldest) {
    TraversalConfig config;
    config.buffer_size = 2;
    TraversalMetrics m(config);
    m.onScan(scan({0.1f}), at(0.0));
    m.onScan(scan({1.0f}), at(0.1));
    m.onScan(scan({2.0f}), at(0.2));
    m.onOdometry(odom(1, 0, 0), at(0.3));
    m.onOdometry(odom(3, 0, 0), at(0.4));
    m.onOdometry(odom(0, 5, 0), at(0.5));
    TraversalRow r = m.currentRow(at(1.0));
    EXPECT_DOUBLE_EQ(r.obstacle_clearance, 1.5);
    EXPECT_DOUBLE_EQ(r.min_clearance, 1.0);
    EXPECT_DOUBLE_EQ(*r.current_velocity, 4.0);
    EXPECT_EQ(r.total_collisions, 1u);
}

TEST(TraversalMetrics, CollisionsCountPerScanEventsPerRisingEdge) {
    TraversalMetrics m;
    for (float c : {0.1f, 0.1f, 0.5f, 0.19f, 0.2f, 0.05f}) m.onScan(scan({c}), at(0.0));
    TraversalRow r = m.currentRow(at(1.0));
    EXPECT_EQ(r.total_collisions, 4u);  // 0.1, 0.1, 0.19, 0.05 (0.2 is not below 0.2)
    EXPECT_EQ(r.collision_events, 3u);  // contacts starting at the 1st, 4th and 6th scan
}

// evaluate hands the metrics the minimum its scanner found (one scanMinimum per scan): the same
// rows and summary as from the scans themselves.
TEST(TraversalMetrics, AScansMinimumCountsAsTheScan) {
    TraversalMetrics from_scans, from_minima;
    const std::vector<msgs::LaserScan> scans = {scan({0.1f, 2.0f}), scan({INFINITY, NAN}), scan({0.5f}),
                                                lds01Scan({0.05f, 1.0f, 4.0f})};
    for (std::size_t i = 0; i < scans.size(); ++i) {
        from_scans.onScan(scans[i], at(0.4 * static_cast<double>(i)));
        from_minima.onScanMinimum(scanMinimum(scans[i], from_minima.config().respect_range_limits),
                                  at(0.4 * static_cast<double>(i)));
        EXPECT_EQ(TraversalCsv::row(from_scans.currentRow(at(2.0)), true),
                  TraversalCsv::row(from_minima.currentRow(at(2.0)), true));
    }
    const TraversalSummary a = from_scans.finish(at(2.0)), b = from_minima.finish(at(2.0));
    auto scanFields = [](const TraversalSummary &s) {
        return std::tie(s.scans, s.mean_clearance, s.min_clearance, s.time_low_clearance_s, s.scan_ranges.readings,
                        s.scan_ranges.below_min, s.scans_without_valid_reading);
    };
    EXPECT_EQ(scanFields(a), scanFields(b));
}

TEST(TraversalMetrics, CollisionStatusUsesTheWindowMeanNotTheLatestScan) {
    TraversalMetrics m;
    m.onScan(scan({0.1f}), at(0.0));
    m.onScan(scan({0.2f}), at(0.1));
    EXPECT_TRUE(m.currentRow(0).collision_status);  // mean 0.15
    m.onScan(scan({0.5f}), at(0.2));
    EXPECT_FALSE(m.currentRow(0).collision_status);  // mean 0.2667
    m.onScan(scan({0.01f}), at(0.3));
    EXPECT_FALSE(m.currentRow(0).collision_status);  // mean 0.2025, though the latest scan is a contact
}

TEST(TraversalMetrics, OutlierGuardIsStrictAndMeasuresFromTheNewPlace) {
    TraversalMetrics m;
    m.onPose(poses(0, 0, 0), at(0.0));
    m.onPose(poses(0, 0, 0.49), at(0.1));    // kept
    m.onPose(poses(5, 0, 0.49), at(0.2));    // teleport: rejected
    m.onPose(poses(5, 0.3, 0.49), at(0.3));  // measured from (5, 0, 0.49): kept
    m.onPose(msgs::PoseArray{}, at(0.4));    // empty array: ignored
    m.onPose(poses(5, 0.3, 1.49), at(0.5));  // vertical step of 1.0: rejected (the guard is 3-D)
    TraversalRow r = m.currentRow(0);
    EXPECT_NEAR(r.distance_traveled, 0.79, 1e-12);
    EXPECT_EQ(r.rejected_pose_jumps, 2u);
}

TEST(TraversalMetrics, NotesFollowTheSeedsRules) {
    TraversalConfig config;
    TraversalMetrics quiet(config);
    quiet.onScan(scan({0.5f}), 0);
    quiet.onImu(imu(0, 0, 9.0, 0, 0, 1.0), 0);  // |a| + |w| = 10: not above 10
    EXPECT_EQ(quiet.currentRow(0).notes, "Normal operation");
    quiet.onScan(scan({0.49f}), 0);  // mean 0.495 < 0.5
    EXPECT_EQ(quiet.currentRow(0).notes, "Low clearance");
    TraversalMetrics rough(config);
    rough.onImu(imu(0, 0, 15.5), 0);
    EXPECT_EQ(rough.currentRow(0).notes, "Rough terrain; Rough movement");
}

TEST(TraversalMetrics, TimestampIsWholeSecondsOfTheTick) {
    Recorder rec;
    TraversalMetrics m = rec.make();
    m.onImu(imu(0, 0, 1), at(41.7));
    m.onImu(imu(0, 0, 1), at(42.7));  // exactly on the tick
    m.onImu(imu(0, 0, 1), at(42.6));  // time going backwards: no row, no clock change
    m.onImu(imu(0, 0, 1), at(43.69));
    ASSERT_EQ(rec.rows.size(), 1u);
    EXPECT_EQ(rec.rows[0].time, at(42.7));
    EXPECT_EQ(rec.rows[0].timestamp_sec, 42);
    EXPECT_EQ(*rec.rows[0].imu_accel_magnitude, 1.0);
    m.advanceTo(at(43.7));
    ASSERT_EQ(rec.rows.size(), 2u);
    EXPECT_EQ(rec.rows[1].timestamp_sec, 43);
}

TEST(TraversalMetrics, VelocityOverRoughFollowsTheLatestImuReading) {
    TraversalMetrics m;
    m.onOdometry(odom(1, 0, 0), 0);  // no IMU yet
    m.onImu(imu(0, 0, 20), 0);
    m.onOdometry(odom(0, 2, 0), 0);
    m.onImu(imu(0, 0, 10), 0);
    m.onOdometry(odom(0, 0, 3), 0);  // not rough: keeps 2
    EXPECT_EQ(m.currentRow(0).velocity_over_rough, 2.0);
}

TEST(TraversalMetrics, DebugLinesWhileTheRowCountIsAMultipleOfTheInterval) {
    Recorder rec;
    TraversalConfig config;
    config.debug_mode = true;
    config.debug_interval = 2;
    TraversalMetrics m = rec.make(config);
    m.onScan(scan({0.15f}), at(0.0));      // row count 0: logs
    m.onPose(poses(0, 0, 0), at(0.1));     // first pose: no step, no line
    m.onPose(poses(0.25, 0, 0), at(0.2));  // logs
    m.onScan(scan({1.0f}), at(1.5));       // row 1 written first: count 1, silent
    m.onScan(scan({1.0f}), at(2.5));       // count 2: logs
    ASSERT_EQ(rec.debug.size(), 3u);
    EXPECT_EQ(rec.debug[0], "0 LiDAR Update - Clearance: 0.15m, Collisions: 1");
    EXPECT_EQ(rec.debug[1], "200000000 Position Update - Distance: 0.25m, Total: 0.25m");
    EXPECT_EQ(rec.debug[2], "2500000000 LiDAR Update - Clearance: 1.00m, Collisions: 1");
}

TEST(TraversalMetrics, NoDebugLinesByDefault) {
    Recorder rec;
    TraversalMetrics m = rec.make();
    m.onScan(scan({0.15f}), at(0.0));
    EXPECT_TRUE(rec.debug.empty());
}

TEST(TraversalMetrics, FinishWithoutMessagesGivesAnEmptySummary) {
    Recorder rec;
    TraversalMetrics m = rec.make();
    TraversalSummary s = m.finish(at(10));
    EXPECT_EQ(s.rows, 0u);
    EXPECT_EQ(s.end_time, 0);
    EXPECT_TRUE(rec.rows.empty());
}

// --- Sensor contracts (docs/conventions.md) ---

TEST(TraversalMetrics, Lds01NoReturnIsNotACollision) {
    TraversalMetrics m;
    m.onScan(lds01Scan({0.0f, 0.05f, 0.5f, INFINITY, NAN, 4.0f}), at(1.0));
    const TraversalSummary s = m.finish(at(2.0));
    EXPECT_EQ(s.total_collisions, 0u);
    EXPECT_FLOAT_EQ(s.min_clearance, 0.5f);
    EXPECT_FLOAT_EQ(s.mean_clearance, 0.5f);
    EXPECT_EQ(s.scan_ranges.readings, 6u);
    EXPECT_EQ(s.scan_ranges.invalid(), 5u);
    EXPECT_EQ(s.scan_ranges.non_finite, 2u);
    EXPECT_EQ(s.scan_ranges.below_min, 2u);
    EXPECT_EQ(s.scan_ranges.above_max, 1u);
    EXPECT_EQ(s.scans_without_valid_reading, 0u);
}

TEST(TraversalMetrics, WithoutRangeLimitsTheNoReturnIsACollisionAsInTheSeed) {
    TraversalConfig config;
    config.respect_range_limits = false;
    TraversalMetrics m(config);
    m.onScan(lds01Scan({0.0f, 0.05f, 0.5f, INFINITY, NAN, 4.0f}), at(1.0));
    const TraversalSummary s = m.finish(at(2.0));
    EXPECT_FALSE(s.respect_range_limits);
    EXPECT_EQ(s.total_collisions, 1u);
    EXPECT_EQ(s.min_clearance, 0.0);
    EXPECT_EQ(s.scan_ranges.invalid(), 2u);  // only NaN and inf
    EXPECT_EQ(s.scan_ranges.below_min, 0u);
}

TEST(TraversalMetrics, AScanWithoutAValidReadingGivesNoClearance) {
    TraversalMetrics m;
    m.onScan(lds01Scan({0.0f, 0.0f, 0.0f}), at(1.0));  // the LDS-01 sees nothing: not 3 contacts
    EXPECT_EQ(m.currentRow(at(1.0)).obstacle_clearance, INFINITY);
    m.onScan(lds01Scan({1.0f, 0.0f}), at(1.2));
    m.onScan(lds01Scan({}), at(1.4));
    const TraversalSummary s = m.finish(at(1.6));
    EXPECT_EQ(s.scans, 3u);
    EXPECT_EQ(s.scans_without_valid_reading, 2u);
    EXPECT_EQ(s.total_collisions, 0u);
    EXPECT_DOUBLE_EQ(s.mean_clearance, 1.0);
    EXPECT_NEAR(s.time_low_clearance_s, 0.0, 1e-12);
}

msgs::Imu withCovariance(msgs::Imu m, double accel_cov0, double angular_cov0) {
    m.linear_acceleration_covariance[0] = accel_cov0;
    m.angular_velocity_covariance[0] = angular_cov0;
    return m;
}

TEST(TraversalMetrics, ImuFieldsWithoutDataAreNotUsed) {
    TraversalMetrics m;
    m.onImu(withCovariance(imu(0, 0, 20, 0, 0, 5), -1, 0.01), at(1.0));  // no acceleration: nothing used
    TraversalRow r = m.currentRow(at(1.0));
    EXPECT_FALSE(r.imu_accel_magnitude.has_value());
    EXPECT_FALSE(r.current_smoothness.has_value());
    EXPECT_FALSE(r.is_rough);
    m.onImu(withCovariance(imu(0, 0, 16, 0, 0, 5), 0.01, -1), at(1.1));  // no angular rate: |a| only
    r = m.currentRow(at(1.1));
    EXPECT_EQ(*r.imu_accel_magnitude, 16.0);
    EXPECT_TRUE(r.is_rough);
    EXPECT_FALSE(r.current_smoothness.has_value());  // |a| + |w| needs both
    m.onImu(imu(0, NAN, 9, 0, 0, 1), at(1.2));       // non-finite acceleration
    m.onImu(imu(0, 0, 9, INFINITY, 0, 0), at(1.3));  // non-finite angular rate
    m.onImu(imu(0, 0, 3, 0, 0, 4), at(1.4));         // both usable: smoothness 3 + 4
    const TraversalSummary s = m.finish(at(1.5));
    EXPECT_EQ(s.imu_messages, 5u);
    EXPECT_EQ(s.imu_acceleration_skipped.no_data, 1u);
    EXPECT_EQ(s.imu_acceleration_skipped.non_finite, 1u);
    EXPECT_EQ(s.imu_angular_velocity_skipped.no_data, 1u);
    EXPECT_EQ(s.imu_angular_velocity_skipped.non_finite, 1u);
    EXPECT_DOUBLE_EQ(s.smoothness_metric, 7.0);
    EXPECT_DOUBLE_EQ(s.mean_smoothness, 7.0);
    EXPECT_DOUBLE_EQ(s.max_accel_magnitude, 16.0);  // from 16, 9 and 3; the 20 had no data
    EXPECT_EQ(s.rough_imu_readings, 1u);
    EXPECT_NEAR(s.time_rough_terrain_s, 0.2, 1e-12);  // rough from 1.1 to the next usable |a| at 1.3
}

TEST(TraversalMetrics, NonFiniteTwistGivesNoVelocityReading) {
    TraversalMetrics m;
    m.onOdometry(odom(1, 0, 0), at(1.0));
    m.onOdometry(odom(NAN, 0, 0), at(1.1));
    m.onOdometry(odom(0, INFINITY, 0), at(1.2));
    m.onOdometry(odom(3, 0, 0), at(1.3));
    EXPECT_DOUBLE_EQ(*m.currentRow(at(1.3)).current_velocity, 2.0);
    const TraversalSummary s = m.finish(at(1.4));
    EXPECT_EQ(s.odometry_messages, 4u);
    EXPECT_EQ(s.odometry_twist_non_finite, 2u);
    EXPECT_DOUBLE_EQ(s.mean_velocity, 2.0);
    EXPECT_DOUBLE_EQ(s.max_velocity, 3.0);
}

TEST(TraversalMetrics, OdometryDistanceExcludesAFiveMetreJump) {
    TraversalMetrics m;
    m.setDistanceFromOdometry(true);
    // 10 Hz at 1 m/s, with stamps; at 10.3 the odometry jumps 5 m (a reset), then goes on.
    for (const auto &[x, t] : std::vector<std::pair<double, double>>{
             {0.0, 10.0}, {0.1, 10.1}, {0.2, 10.2}, {5.2, 10.3}, {5.3, 10.4}, {5.4, 10.5}}) {
        m.onOdometry(odomAt(x, at(t)), at(t));
    }
    m.onOdometry(odomAt(NAN, at(10.6)), at(10.6));  // skipped, not a NaN distance
    const TraversalSummary s = m.finish(at(11.0));
    EXPECT_NEAR(s.distance_traveled, 0.4, 1e-12);
    EXPECT_EQ(s.odometry_jumps, 1u);
    EXPECT_NEAR(s.odometry_jump_distance_m, 5.0, 1e-12);
    EXPECT_EQ(s.first_odometry_jump_time, at(10.3));
    EXPECT_NEAR(s.first_odometry_jump_m, 5.0, 1e-12);
    EXPECT_EQ(s.odometry_pose_non_finite, 1u);
    EXPECT_EQ(s.rejected_pose_jumps, 0u);  // the PoseArray guard is not applied to odometry
}

TEST(TraversalMetrics, OdometryStepsAfterAGapAreTravel) {
    TraversalMetrics m;
    m.setDistanceFromOdometry(true);
    m.onOdometry(odomAt(0.0, at(1.0)), at(1.0));
    m.onOdometry(odomAt(3.0, at(4.0)), at(4.0));  // 3 m over a 3 s gap: 1 m/s, kept
    const TraversalSummary s = m.finish(at(4.0));
    EXPECT_DOUBLE_EQ(s.distance_traveled, 3.0);
    EXPECT_EQ(s.odometry_jumps, 0u);
}

TEST(TraversalMetrics, PoseArrayDistanceKeepsTheSeedsGuardAndIgnoresTheJumpSpeed) {
    TraversalConfig config;
    config.jump_speed_threshold = 0.001;
    TraversalMetrics m(config);
    m.onPose(poses(0, 0, 0), at(0.0));
    m.onPose(poses(0.4, 0, 0), at(0.01));  // 40 m/s, but the PoseArray is judged by step only
    EXPECT_NEAR(m.finish(at(1.0)).distance_traveled, 0.4, 1e-12);
}

TEST(TraversalMetrics, AnUnsetOdometryCovarianceChangesNothing) {
    // Traversal reads the odometry pose position and twist, never their covariances: an all-zero
    // (unset) covariance and a filled one give the same figures.
    auto run = [](double variance) {
        TraversalMetrics m;
        m.setDistanceFromOdometry(true);
        for (int i = 0; i < 5; ++i) {
            msgs::Odometry o = odomAt(0.1 * i, at(1.0 + 0.1 * i));
            o.twist.twist.linear.x = 1.0;
            o.pose.covariance.fill(variance);
            o.twist.covariance.fill(variance);
            m.onOdometry(o, at(1.0 + 0.1 * i));
        }
        return m.finish(at(2.0));
    };
    const TraversalSummary unset = run(0.0);
    const TraversalSummary set = run(0.04);
    EXPECT_EQ(unset.distance_traveled, set.distance_traveled);
    EXPECT_EQ(unset.mean_velocity, set.mean_velocity);
    EXPECT_EQ(unset.odometry_jumps, set.odometry_jumps);
    EXPECT_NEAR(unset.distance_traveled, 0.4, 1e-12);
}

}  // namespace
}  // namespace robometrics::traversal
