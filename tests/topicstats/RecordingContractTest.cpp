#include <gtest/gtest.h>

#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::topicstats {
namespace {

constexpr TimeNs kWall = 1'700'000'000 * kNsPerSecond;  // a wall-clock log
TimeNs wallAt(double s) { return kWall + fromSeconds(s); }

TEST(RecordingContract, GlobsMatchWholeNames) {
    EXPECT_TRUE(topicMatches("/scan", "/scan"));
    EXPECT_FALSE(topicMatches("/scan", "/scan2"));
    EXPECT_TRUE(topicMatches("/robot*/scan", "/robot1/scan"));
    EXPECT_TRUE(topicMatches("/robot*/scan", "/robot/front/scan"));  // '*' crosses '/'
    EXPECT_FALSE(topicMatches("/robot*/scan", "/robot1/scan/raw"));
    EXPECT_TRUE(topicMatches("/robot?/odom", "/robot7/odom"));
    EXPECT_FALSE(topicMatches("/robot?/odom", "/robot17/odom"));
    EXPECT_TRUE(topicMatches("*", "/anything"));
    EXPECT_TRUE(topicMatches("/a*b*c", "/aXbYbc"));
}

TEST(RecordingContract, TheLongestSilenceCountsTheRecordingsEnds) {
    // Messages at 1, 2, 2.5 s of a recording from 0 to 6 s: the longest silence is the end's 3.5 s.
    TopicMeasurer m(TopicMeasurement{.name = "/a"});
    for (double s : {1.0, 2.0, 2.5}) m.add(wallAt(s), std::nullopt, std::nullopt);
    TopicMeasurement end = m.finish(wallAt(0), wallAt(6));
    EXPECT_EQ(end.gap_start, wallAt(2.5));
    EXPECT_EQ(end.gap_end, wallAt(6));
    // Ending at 3 s, the start's 1 s and the 1 s between the first two tie: the first one stays.
    TopicMeasurement start = m.finish(wallAt(0), wallAt(3));
    EXPECT_EQ(start.gap_start, wallAt(0));
    EXPECT_EQ(start.gap_end, wallAt(1));
}

TEST(RecordingContract, LatencyAndFrames) {
    TopicMeasurer m(TopicMeasurement{.name = "/odom", .has_header = true});
    // Latencies 10, 300, 20 ms; frames odom, odom, base.
    m.add(wallAt(1.0), wallAt(1.0) - 10'000'000, "odom");
    m.add(wallAt(2.0), wallAt(2.0) - 300'000'000, "odom");
    m.add(wallAt(3.0), wallAt(3.0) - 20'000'000, "base");
    m.add(wallAt(4.0), 5 * kNsPerSecond, "odom");  // a sim-time stamp on a wall-clock log: no latency
    TopicMeasurement r = m.finish(wallAt(1), wallAt(4));
    EXPECT_EQ(r.latency_samples, 3u);
    EXPECT_EQ(r.sim_time_stamps, 1u);
    EXPECT_EQ(r.max_latency, 300'000'000);
    EXPECT_EQ(r.max_latency_at, wallAt(2.0));
    ASSERT_EQ(r.frames.size(), 2u);
    EXPECT_EQ(r.frames[0].id, "odom");
    EXPECT_EQ(r.frames[0].count, 3u);
    EXPECT_EQ(r.frames[1].id, "base");
    EXPECT_EQ(r.frames[1].first, wallAt(3.0));
}

/// A topic at `hz` from 0 to `seconds`, with stamps `latency_s` before the log times.
TopicMeasurement periodicTopic(const std::string &name, const std::string &type, double hz, double seconds,
                               double latency_s = 0.01) {
    TopicMeasurer m(TopicMeasurement{.name = name, .type = type, .has_header = true});
    const auto n = static_cast<int>(seconds * hz);
    for (int i = 0; i <= n; ++i) {
        const TimeNs t = wallAt(i / hz);
        m.add(t, t - fromSeconds(latency_s), "base_link");
    }
    return m.finish(wallAt(0), wallAt(seconds));
}

TEST(RecordingContract, EveryRuleJudgedWithWhatAndWhen) {
    RecordingMeasurement rec{wallAt(0), wallAt(10), {}};
    rec.topics.push_back(periodicTopic("/scan", "sensor_msgs/msg/LaserScan", 8.0, 10.0));  // 81 messages, 8 Hz
    rec.topics.back().reliability = "best_effort";
    rec.topics.push_back(periodicTopic("/robot1/odom", "nav_msgs/msg/Odometry", 20.0, 10.0));
    RecordingContract c;
    TopicContract scan;
    scan.pattern = "/scan";
    scan.line = 2;
    scan.type = Limit<std::string>{"sensor_msgs/msg/LaserScan", Severity::Error, 3};
    scan.rate_hz = Limit<double>{10.0, Severity::Error, 4};     // 10 ± 10 %: 8 Hz is below 9
    scan.max_gap_s = Limit<double>{0.1, Severity::Warning, 5};  // every period is 0.125 s
    scan.reliability = Limit<std::string>{"reliable", Severity::Error, 6};
    scan.frame_id = Limit<std::string>{"base_link", Severity::Error, 7};
    c.topics.push_back(scan);
    TopicContract odom;
    odom.pattern = "/robot*/odom";
    odom.line = 8;
    odom.min_hz = Limit<double>{19.5, Severity::Error, 9};
    odom.max_latency_s = Limit<double>{0.005, Severity::Error, 10};
    c.topics.push_back(odom);
    TopicContract cmd;
    cmd.pattern = "/cmd_vel";
    cmd.line = 11;
    cmd.required.line = 11;
    c.topics.push_back(cmd);

    const std::vector<RuleResult> r = judgeContract(c, rec);
    ASSERT_EQ(r.size(), 10u);
    auto expect = [&](std::size_t i, const char *topic, const char *rule, const char *limit, bool passed,
                      const char *measured, int line) {
        SCOPED_TRACE(i);
        EXPECT_EQ(r[i].topic, topic);
        EXPECT_EQ(r[i].rule, rule);
        EXPECT_EQ(r[i].limit, limit);
        EXPECT_EQ(r[i].passed, passed);
        EXPECT_EQ(r[i].measured, measured);
        EXPECT_EQ(r[i].line, line);
    };
    expect(0, "/scan", "required", "", true, "81 messages", 2);
    expect(1, "/scan", "type", "sensor_msgs/msg/LaserScan", true, "sensor_msgs/msg/LaserScan", 3);
    expect(2, "/scan", "rate_hz", "10 ± 10 %", false, "8 Hz", 4);
    expect(3, "/scan", "max_gap_s", "0.1", false, "silent 0.125 s from 0 s to 0.125 s", 5);
    EXPECT_EQ(r[3].severity, Severity::Warning);
    EXPECT_DOUBLE_EQ(*r[3].from_s, 0.0);
    EXPECT_DOUBLE_EQ(*r[3].to_s, 0.125);
    expect(4, "/scan", "qos.reliability", "reliable", false, "best_effort", 6);
    expect(5, "/scan", "frame_id", "base_link", true, "'base_link' on all 81 messages", 7);
    expect(6, "/robot*/odom", "required", "", true, "1 topic match", 8);
    expect(7, "/robot1/odom", "min_hz", "19.5", true, "20 Hz", 9);
    expect(8, "/robot1/odom", "max_latency_s", "0.005", false, "0.01 s at 0 s", 10);
    expect(9, "/cmd_vel", "required", "", false, "no such topic", 11);  // and nothing else of it
}

TEST(RecordingContract, WhatCannotBeMeasuredFailsAndSaysWhy) {
    RecordingMeasurement rec{wallAt(0), wallAt(1), {}};
    TopicMeasurer one(TopicMeasurement{.name = "/map", .type = "nav_msgs/msg/OccupancyGrid", .has_header = true});
    one.add(wallAt(0.5), 3 * kNsPerSecond, "map");  // a sim-time stamp
    rec.topics.push_back(one.finish(wallAt(0), wallAt(1)));
    TopicContract map;
    map.pattern = "/map";
    map.rate_hz = Limit<double>{1.0};
    map.max_latency_s = Limit<double>{0.5};
    RecordingContract c{"spec.yaml", {map}};
    const std::vector<RuleResult> r = judgeContract(c, rec);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_FALSE(r[1].passed);
    EXPECT_EQ(r[1].measured, "no rate: 1 message");
    EXPECT_FALSE(r[1].value);
    EXPECT_FALSE(r[2].passed);
    EXPECT_EQ(r[2].measured, "not measured: 1 stamp in simulated time on a wall-clock log");
}

TEST(RecordingContract, AnOptionalTopicIsJudgedOnlyWhenThere) {
    RecordingMeasurement rec{wallAt(0), wallAt(1), {}};
    TopicContract cam;
    cam.pattern = "/camera/*";
    cam.required.value = false;
    cam.min_hz = Limit<double>{5.0};
    RecordingContract c{"spec.yaml", {cam}};
    EXPECT_TRUE(judgeContract(c, rec).empty());
    // A topic declared without a message does not satisfy a required rule.
    rec.topics.push_back(TopicMeasurer(TopicMeasurement{.name = "/camera/image"}).finish(wallAt(0), wallAt(1)));
    cam.required.value = true;
    c.topics = {cam};
    const auto r = judgeContract(c, rec);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].measured, "declared but no message recorded");
}

