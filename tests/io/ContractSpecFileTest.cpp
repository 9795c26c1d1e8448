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
              "spec.yaml:3: /scan.min_messages: expected a whole number of messages, got '2.5'");
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
    EXPECT_EQ(specProblem("topics:\n  /scan:\n  /scan:\n"), "spec.yaml:3: /scan: listed twice (first on line 2)");
    EXPECT_EQ(specProblem("topics: {}\n"),
              "spec.yaml:1: topics: expected a mapping of topic names to rules, got an empty mapping");
    EXPECT_EQ(specProblem("just text\n"), "spec.yaml:1: spec: expected a mapping with 'topics'");
    EXPECT_EQ(specProblem(""), "spec.yaml:1: spec: empty; expected a mapping with 'topics'");
    EXPECT_EQ(specProblem("# only a comment\n"), "spec.yaml:1: spec: empty; expected a mapping with 'topics'");
    // The parser stops at the end of the text, past the last line: the last line is named.
    EXPECT_EQ(specProblem("topics:\n  /scan: {rate_hz: 1\n"), "spec.yaml:2: not YAML: end of map flow not found");
    EXPECT_EQ(specProblem("topics:\n  /scan: {rate_hz: 1"), "spec.yaml:2: not YAML: end of map flow not found");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    colour: red\n"),
              "spec.yaml:3: /scan.colour: unknown key; known: type, required, rate_hz, tolerance, min_hz, max_hz, "
              "max_gap_s, max_latency_s, min_messages, qos, frame_id, severity, min_valid_share, forbid_sensor_silent");
}

TEST(ContractSpecFile, AKeyGivenTwiceIsRefusedWhereverItIs) {
    // YAML forbids a key twice in one mapping; yaml-cpp keeps one silently, so a limit edited
    // lower down (or a second `topics:`) would not count. Each is refused at the second one.
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    rate_hz: 10\n    max_gap_s: 0.5\n    rate_hz: 50\n"),
              "spec.yaml:5: /scan.rate_hz: listed twice (first on line 3)");
    EXPECT_EQ(specProblem("topics:\n  /scan:\ntopics:\n  /odom:\n"),
              "spec.yaml:3: topics: listed twice (first on line 1)");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    qos: {reliability: reliable, reliability: best_effort}\n"),
              "spec.yaml:3: /scan.qos.reliability: listed twice (first on line 3)");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    max_gap_s: {value: 1, value: 2}\n"),
              "spec.yaml:3: /scan.max_gap_s.value: listed twice (first on line 3)");
    EXPECT_EQ(specProblem("run:\n  min_safe_clearance: 0.3\n  forbid: [stuck]\n  min_safe_clearance: 0.5\n"),
              "spec.yaml:4: run.min_safe_clearance: listed twice (first on line 2)");
    EXPECT_EQ(specProblem("run:\n  forbid: [stuck]\n  forbid: [collision]\n"),
              "spec.yaml:3: run.forbid: listed twice (first on line 2)");
}

TEST(ContractSpecFile, ReadsThePerMessageRulesAndTheRunSection) {
    auto spec = parseContractSpec(
        "topics:\n"                                               // 1
        "  /scan:\n"                                              // 2
        "    min_valid_share: {value: 0.8, severity: warning}\n"  // 3
        "  /imu:\n"                                               // 4
        "    forbid_sensor_silent: true\n"                        // 5
        "run:\n"                                                  // 6
        "  severity: warning\n"                                   // 7
        "  min_safe_clearance: 0.3\n"                             // 8
        "  collision_threshold: {value: 0, severity: error}\n"    // 9
        "  stuck_window_s: 4\n"                                   // 10
        "  forbid:\n"                                             // 11
        "    collision: error\n"                                  // 12
        "    topic_drops: warning\n",                             // 13
        "spec.yaml");
    ASSERT_TRUE(spec.ok()) << spec.message();
    ASSERT_EQ(spec->topics.size(), 2u);
    EXPECT_EQ(spec->topics[0].min_valid_share->value, 0.8);
    EXPECT_EQ(spec->topics[0].min_valid_share->severity, Severity::Warning);
    EXPECT_EQ(spec->topics[0].min_valid_share->line, 3);
    EXPECT_TRUE(spec->topics[0].needsScanValidity());
    EXPECT_FALSE(spec->topics[0].needsMotion());
    EXPECT_TRUE(spec->topics[1].needsMotion());
    EXPECT_TRUE(spec->needsMotion());
    ASSERT_TRUE(spec->run);
    EXPECT_EQ(spec->run->line, 6);
    ASSERT_EQ(spec->run->limits.size(), 3u);  // in spec order, severity the section's unless said
    EXPECT_EQ(spec->run->limits[0].name, "min_safe_clearance");
    EXPECT_EQ(spec->run->limits[0].limit.value, 0.3);
    EXPECT_EQ(spec->run->limits[0].limit.severity, Severity::Warning);
    EXPECT_EQ(spec->run->limits[0].limit.line, 8);
    EXPECT_EQ(spec->run->limits[1].name, "collision_threshold");
    EXPECT_EQ(spec->run->limits[1].limit.value, 0.0);
    EXPECT_EQ(spec->run->limits[1].limit.severity, Severity::Error);
    EXPECT_EQ(spec->run->limits[2].name, "stuck_window_s");
    ASSERT_EQ(spec->run->forbid.size(), 2u);
    EXPECT_EQ(spec->run->forbid[0].code, "collision");
    EXPECT_EQ(spec->run->forbid[0].severity, Severity::Error);
    EXPECT_EQ(spec->run->forbid[0].line, 12);
    EXPECT_EQ(spec->run->forbid[1].code, "topic_drops");
    EXPECT_EQ(spec->run->forbid[1].severity, Severity::Warning);

    // A run section alone is a spec; forbid as a list takes the section's severity.
    auto alone = parseContractSpec("run:\n  forbid: [stuck, localization_lost]\n", "spec.yaml");
    ASSERT_TRUE(alone.ok()) << alone.message();
    EXPECT_TRUE(alone->topics.empty());
    ASSERT_EQ(alone->run->forbid.size(), 2u);
    EXPECT_EQ(alone->run->forbid[1].code, "localization_lost");
    EXPECT_EQ(alone->run->forbid[1].line, 2);
    EXPECT_FALSE(alone->needsMotion());
    EXPECT_FALSE(alone->needsScanValidity());
}

