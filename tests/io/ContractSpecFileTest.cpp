#include <gtest/gtest.h>

#include "robometrics/io/ContractSpecFile.hpp"

namespace robometrics::io {
namespace {

using topicstats::Severity;

std::string specProblem(const std::string &text) {
    auto spec = parseContractSpec(text, "spec.yaml");
    return spec ? "accepted" : spec.message();
}

TEST(ContractSpecFile, ReadsEveryRuleWithItsLineAndSeverity) {
    auto spec = parseContractSpec(
        "topics:\n"                                         // 1
        "  /scan:\n"                                        // 2
        "    type: sensor_msgs/LaserScan\n"                 // 3
        "    rate_hz: 10\n"                                 // 4
        "    tolerance: 5\n"                                // 5
        "    max_gap_s: {value: 0.5, severity: warning}\n"  // 6
        "    qos: {reliability: best_effort}\n"             // 7
        "    frame_id: base_scan\n"                         // 8
        "  \"/robot*/odom\":\n"                             // 9
        "    severity: warning\n"                           // 10
        "    min_hz: 15\n"                                  // 11
        "    max_latency_s: 0\n"                            // 12
        "    min_messages: 3\n"                             // 13
        "  /camera/image:\n"                                // 14
        "    required: false\n"                             // 15
        "  /tf_static:\n",                                  // 16
        "spec.yaml");
    ASSERT_TRUE(spec.ok()) << spec.message();
    ASSERT_EQ(spec->topics.size(), 4u);
    const auto &scan = spec->topics[0];
    EXPECT_EQ(scan.pattern, "/scan");
    EXPECT_EQ(scan.line, 2);
    EXPECT_EQ(scan.type->value, "sensor_msgs/msg/LaserScan");  // as bags spell it
    EXPECT_EQ(scan.rate_hz->value, 10.0);
    EXPECT_EQ(scan.rate_hz->line, 4);
    EXPECT_EQ(scan.tolerance_pct, 5.0);
    EXPECT_EQ(scan.max_gap_s->value, 0.5);
    EXPECT_EQ(scan.max_gap_s->severity, Severity::Warning);
    EXPECT_EQ(scan.max_gap_s->line, 6);
    EXPECT_EQ(scan.rate_hz->severity, Severity::Error);
    EXPECT_EQ(scan.reliability->value, "best_effort");
    EXPECT_EQ(scan.reliability->line, 7);
    EXPECT_EQ(scan.frame_id->value, "base_scan");
    const auto &odom = spec->topics[1];
    EXPECT_EQ(odom.pattern, "/robot*/odom");
    EXPECT_EQ(odom.min_hz->severity, Severity::Warning);  // the topic's severity
    EXPECT_EQ(odom.required.severity, Severity::Warning);
    EXPECT_EQ(odom.max_latency_s->value, 0.0);
    EXPECT_EQ(odom.min_messages->value, 3u);
    EXPECT_FALSE(spec->topics[2].required.value);
    EXPECT_TRUE(spec->topics[3].required.value);
    EXPECT_EQ(spec->topics[3].line, 16);
}

TEST(ContractSpecFile, BrokenSpecsAreRefusedWithLineKeyAndWhat) {
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    rate_hx: 10\n"),
              "spec.yaml:3: /scan.rate_hx: unknown key; did you mean 'rate_hz'?");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    rate_hz: -10\n"),
              "spec.yaml:3: /scan.rate_hz: must be above 0, got '-10'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    rate_hz: fast\n"),
              "spec.yaml:3: /scan.rate_hz: expected a number, got 'fast'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    max_gap_s: [1, 2]\n"),
              "spec.yaml:3: /scan.max_gap_s: expected a number, got a list");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    max_gap_s: .nan\n"),
              "spec.yaml:3: /scan.max_gap_s: expected a finite number, got '.nan'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    tolerance: 5\n"),
              "spec.yaml:3: /scan.tolerance: needs rate_hz (a tolerance is a share of it)");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    rate_hz: 10\n    tolerance: 150\n"),
              "spec.yaml:4: /scan.tolerance: must be a percentage from 0 to below 100, got '150'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    min_hz: 20\n    max_hz: 10\n"),
              "spec.yaml:4: /scan.max_hz: is below min_hz (10 < 20)");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    min_messages: 2.5\n"),
              "spec.yaml:3: /scan.min_messages: expected a whole number of messages");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    required: maybe\n"),
              "spec.yaml:3: /scan.required: expected true or false, got 'maybe'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    severity: fatal\n"),
              "spec.yaml:3: /scan.severity: expected error or warning, got 'fatal'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    qos: {reliability: sometimes}\n"),
              "spec.yaml:3: /scan.qos.reliability: expected reliable or best_effort, got 'sometimes'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    qos: {durablity: volatile}\n"),
              "spec.yaml:3: /scan.qos.durablity: unknown key; did you mean 'durability'?");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    max_gap_s: {value: 1, severty: warning}\n"),
              "spec.yaml:3: /scan.max_gap_s.severty: unknown key; did you mean 'severity'?");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    max_gap_s: {severity: warning}\n"),
              "spec.yaml:3: /scan.max_gap_s: the long form needs 'value' (and may say 'severity')");
    EXPECT_EQ(specProblem("topic:\n  /scan:\n"), "spec.yaml:1: topic: unknown key; did you mean 'topics'?");
    EXPECT_EQ(specProblem("topics: []\n"),
              "spec.yaml:1: topics: expected a mapping of topic names to rules, got a list");
    EXPECT_EQ(specProblem("topics:\n  /scan: 10\n"), "spec.yaml:2: /scan: expected a mapping of rules, got '10'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n  /scan:\n"), "spec.yaml:3: /scan: listed twice");
    EXPECT_EQ(specProblem("just text\n"), "spec.yaml:1: spec: expected a mapping with 'topics'");
    EXPECT_EQ(specProblem("topics:\n  /scan: {rate_hz: 1\n"), "spec.yaml:3: not YAML: end of map flow not found");
    EXPECT_EQ(specProblem("run:\n  max_speed: 1\ntopics:\n  /scan:\n"),
              "spec.yaml:1: run: the run section (evaluate's limits) is not supported by this version; remove it");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    colour: red\n"),
              "spec.yaml:3: /scan.colour: unknown key; known: type, required, rate_hz, tolerance, min_hz, max_hz, "
              "max_gap_s, max_latency_s, min_messages, qos, frame_id, severity");
}

