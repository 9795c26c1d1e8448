#include <gtest/gtest.h>

#include "robometrics/nodes/TraversalDiagnostics.hpp"

namespace robometrics::nodes {
namespace {

constexpr TimeNs kT0 = 50 * kNsPerSecond;
constexpr TimeNs kMillis = 1'000'000;

const std::map<std::string, std::string> kTraversalInputs = {
    {"imu", "/imu/data"}, {"odometry", "/odometry/wheels"}, {"pose", "/rover/pose_array"}, {"scan", "/scan"}};

traversal::TraversalRow notedRow(const std::string &notes, std::uint64_t collisions, double distance) {
    traversal::TraversalRow r;
    r.notes = notes;
    r.total_collisions = collisions;
    r.distance_traveled = distance;
    return r;
}

std::string traversalValue(const msgs::DiagnosticStatus &s, const std::string &key) {
    for (const auto &kv : s.values) {
        if (kv.key == key) return kv.value;
    }
    return "(missing)";
}

/// Three rows with nothing noted and one with low clearance, from 6 messages, at 0.5 s.
TraversalDiagnostics fourRows() {
    TraversalDiagnostics d(kTraversalInputs);
    EXPECT_TRUE(d.due(kT0));
    for (int i = 0; i < 6; ++i) d.onInput();
    d.onRow(notedRow("Normal operation", 0, 1.0));
    d.onRow(notedRow("Low clearance", 1, 2.0));
    d.onRow(notedRow("Normal operation", 2, 3.0));
    d.onRow(notedRow("Normal operation", 2, 3.25));
    EXPECT_FALSE(d.due(kT0 + 500 * kMillis));  // sampled here; the next status is due at 1 s
    return d;
}

TEST(TraversalDiagnostics, FreshRowsAreOkWithTheTraversableShare) {
    TraversalDiagnostics d = fourRows();
    const msgs::DiagnosticArray a = d.status(kT0 + 1000 * kMillis);
    EXPECT_EQ(a.header.stamp.toNs(), kT0 + 1000 * kMillis);
    ASSERT_EQ(a.status.size(), 1u);
    const msgs::DiagnosticStatus &s = a.status[0];
    EXPECT_EQ(s.name, "robometrics: traversal");
    EXPECT_EQ(s.hardware_id, "/imu/data,/odometry/wheels,/rover/pose_array,/scan");
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "4 rows, 75 % traversable");
    EXPECT_EQ(traversalValue(s, "rows"), "4");
    EXPECT_EQ(traversalValue(s, "traversable_share"), "0.75");  // 3 of 4
    EXPECT_EQ(traversalValue(s, "total_collisions"), "2");      // the last row's
    EXPECT_EQ(traversalValue(s, "distance_traveled_m"), "3.25");
    EXPECT_EQ(traversalValue(s, "notes"), "Normal operation");
    EXPECT_EQ(traversalValue(s, "messages"), "6");
    EXPECT_EQ(traversalValue(s, "last_update_age_s"), "0.5");  // rows seen at the 0.5 s sample
    EXPECT_EQ(traversalValue(s, "last_input_age_s"), "0.5");
}

TEST(TraversalDiagnostics, NoMessageForLongerThanTheTimeoutIsStale) {
    TraversalDiagnostics d = fourRows();
    const msgs::DiagnosticStatus s = d.status(kT0 + 4000 * kMillis).status.at(0);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "no input for 3.5 s");
    EXPECT_EQ(traversalValue(s, "last_input_age_s"), "3.5");
    EXPECT_EQ(traversalValue(s, "rows"), "4");
}

TEST(TraversalDiagnostics, BeforeAnyRowTheShareIsNone) {
    TraversalDiagnostics d(kTraversalInputs);
    const msgs::DiagnosticStatus s = d.status(kT0).status.at(0);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "waiting for input");
    EXPECT_EQ(traversalValue(s, "rows"), "0");
    EXPECT_EQ(traversalValue(s, "traversable_share"), "none");
    EXPECT_EQ(traversalValue(s, "total_collisions"), "(missing)");
    EXPECT_EQ(d.status(kT0 + 3100 * kMillis).status.at(0).level, msgs::DiagnosticStatus::WARN);
}

TEST(TraversalDiagnostics, AnInputItCannotDecodeIsAnError) {
    TraversalDiagnostics d = fourRows();
    d.fail("DDS: topic /scan at log time 7 ns: LaserScan: truncated");
    const msgs::DiagnosticStatus s = d.status(kT0 + 600 * kMillis).status.at(0);
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(s.message, "DDS: topic /scan at log time 7 ns: LaserScan: truncated");
    EXPECT_EQ(traversalValue(s, "rows"), "4");
}

TEST(TraversalDiagnostics, ARowIsTraversableWhenTheSeedNotedNothing) {
    EXPECT_TRUE(traversableRow(notedRow("Normal operation", 0, 0)));
    EXPECT_FALSE(traversableRow(notedRow("Rough terrain", 0, 0)));
    EXPECT_FALSE(traversableRow(notedRow("Low clearance; Rough movement", 0, 0)));
}

}  // namespace
}  // namespace robometrics::nodes
