// AnomalyRules: each rule on a hand-made Evaluation, its anomaly's value, threshold and times
// computed by hand; a damaged recording's findings.

#include <gtest/gtest.h>

#include "robometrics/evaluate/AnomalyRules.hpp"

namespace robometrics::evaluate {
namespace {

constexpr TimeNs kRuleStart = TimeNs{1'700'000'000} * kNsPerSecond;

/// A 60-second run on the wall clock, nothing measured yet.
Evaluation ruleRun() {
    Evaluation e;
    e.clock.observe(kRuleStart);
    e.clock.observe(kRuleStart + 60 * kNsPerSecond);
    e.clock.finish();
    e.start_time = e.clock.start();
    e.end_time = e.clock.end();
    return e;
}

const slam::Anomaly *firstOf(const Findings &found, const std::string &code) {
    for (const slam::Anomaly &a : found.anomalies)
        if (a.code == code) return &a;
    return nullptr;
}

TEST(AnomalyRules, ARunWithNothingMeasuredRaisesNothing) {
    const Findings found = runAnomalyRules(ruleRun(), RuleLimits{});
    EXPECT_TRUE(found.anomalies.empty());
    EXPECT_TRUE(found.notes.empty());
    EXPECT_EQ(anomalyRules().size(), 9U);
}

TEST(AnomalyRules, ARequiredTopicNotRecordedIsMissing) {
    RuleLimits limits;
    limits.checks.required_topics = {"/scan"};
    const Findings found = runAnomalyRules(ruleRun(), limits);
    const slam::Anomaly *a = firstOf(found, "missing_topic");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->message, "required topic /scan was not recorded");
}

TEST(AnomalyRules, ACollisionSpansItsFirstToItsLastCollidingScan) {
    Evaluation e = ruleRun();
    traversal::CollisionEpisode contact;
    contact.start = kRuleStart + 2 * kNsPerSecond;
    contact.end = kRuleStart + 3 * kNsPerSecond + kNsPerSecond / 2;
    contact.scans = 16;
    contact.min_range_m = 0.1;
    ScannerResult scanner;
    scanner.topic = "/scan";
    scanner.summary.episodes.push_back(contact);
    e.scanners.push_back(scanner);
    RuleLimits limits;
    limits.checks.collision_threshold = 0.2;
    const Findings found = runAnomalyRules(e, limits);
    const slam::Anomaly *a = firstOf(found, "collision");
    ASSERT_NE(a, nullptr);
    EXPECT_DOUBLE_EQ(a->value, 0.1);
    EXPECT_DOUBLE_EQ(a->threshold, 0.2);
    EXPECT_DOUBLE_EQ(*a->time_s, 2.0);
    EXPECT_DOUBLE_EQ(*a->end_time_s, 3.5);
    EXPECT_EQ(a->message,
              "collision on /scan from 2.00 s to 3.50 s: smallest valid range 0.10 m, below the collision threshold "
              "0.20 m (16 scans)");
}

// A robot after the first of a multi-robot run: the speed and drift checks on its own odometry
// and ATE, its anomalies named with it; the first robot, without motion, raises nothing.
TEST(AnomalyRules, EachOtherRobotIsCheckedOnItsOwnMotionAndAte) {
    Evaluation e = ruleRun();
    e.robots.resize(2);
    e.robots[0].name = "robot1";
    RobotJudgement &two = e.robots[1];
    two.name = "robot2";
    two.topics.odometry = "/robot2/odom";
    slam::RunMotion motion;
    motion.samples = 100;
    motion.path_length_m = 5.0;
    motion.max_speed_mps = 20.0;  // 2 m in 0.1 s at 12 s: a jump, over the 1.5 m/s limit
    motion.max_speed_at_s = 12.0;
    motion.max_speed_step_m = 2.0;
    motion.max_speed_interval_s = 0.1;
    two.motion = motion;
    two.ate = RobotAte{"r2.tum", "b.mcap:/robot2/odom", {}, TrajectoryResult::Worst{1'700'000'030.0, 3.0}};
    two.ate->se3.rmse = 1.5;  // over max_ate_m 1.0
    RuleLimits limits;        // as evaluate sets them (runChecks): no scan or odometry required
    limits.checks.thresholds.require_scan = false;
    limits.checks.thresholds.require_odometry = false;
    limits.checks.thresholds.check_stuck = false;
    const Findings found = runAnomalyRules(e, limits);
    const slam::Anomaly *teleport = firstOf(found, "teleport");
    ASSERT_NE(teleport, nullptr);
    EXPECT_EQ(teleport->robot, "robot2");
    EXPECT_DOUBLE_EQ(*teleport->time_s, 12.0);
    EXPECT_EQ(teleport->message,
              "odometry jump on /robot2/odom: odometry speed pulse of 20.00 m/s at t = 12.000 s (2.000 m in 0.100 s "
              "of log time)");
    const slam::Anomaly *drift = firstOf(found, "drift");
    ASSERT_NE(drift, nullptr);
    EXPECT_EQ(drift->robot, "robot2");
    EXPECT_DOUBLE_EQ(drift->value, 1.5);
    EXPECT_NEAR(*drift->time_s, 30.0, 1e-6);
    EXPECT_EQ(drift->message,
              "drift of the estimate b.mcap:/robot2/odom: ATE RMSE 1.500 m (SE(3) aligned), largest error 3.00 m at "
              "30.0 s");
    EXPECT_EQ(found.anomalies.size(), 2U);
}

TEST(AnomalyRules, StuckComparesTheCoveredWithTheCommandedSpeed) {
    Evaluation e = ruleRun();
    e.activity.command_topic = "/cmd_vel";
    e.activity.progress_source = "/odom";
    // 2 m asked for over 4 s (0.5 m/s), 0.2 m covered (0.05 m/s), from 10 s to 14 s.
    e.activity.stuck.push_back({kRuleStart + 10 * kNsPerSecond, kRuleStart + 14 * kNsPerSecond, 2.0, 0.2});
    const Findings found = runAnomalyRules(e, RuleLimits{});
    const slam::Anomaly *a = firstOf(found, "stuck");
    ASSERT_NE(a, nullptr);
    EXPECT_DOUBLE_EQ(a->value, 0.05);
    EXPECT_DOUBLE_EQ(a->threshold, 0.5);
    EXPECT_DOUBLE_EQ(*a->time_s, 10.0);
    EXPECT_DOUBLE_EQ(*a->end_time_s, 14.0);
}

TEST(AnomalyRules, InAMultiRobotRunStuckIsJudgedRobotByRobotAndEachAnomalyNamesItsRobot) {
    Evaluation e = ruleRun();
    e.robots.resize(2);
    e.robots[0].name = "robot1";
    e.robots[1].name = "robot2";
    e.robots[1].activity.command_topic = "/robot2/cmd_vel";
    e.robots[1].activity.progress_source = "/robot2/odom";
    // robot2: 1.5 m asked for over 5 s (0.3 m/s), none covered, from 20 s to 25 s.
    e.robots[1].activity.stuck.push_back({kRuleStart + 20 * kNsPerSecond, kRuleStart + 25 * kNsPerSecond, 1.5, 0.0});
    // The run's own activity (robot1's copy) is not judged a second time.
    e.activity.stuck.push_back({kRuleStart + 1 * kNsPerSecond, kRuleStart + 6 * kNsPerSecond, 1.5, 0.0});
    ScannerResult rear;
    rear.topic = "/robot1/scan";
    rear.summary.episodes.push_back({kRuleStart + 30 * kNsPerSecond, kRuleStart + 31 * kNsPerSecond, 10, 0.1});
    e.scanners.push_back(rear);
    const Findings found = runAnomalyRules(e, RuleLimits{});
    ASSERT_EQ(found.anomalies.size(), 2u);
    const slam::Anomaly *stuck = firstOf(found, "stuck");
    ASSERT_NE(stuck, nullptr);
    EXPECT_EQ(stuck->robot, "robot2");
    EXPECT_DOUBLE_EQ(*stuck->time_s, 20.0);
    EXPECT_DOUBLE_EQ(stuck->value, 0.0);
    EXPECT_DOUBLE_EQ(stuck->threshold, 0.3);
    const slam::Anomaly *collision = firstOf(found, "collision");
    ASSERT_NE(collision, nullptr);
    EXPECT_EQ(collision->robot, "robot1");  // its message names /robot1/scan
}

TEST(AnomalyRules, TheCpuBudgetAllowsOneClockTickPerProcessAndSample) {
    Evaluation e = ruleRun();
    e.system.emplace();
    // One process sampled every second: a tick of 10 ms is 1 % of the interval, so 101 % is
    // within a 100 % budget and 103 % is not.
    e.system->samples = {{1.0, 50.0, 0, std::nullopt, 1, 1}, {2.0, 101.0, 0, std::nullopt, 1, 1}};
    EXPECT_EQ(firstOf(runAnomalyRules(e, RuleLimits{}), "cpu_budget"), nullptr);
    e.system->samples.push_back({3.0, 103.0, 0, std::nullopt, 1, 1});
    const Findings found = runAnomalyRules(e, RuleLimits{});
    const slam::Anomaly *a = firstOf(found, "cpu_budget");
    ASSERT_NE(a, nullptr);
    EXPECT_DOUBLE_EQ(a->value, 103.0);
    EXPECT_DOUBLE_EQ(a->threshold, 100.0);
    EXPECT_EQ(a->message, "peak CPU 103 % at 3.0 s of the run command exceeds the edge budget of 100 %");
}

TEST(AnomalyRules, ARecordingCutShortIsTruncatedAtItsLastMessage) {
    const Evaluation e = ruleRun();
    bag::ReadDamage damage;
    damage.file = "run.mcap";
    damage.description = "the file ends inside a Chunk record";
    damage.loss = "the last chunk is cut";
    damage.truncated = true;
    damage.messages_read = 1234;
    damage.first_log_time = kRuleStart;
    damage.last_log_time = kRuleStart + 48 * kNsPerSecond;
    const DamageFindings found = damageFindings(damage, e.clock, e.start_time);
    ASSERT_EQ(found.found.anomalies.size(), 1U);
    const slam::Anomaly &a = found.found.anomalies[0];
    EXPECT_EQ(a.code, "recording_truncated");
    EXPECT_DOUBLE_EQ(*a.time_s, 48.0);
    EXPECT_DOUBLE_EQ(a.value, 1234.0);
    EXPECT_EQ(a.message,
              "run.mcap: the recording ends abruptly at 48.0 s (the last chunk is cut); 1 234 messages read");
    EXPECT_NE(found.caveat.find("every figure covers the recording up to there"), std::string::npos) << found.caveat;
    EXPECT_TRUE(found.lost_spans.empty());
}

}  // namespace
}  // namespace robometrics::evaluate