TEST(ContractSpecFile, AMissingFileIsNamed) {
    auto spec = readContractSpec("no-such-spec.yaml");
    ASSERT_FALSE(spec.ok());
    EXPECT_NE(spec.message().find("no-such-spec.yaml"), std::string::npos) << spec.message();
}

TEST(ContractSpecFile, TheInitialSpecReadsBackAndHoldsOnItsRecording) {
    constexpr TimeNs kWall = 1'700'000'000 * kNsPerSecond;
    topicstats::RecordingMeasurement rec{kWall, kWall + 10 * kNsPerSecond, {}};
    topicstats::TopicMeasurer scan(topicstats::TopicMeasurement{.name = "/scan",
                                                                .type = "sensor_msgs/msg/LaserScan",
                                                                .reliability = "best_effort",
                                                                .durability = "volatile",
                                                                .has_header = true});
    for (int i = 0; i <= 100; ++i) {
        const TimeNs t = kWall + TimeNs{i} * 100'000'000;
        scan.add(t, t - 7'000'000, "base_scan");
    }
    rec.topics.push_back(scan.finish(rec.start, rec.end));
    topicstats::TopicMeasurer tf_static(topicstats::TopicMeasurement{
        .name = "/tf_static", .type = "tf2_msgs/msg/TFMessage", .durability = "transient_local"});
    tf_static.add(kWall, std::nullopt, std::nullopt);
    rec.topics.push_back(tf_static.finish(rec.start, rec.end));

    const std::string text = initialContractSpec(rec, "good.mcap");
    EXPECT_NE(text.find("  /scan:  # 101 messages\n"
                        "    type: sensor_msgs/msg/LaserScan\n"
                        "    rate_hz: 10\n"
                        "    tolerance: 10  # percent\n"
                        "    max_gap_s: 0.15  # longest silence 0.100 s, from 0.000 s\n"
                        "    max_latency_s: 0.011  # largest stamp-to-log latency 0.007 s\n"
                        "    frame_id: base_scan\n"
                        "    qos: {reliability: best_effort, durability: volatile}\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("  /tf_static:  # 1 message\n"
                        "    type: tf2_msgs/msg/TFMessage\n"
                        "    min_messages: 1  # too few messages for a rate\n"
                        "    qos: {durability: transient_local}\n"),
              std::string::npos)
        << text;
    auto spec = parseContractSpec(text, "init.yaml");
    ASSERT_TRUE(spec.ok()) << spec.message();
    for (const auto &r : topicstats::judgeContract(*spec, rec))
        EXPECT_TRUE(r.passed) << r.topic << " " << r.rule << ": " << r.measured;
}

}  // namespace
}  // namespace robometrics::io