TEST(RecordingContract, ValidSharesArePooledOverWindowsOfOneSecondOfScans) {
    ScanValidityMeasurer scans;
    // Windows from the first scan: [0, 1) s 18 of 20 valid, [1, 2) 10 of 20, [2, 3) only a scan
    // without ranges (no window), [3, 4) 9 of 10.
    scans.add(wallAt(0.0), 10, 10);
    scans.add(wallAt(0.5), 10, 8);
    scans.add(wallAt(1.0), 10, 4);
    scans.add(wallAt(1.5), 10, 6);
    scans.add(wallAt(2.1), 0, 0);
    scans.add(wallAt(3.2), 10, 9);
    const ScanValidity v = scans.finish();
    EXPECT_EQ(v.scans, 6u);
    EXPECT_EQ(v.ranges, 50u);
    EXPECT_EQ(v.valid, 37u);
    EXPECT_EQ(v.windows, 3u);
    EXPECT_DOUBLE_EQ(v.worst_share, 0.5);
    EXPECT_EQ(v.worst_from, wallAt(1.0));
    EXPECT_EQ(v.worst_to, wallAt(1.5));

    RecordingMeasurement rec{wallAt(0), wallAt(4), {}};
    TopicMeasurer scan(TopicMeasurement{.name = "/scan", .type = "sensor_msgs/msg/LaserScan", .has_header = true});
    for (double t : {0.0, 0.5, 1.0, 1.5, 2.1, 3.2}) scan.add(wallAt(t), std::nullopt, "base_scan");
    rec.topics.push_back(scan.finish(rec.start, rec.end));
    rec.topics.back().scan_validity = v;
    TopicMeasurer imu(TopicMeasurement{.name = "/imu", .type = "sensor_msgs/msg/Imu"});
    imu.add(wallAt(0), std::nullopt, std::nullopt);
    rec.topics.push_back(imu.finish(rec.start, rec.end));
    TopicContract strict, loose, not_a_scan;
    strict.pattern = loose.pattern = "/scan";
    strict.min_valid_share = Limit<double>{0.6, Severity::Error, 3};
    loose.min_valid_share = Limit<double>{0.5};
    not_a_scan.pattern = "/imu";
    not_a_scan.min_valid_share = Limit<double>{0.5};
    RecordingContract c{"spec.yaml", {strict, loose, not_a_scan}};
    const std::vector<RuleResult> r = judgeContract(c, rec);
    ASSERT_EQ(r.size(), 6u);
    EXPECT_EQ(r[1].rule, "min_valid_share");
    EXPECT_EQ(r[1].limit, "0.6");
    EXPECT_FALSE(r[1].passed);
    EXPECT_EQ(r[1].measured, "worst second 50 % valid, scans from 1 s to 1.5 s (74 % of 50 ranges in all)");
    EXPECT_DOUBLE_EQ(*r[1].value, 0.5);
    EXPECT_DOUBLE_EQ(*r[1].from_s, 1.0);
    EXPECT_DOUBLE_EQ(*r[1].to_s, 1.5);
    EXPECT_EQ(r[1].line, 3);
    EXPECT_TRUE(r[3].passed);  // 0.5 is not below 0.5
    EXPECT_FALSE(r[5].passed);
    EXPECT_EQ(r[5].measured, "not measured: sensor_msgs/msg/Imu is not a sensor_msgs/msg/LaserScan");
    // A measurement that did not decode the scans (a caller that asked for none) says so.
    rec.topics[0].scan_validity.reset();
    EXPECT_EQ(judgeContract(c, rec)[1].measured, "not measured: the scans were not decoded");
    rec.topics[0].scan_validity = ScanValidity{};
    rec.topics[0].scan_validity->scans = 3;
    EXPECT_EQ(judgeContract(c, rec)[1].measured, "not measured: no scan has a range");
    // Live, a window without a scan.
    rec.topics[0].scan_validity = ScanValidity{};
    EXPECT_EQ(judgeContract(c, rec)[1].measured, "not measured: no scan");
}

