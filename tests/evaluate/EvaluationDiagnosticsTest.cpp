#include <gtest/gtest.h>

#include "DiagnosticLookup.hpp"
#include "robometrics/evaluate/EvaluationDiagnostics.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::evaluate {
namespace {

using test::findStatus;
using test::statusValue;

TEST(EvaluationDiagnostics, AnAnomalyMakesTheVerdictAndItsAnalysisAnError) {
    Evaluation e;
    e.inputs.bag = "/data/runs/office/run.mcap";
    e.end_time = 1'700'000'040'000'000'000;
    slam::Anomaly collision;
    collision.code = "collision";
    collision.message = "1 collision event(s) on /scan";
    collision.value = 0.12;
    collision.threshold = 0.2;
    collision.time_s = 12.5;
    collision.evidence = {{"scans_in_collision", 20}};
    e.anomalies.push_back(collision);
    topicstats::TopicHealth scan;
    scan.topic = "/scan";
    scan.count = 400;
    scan.kind = topicstats::TopicKind::Periodic;
    scan.mean_rate_hz = 10;
    scan.estimated_drops = 3;
    scan.gaps_over_threshold = 2;
    e.topic_health.push_back(scan);
    const nlohmann::json summary = {
        {"traversal", {{"collision_events", 1}, {"min_clearance_m", 0.12}}},
        {"map", {{"iou", 0.5}}},
        {"trajectory", nullptr},  // did not run: no status
    };

    const msgs::DiagnosticArray a = evaluationDiagnostics(e, summary);
    EXPECT_EQ(a.header.stamp.toNs(), e.end_time);
    const auto *verdict = findStatus(a, "robometrics: verdict");
    ASSERT_NE(verdict, nullptr);
    EXPECT_EQ(verdict->level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(verdict->message, "potential failure: collision");
    EXPECT_EQ(verdict->hardware_id, "run.mcap");
    EXPECT_EQ(statusValue(*verdict, "anomalies"), "1");

    const auto *traversal = findStatus(a, "robometrics: traversal");
    ASSERT_NE(traversal, nullptr);
    EXPECT_EQ(traversal->level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(statusValue(*traversal, "min_clearance_m"), "0.12");
    const auto *map = findStatus(a, "robometrics: map");
    ASSERT_NE(map, nullptr);
    EXPECT_EQ(map->level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(statusValue(*map, "iou"), "0.5");
    EXPECT_EQ(findStatus(a, "robometrics: trajectory"), nullptr);

    const auto *anomaly = findStatus(a, "robometrics: anomaly collision");
    ASSERT_NE(anomaly, nullptr);
    EXPECT_EQ(anomaly->message, "1 collision event(s) on /scan");
    EXPECT_EQ(statusValue(*anomaly, "time_s"), "12.5");
    EXPECT_EQ(statusValue(*anomaly, "scans_in_collision"), "20");

    const auto *topic = findStatus(a, "robometrics: topic /scan");
    ASSERT_NE(topic, nullptr);
    EXPECT_EQ(topic->level, msgs::DiagnosticStatus::OK);  // no topic_drops anomaly: below its threshold
    EXPECT_EQ(topic->hardware_id, "/scan");
    EXPECT_EQ(topic->message, "3 messages estimated dropped in 2 gaps, within the allowed share");

    slam::Anomaly drops;
    drops.code = "topic_drops";
    drops.message = "/scan: about 3 messages missing (0.8 % of 400)";
    e.anomalies.push_back(drops);
    const msgs::DiagnosticArray flagged = evaluationDiagnostics(e, summary);
    EXPECT_EQ(findStatus(flagged, "robometrics: topic /scan")->level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(findStatus(flagged, "robometrics: topic /scan")->message, "3 messages estimated dropped in 2 gaps");

    // It is a diagnostic_msgs/DiagnosticArray on the wire: encodes and decodes to itself.
    auto decoded = msgs::decodeCdr<msgs::DiagnosticArray>(msgs::encodeCdr(a));
    ASSERT_TRUE(decoded.ok()) << decoded.message();
    EXPECT_TRUE(*decoded == a);
}

TEST(EvaluationDiagnostics, ACleanRunIsOkEverywhere) {
    Evaluation e;
    e.inputs.bag = "run.mcap";
    const msgs::DiagnosticArray a = evaluationDiagnostics(e, {{"traversal", {{"collision_events", 0}}}});
    ASSERT_EQ(a.status.size(), 2u);
    for (const auto &s : a.status) EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK) << s.name;
    EXPECT_EQ(a.status[0].message, "ok");
    EXPECT_EQ(anomalyArea("pose_jump"), "localization");
    EXPECT_EQ(anomalyArea("something_new"), "run");
}

}  // namespace
}  // namespace robometrics::evaluate
