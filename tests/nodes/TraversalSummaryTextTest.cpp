#include "robometrics/nodes/TraversalSummaryText.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace robometrics::nodes {
namespace {

/// One scan, one IMU message and two odometry messages, with the given validity counts.
traversal::TraversalSummary summary() {
    traversal::TraversalSummary s;
    s.start_time = 100 * kNsPerSecond;
    s.end_time = 110 * kNsPerSecond;
    s.duration_s = 10.0;
    s.rows = 10;
    s.scans = 4;
    s.imu_messages = 1;
    s.odometry_messages = 2;
    s.distance_from_odometry = true;
    s.distance_traveled = 34.3;
    s.mean_clearance = s.min_clearance = 0.5;
    s.mean_smoothness = s.max_accel_magnitude = s.max_vertical_roughness = 9.8;
    s.mean_velocity = s.max_velocity = 0.5;
    return s;
}

void setJumps(traversal::TraversalSummary &s, std::uint64_t jumps, double total_m, double first_at_s, double first_m) {
    s.odometry_jumps = jumps;
    s.odometry_jump_distance_m = total_m;
    s.first_odometry_jump_time = s.start_time + fromSeconds(first_at_s);
    s.first_odometry_jump_m = first_m;
}

TEST(TraversalSummaryText, CleanInputPrintsNoValidityLines) {
    traversal::TraversalSummary s = summary();
    s.scan_ranges = {720, 300, 0, 0};  // +inf "no return": never a reading, not news
    const std::string text = traversalSummaryText(s, "m.csv");
    EXPECT_EQ(text.find("scan readings"), std::string::npos) << text;
    EXPECT_EQ(text.find("imu data"), std::string::npos) << text;
    EXPECT_NE(text.find("  distance          34.300 m from the odometry pose (0 rejected pose jumps)\n"),
              std::string::npos)
        << text;
}

TEST(TraversalSummaryText, SaysWhatTheSensorContractsSetAside) {
    traversal::TraversalSummary s = summary();
    s.scan_ranges = {24, 4, 14, 1};
    s.scans_without_valid_reading = 1;
    s.imu_acceleration_skipped = {1, 0};
    s.imu_angular_velocity_skipped = {0, 1};
    s.odometry_twist_non_finite = 1;
    setJumps(s, 1, 5.0, 12.3, 5.0);
    const std::string text = traversalSummaryText(s, "m.csv");
    EXPECT_NE(text.find("  scan readings     19 of 24 invalid (4 non-finite, 14 below range_min, 1 above range_max); "
                        "1 of 4 scans (25.0 %) without a valid reading\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("34.300 m from the odometry pose (0 rejected pose jumps, excluding a 5.000 m jump at 12.3 s)"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("mean 0.500 m/s, max 0.500 m/s (1 non-finite twists skipped)"), std::string::npos) << text;
    EXPECT_NE(text.find("  imu data          acceleration not used in 1 messages (1 no data, 0 non-finite), angular "
                        "rate in 1 (0 no data, 1 non-finite)\n"),
              std::string::npos)
        << text;

    const nlohmann::json j = traversalSummaryJson(s, "m.csv", {});
    EXPECT_EQ(j["odometry_jumps"], 1);
    EXPECT_EQ(j["odometry_jump_distance_m"], 5.0);
    EXPECT_EQ(j["first_odometry_jump"]["time_ns"], s.first_odometry_jump_time);
    EXPECT_NEAR(j["first_odometry_jump"]["time_s"].get<double>(), 12.3, 1e-9);
    EXPECT_EQ(j["first_odometry_jump"]["length_m"], 5.0);
    const auto &scan = j["invalid_input"]["scan"];
    EXPECT_EQ(scan["respect_range_limits"], true);
    EXPECT_EQ(scan["readings"], 24);
    EXPECT_EQ(scan["invalid"], 19);
    EXPECT_EQ(scan["below_range_min"], 14);
    EXPECT_EQ(scan["scans_without_valid_reading"], 1);
    EXPECT_EQ(scan["scans_without_valid_reading_share"], 0.25);
    EXPECT_EQ(j["invalid_input"]["imu"]["acceleration_skipped"]["no_data"], 1);
    EXPECT_EQ(j["invalid_input"]["imu"]["angular_velocity_skipped"]["non_finite"], 1);
    EXPECT_EQ(j["invalid_input"]["odometry"]["twist_non_finite"], 1);
}

TEST(TraversalSummaryText, SeedModeAndSeveralJumpsAreNamed) {
    traversal::TraversalSummary s = summary();
    s.respect_range_limits = false;
    s.scan_ranges = {10, 2, 0, 0};
    s.scans_without_valid_reading = 1;
    setJumps(s, 3, 9.5, 2.0, 5.0);
    const std::string text = traversalSummaryText(s, "m.csv");
    EXPECT_NE(text.find("(2 non-finite, 0 below range_min, 0 above range_max; range limits not applied)"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("excluding 3 jumps of 9.500 m in all, the first 5.000 m at 2.0 s"), std::string::npos) << text;
    EXPECT_TRUE(traversalSummaryJson(summary(), "m.csv", {})["first_odometry_jump"].is_null());
}

}  // namespace
}  // namespace robometrics::nodes