/// /imu at 100 Hz over 10 s, silent from 3 to 6 s and from 7 to 9.5 s.
RecordingMeasurement silentImu() {
    RecordingMeasurement rec{wallAt(0), wallAt(10), {}};
    TopicMeasurer imu(TopicMeasurement{.name = "/imu", .type = "sensor_msgs/msg/Imu", .has_header = true});
    for (int k = 0; k <= 1000; ++k) {
        if ((k > 300 && k < 600) || (k > 700 && k < 950)) continue;
        imu.add(wallAt(k / 100.0), std::nullopt, "imu_link");
    }
    rec.topics.push_back(imu.finish(rec.start, rec.end));
    return rec;
}

TEST(RecordingContract, ASensorSilentWhileTheRobotMovesFailsAsEvaluateJudgesIt) {
    RecordingMeasurement rec = silentImu();
    ASSERT_EQ(rec.topics[0].long_silences.size(), 2u);
    EXPECT_EQ(rec.topics[0].long_silences[1].start, wallAt(7.0));
    EXPECT_EQ(rec.topics[0].long_silences[1].end, wallAt(9.5));
    TopicContract imu;
    imu.pattern = "/imu";
    imu.forbid_sensor_silent = Limit<bool>{true, Severity::Error, 5};
    RecordingContract c{"spec.yaml", {imu}};

    // Moving from 2 to 5 s: 2 of the first silence's 3 s (at least half); standing in the second.
    rec.moving.emplace();
    rec.moving->add(wallAt(2), wallAt(5));
    rec.motion_source = "/odom";
    std::vector<RuleResult> r = judgeContract(c, rec);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[1].rule, "forbid_sensor_silent");
    EXPECT_FALSE(r[1].passed);
    EXPECT_EQ(r[1].measured, "silent 3 s from 3 s to 6 s, the robot moving for 2 s of it (motion from /odom)");
    EXPECT_DOUBLE_EQ(*r[1].from_s, 3.0);
    EXPECT_DOUBLE_EQ(*r[1].to_s, 6.0);
    EXPECT_DOUBLE_EQ(*r[1].value, 3.0);

    // Moving for 1 s of it only: under half, and the robot stands through the second.
    rec.moving.emplace();
    rec.moving->add(wallAt(5), wallAt(6.5));
    r = judgeContract(c, rec);
    EXPECT_TRUE(r[1].passed);
    EXPECT_EQ(r[1].measured, "no silence of 2 s or more while moving (motion from /odom)");

    // Motion unknown: every silence counts, the longest is reported.
    rec.moving.reset();
    r = judgeContract(c, rec);
    EXPECT_FALSE(r[1].passed);
    EXPECT_EQ(r[1].measured, "silent 3 s from 3 s to 6 s (motion unknown: no odometry, every silence counts)");
}

TEST(RecordingContract, ASensorThatStopsIsSilentToTheRecordingsEnd) {
    RecordingMeasurement rec{wallAt(0), wallAt(10), {}};
    TopicMeasurer imu(TopicMeasurement{.name = "/imu", .type = "sensor_msgs/msg/Imu"});
    for (int k = 300; k <= 700; ++k) imu.add(wallAt(k / 100.0), std::nullopt, std::nullopt);
    rec.topics.push_back(imu.finish(rec.start, rec.end));
    ASSERT_EQ(rec.topics[0].long_silences.size(), 2u);  // before 3 s and after 7 s
    EXPECT_EQ(rec.topics[0].long_silences[0].start, wallAt(0));
    EXPECT_EQ(rec.topics[0].long_silences[0].end, wallAt(3));
    EXPECT_EQ(rec.topics[0].long_silences[1].start, wallAt(7));
    EXPECT_EQ(rec.topics[0].long_silences[1].end, wallAt(10));
}

}  // namespace
}  // namespace robometrics::topicstats