TEST(ContractSpecFile, ABadRunSectionOrPerMessageRuleIsRefusedWithItsLine) {
    EXPECT_EQ(specProblem("run:\n  colision_threshold: 0.2\n"),
              "spec.yaml:2: run.colision_threshold: unknown key; did you mean 'collision_threshold'?");
    EXPECT_EQ(specProblem("run:\n  max_speed: 1\n"),
              "spec.yaml:2: run.max_speed: unknown key; did you mean 'max_speed_mps'?");
    EXPECT_EQ(specProblem("run:\n  collision_threshold: -0.1\n"),
              "spec.yaml:2: run.collision_threshold: must be at least 0, got '-0.1'");
    EXPECT_EQ(specProblem("run:\n  max_speed_mps: 0\n"), "spec.yaml:2: run.max_speed_mps: must be above 0, got '0'");
    EXPECT_EQ(specProblem("run:\n  max_speed_mps: fast\n"),
              "spec.yaml:2: run.max_speed_mps: expected a number, got 'fast'");
    EXPECT_EQ(specProblem("run:\n  forbid: [collision, colision]\n"),
              "spec.yaml:2: run.forbid: unknown anomaly code 'colision'; did you mean 'collision'?");
    EXPECT_EQ(specProblem("run:\n  forbid: [stuck, stuck]\n"), "spec.yaml:2: run.forbid: 'stuck' listed twice");
    EXPECT_EQ(specProblem("run:\n  forbid: stuck\n"),
              "spec.yaml:2: run.forbid: expected a list of anomaly codes (or codes: severity), got 'stuck'");
    EXPECT_EQ(specProblem("run:\n  forbid: {stuck: maybe}\n"),
              "spec.yaml:2: run.forbid.stuck: expected error or warning, got 'maybe'");
    EXPECT_EQ(specProblem("run:\n  forbid: [[stuck]]\n"),
              "spec.yaml:2: run.forbid: expected an anomaly code, got a list");
    EXPECT_EQ(specProblem("run:\n"),
              "spec.yaml:1: run: expected a mapping of evaluate's limits and 'forbid', got nothing");
    EXPECT_EQ(specProblem("run: 3\n"),
              "spec.yaml:1: run: expected a mapping of evaluate's limits and 'forbid', got '3'");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    min_valid_share: 1.5\n"),
              "spec.yaml:3: /scan.min_valid_share: is a share from 0 to 1, got 1.5");
    EXPECT_EQ(specProblem("topics:\n  /scan:\n    min_valid_share: -0.5\n"),
              "spec.yaml:3: /scan.min_valid_share: must be at least 0, got '-0.5'");
    EXPECT_EQ(specProblem("topics:\n  /imu:\n    forbid_sensor_silent: maybe\n"),
              "spec.yaml:3: /imu.forbid_sensor_silent: expected true or false, got 'maybe'");
    EXPECT_EQ(specProblem("version: 1\n"), "spec.yaml:1: version: unknown key; known: topics, run");
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
