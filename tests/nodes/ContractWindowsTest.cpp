#include <fmt/format.h>
#include <gtest/gtest.h>

#include <limits>
#include <map>

#include "DiagnosticLookup.hpp"
#include "TestSupport.hpp"
#include "robometrics/io/ContractSpecFile.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/nodes/ContractWindows.hpp"

namespace robometrics::nodes {
namespace {

constexpr TimeNs kWindowSecond = 1'000'000'000;
constexpr TimeNs kSessionStart = 1'700'000'000 * kWindowSecond;  // a wall-clock session

const char *kLiveSpec = R"(topics:
  /scan:
    rate_hz: 10
    max_gap_s: {value: 0.5, severity: warning}
    frame_id: laser
    min_messages: 1000
  /cmd_vel:
)";

/// A window's statuses, with the scans that went into it.
struct ScanFeed {
    bag::TopicInfo info{"/scan", "sensor_msgs/msg/LaserScan", "cdr"};
    std::vector<std::vector<std::uint8_t>> payloads;

    bag::Message scanAt(TimeNs t) {
        msgs::LaserScan scan;
        scan.header.frame_id = "laser";
        scan.header.stamp = msgs::Time::fromNs(t - 5'000'000);  // 5 ms old when received
        payloads.push_back(msgs::encodeCdr(scan));
        return bag::Message{&info, t, t, payloads.back()};
    }
};

using test::findStatus;
using test::statusValue;

/// Feeds ContractWindows messages of any topic, keeping their payloads alive.
struct Feed {
    std::map<std::string, bag::TopicInfo> topics;
    std::vector<std::vector<std::uint8_t>> payloads;

    template <class M>
    bag::Message at(const std::string &topic, TimeNs t, const M &message) {
        auto it = topics.try_emplace(topic, bag::TopicInfo{topic, std::string(msgs::TypeInfo<M>::name), "cdr"}).first;
        payloads.push_back(msgs::encodeCdr(message));
        return bag::Message{&it->second, t, t, payloads.back()};
    }
};

/// A scan of 10 ranges within [0.1, 10] m, `valid` of them real returns (2 m), the rest NaN.
msgs::LaserScan scanWithValid(int valid) {
    msgs::LaserScan scan;
    scan.header.frame_id = "laser";
    scan.range_min = 0.1f;
    scan.range_max = 10.0f;
    scan.ranges.assign(10, std::numeric_limits<float>::quiet_NaN());
    for (int i = 0; i < valid; ++i) scan.ranges[static_cast<std::size_t>(i)] = 2.0f;
    return scan;
}

/// The robot at `x` m along its x axis.
msgs::Odometry odometryAt(double x) {
    msgs::Odometry odom;
    odom.pose.pose.position.x = x;
    return odom;
}

std::string levelAndMeasured(const msgs::DiagnosticArray &a, const std::string &name) {
    const auto *s = findStatus(a, name);
    if (!s) return "missing";
    return fmt::format("{} {}", static_cast<int>(s->level), statusValue(*s, "measured"));
}

TEST(ContractWindows, EachWindowGetsOneStatusPerRuleWithMeasuredAgainstExpected) {
    auto contract = io::parseContractSpec(kLiveSpec, "spec.yaml");
    ASSERT_TRUE(contract.ok()) << contract.message();
    std::vector<msgs::DiagnosticArray> windows;
    ContractWindows live(*contract, 1.0, [&](const msgs::DiagnosticArray &a) { windows.push_back(a); });
    ScanFeed feed;
    live.advanceTo(kSessionStart);  // the session starts: the first tick
    // Window 1: /scan at 5 Hz (0, 0.2, ..., 0.8 s): rate (5 - 1) / 0.8 s = 5 Hz against 10 ± 10 %.
    for (int i = 0; i < 5; ++i) live.onMessage(feed.scanAt(kSessionStart + i * kWindowSecond / 5));
    live.advanceTo(kSessionStart + kWindowSecond / 2);
    EXPECT_TRUE(windows.empty());
    // Window 2: silent. Both windows close at the tick of 2 s.
    live.advanceTo(kSessionStart + 2 * kWindowSecond);
    ASSERT_EQ(windows.size(), 2u);

    const msgs::DiagnosticArray &first = windows[0];
    EXPECT_EQ(first.header.stamp.toNs(), kSessionStart + kWindowSecond);
    // required, min_messages, rate_hz, max_gap_s, frame_id of /scan, then /cmd_vel's required.
    ASSERT_EQ(first.status.size(), 6u);
    // min_messages is judged on the count so far: a warning until the session ends.
    const auto *count = findStatus(first, "robometrics: contract /scan min_messages");
    ASSERT_NE(count, nullptr);
    EXPECT_EQ(count->level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(count->message, "measured 5 of 1000 so far, expected min_messages 1000");
    EXPECT_EQ(statusValue(*count, "severity"), "error");
    const auto *rate = findStatus(first, "robometrics: contract /scan rate_hz");
    ASSERT_NE(rate, nullptr);
    EXPECT_EQ(rate->level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(rate->message, "measured 5 Hz, expected rate_hz 10 ± 10 %");
    EXPECT_EQ(rate->hardware_id, "/scan");
    EXPECT_EQ(statusValue(*rate, "measured"), "5 Hz");
    EXPECT_EQ(statusValue(*rate, "limit"), "rate_hz 10 ± 10 %");
    EXPECT_EQ(statusValue(*rate, "topic"), "/scan");
    EXPECT_EQ(statusValue(*rate, "rule"), "rate_hz");
    EXPECT_EQ(statusValue(*rate, "severity"), "error");
    EXPECT_EQ(statusValue(*rate, "spec"), "spec.yaml:3");
    EXPECT_EQ(statusValue(*rate, "value"), "5");
    // The longest silence of window 1: 0.2 s (between scans, and from 0.8 s to the window's end).
    const auto *gap = findStatus(first, "robometrics: contract /scan max_gap_s");
    ASSERT_NE(gap, nullptr);
    EXPECT_EQ(gap->level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(gap->message, "measured silent 0.2 s from 0 s to 0.2 s, expected max_gap_s 0.5");
    EXPECT_EQ(findStatus(first, "robometrics: contract /scan frame_id")->level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(findStatus(first, "robometrics: contract /scan required")->level, msgs::DiagnosticStatus::OK);
    const auto *cmd_vel = findStatus(first, "robometrics: contract /cmd_vel required");
    ASSERT_NE(cmd_vel, nullptr);
    EXPECT_EQ(cmd_vel->level, msgs::DiagnosticStatus::ERROR);
    EXPECT_EQ(cmd_vel->message, "measured no such topic, expected required");

    // Window 2: /scan is still present (5 messages so far), silent since its last scan at 0.8 s:
    // 1.2 s, a failed warning; no rate in a window without messages.
    const msgs::DiagnosticArray &second = windows[1];
    EXPECT_EQ(second.header.stamp.toNs(), kSessionStart + 2 * kWindowSecond);
    const auto *present = findStatus(second, "robometrics: contract /scan required");
    ASSERT_NE(present, nullptr);
    EXPECT_EQ(present->level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(present->message, "measured 5 messages, expected required");
    const auto *quiet = findStatus(second, "robometrics: contract /scan max_gap_s");
    ASSERT_NE(quiet, nullptr);
    EXPECT_EQ(quiet->level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(quiet->message, "measured silent 1.2 s from 0.8 s to 2 s, expected max_gap_s 0.5");
    EXPECT_EQ(findStatus(second, "robometrics: contract /scan rate_hz")->message,
              "measured no rate: 0 messages, expected rate_hz 10 ± 10 %");

    EXPECT_EQ(live.windows(), 2u);
    EXPECT_EQ(live.summaryText(),
              "contract spec.yaml: 2 windows of 1 s\n"
              "  /scan: min_messages 1000: 5 of 1000 so far (error; judged at the session's end)\n"
              "  /scan: rate_hz 10 ± 10 %: failed in 2 of 2 windows (error); last: no rate: 0 messages\n"
              "  /scan: max_gap_s 0.5: failed in 1 of 2 windows (warning); last: silent 1.2 s from 0.8 s to 2 s\n"
              "  /cmd_vel: required: failed in 2 of 2 windows (error); last: no such topic\n");
    const nlohmann::json json = live.summaryJson();
    EXPECT_EQ(json["windows"], 2);
    ASSERT_EQ(json["rules"].size(), 6u);
    EXPECT_EQ(json["rules"][1]["rule"], "min_messages");
    EXPECT_EQ(json["rules"][1]["judged"], "session");
    EXPECT_TRUE(json["rules"][1]["passed"].is_null());  // no verdict before the session's end
    EXPECT_EQ(json["rules"][2]["rule"], "rate_hz");
    EXPECT_EQ(json["rules"][2]["judged"], "window");
    EXPECT_EQ(json["rules"][2]["windows_failed"], 2);
    EXPECT_TRUE(json["not_judged_live"].empty());
}

TEST(ContractWindows, ATopicAtItsRateHoldsEveryRule) {
    auto contract = io::parseContractSpec("topics:\n  /scan:\n    rate_hz: 10\n    max_gap_s: 0.15\n", "ok.yaml");
    ASSERT_TRUE(contract.ok()) << contract.message();
    std::vector<msgs::DiagnosticArray> windows;
    ContractWindows live(*contract, 1.0, [&](const msgs::DiagnosticArray &a) { windows.push_back(a); });
    ScanFeed feed;
    live.advanceTo(kSessionStart);
    for (int i = 0; i < 30; ++i)
        live.onMessage(feed.scanAt(kSessionStart + kWindowSecond / 20 + i * kWindowSecond / 10));
    live.advanceTo(kSessionStart + 3 * kWindowSecond);
    ASSERT_EQ(windows.size(), 3u);
    for (const auto &w : windows) {
        ASSERT_EQ(w.status.size(), 3u);
        for (const auto &s : w.status) EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK) << s.name << ": " << s.message;
    }
    // Ten scans 0.1 s apart in each window: 9 / 0.9 s.
    EXPECT_EQ(findStatus(windows[1], "robometrics: contract /scan rate_hz")->message,
              "measured 10 Hz, expected rate_hz 10 ± 10 %");
    EXPECT_EQ(live.summaryText(), "contract ok.yaml: 3 windows of 1 s\n  every rule held in every window (3 rules)\n");
}

// evo's Nav2 TurtleBot recording, read window by window as `live topic-stats --spec` would hear
// it: /odom stops at 41.103 s for 2.157 s (what `check` reports of the whole recording, docs/
// check.md). The windows that end inside the hole say how long /odom has been quiet so far; the
// one in which it comes back gives the whole silence, with the same times as `check`.
TEST(ContractWindows, TheNav2RecordingsOdometryHoleIsSeenWindowByWindow) {
    ROBOMETRICS_REQUIRE_DATA(bag_path, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto contract = io::parseContractSpec("topics:\n  /odom:\n    max_gap_s: 0.5\n", "odom.yaml");
    ASSERT_TRUE(contract.ok()) << contract.message();
    std::vector<msgs::DiagnosticArray> windows;
    ContractWindows live(*contract, 1.0, [&](const msgs::DiagnosticArray &a) { windows.push_back(a); });
    auto bag = bag::openBag(bag_path.string());
    ASSERT_TRUE(bag.ok()) << bag.message();
    bag::Message message;
    TimeNs last = 0;
    for (;;) {
        auto more = (*bag)->next(message);
        ASSERT_TRUE(more.ok()) << more.message();
        if (!*more) break;
        live.onMessage(message);
        last = message.log_time;
    }
    live.advanceTo(last);
    std::vector<std::string> failed;
    for (const auto &w : windows) {
        const auto *gap = findStatus(w, "robometrics: contract /odom max_gap_s");
        ASSERT_NE(gap, nullptr);
        if (gap->level != msgs::DiagnosticStatus::OK) failed.push_back(statusValue(*gap, "measured"));
    }
    EXPECT_EQ(failed,
              (std::vector<std::string>{"silent 0.897 s from 41.103 s to 42 s", "silent 1.897 s from 41.103 s to 43 s",
                                        "silent 2.157 s from 41.103 s to 43.26 s"}));
}

// The per-message rules, window by window, on a feed built by hand: a robot driving at 0.5 m/s
// (/odom at 20 Hz from 0 to 5 s), a lidar of 10 ranges at 10 Hz with 8 valid ranges per scan in
// the first second and 3 in the second, and an IMU at 20 Hz that falls silent from 0.95 s to 4 s.
TEST(ContractWindows, PerMessageRulesAreJudgedInTheWindowsTheyCanBeDecidedIn) {
    auto contract = io::parseContractSpec(
        "topics:\n  /scan:\n    min_valid_share: 0.5\n  /imu:\n    required: false\n    forbid_sensor_silent: true\n",
        "per-message.yaml");
    ASSERT_TRUE(contract.ok()) << contract.message();
    std::vector<msgs::DiagnosticArray> windows;
    ContractWindows live(*contract, 1.0, [&](const msgs::DiagnosticArray &a) { windows.push_back(a); });
    Feed feed;
    const TimeNs ms = kWindowSecond / 1000;
    live.advanceTo(kSessionStart);
    for (TimeNs t = 0; t < 5000 * ms; t += 50 * ms) {
        live.onMessage(feed.at("/odom", kSessionStart + t, odometryAt(0.5 * toSeconds(t))));
        if (t < 1000 * ms || t >= 4000 * ms) live.onMessage(feed.at("/imu", kSessionStart + t, msgs::Imu{}));
        if (t % (100 * ms) != 0) continue;
        if (t < 2000 * ms) live.onMessage(feed.at("/scan", kSessionStart + t, scanWithValid(t < 1000 * ms ? 8 : 3)));
    }
    live.advanceTo(kSessionStart + 5000 * ms);
    ASSERT_EQ(windows.size(), 5u);

    const std::string share = "robometrics: contract /scan min_valid_share";
    // Window 1: 80 of 100 ranges valid; window 2: 30 of 100, below 0.5; window 3: no scan.
    EXPECT_EQ(levelAndMeasured(windows[0], share),
              "0 worst second 80 % valid, scans from 0 s to 0.9 s (80 % of 100 ranges in all)");
    EXPECT_EQ(levelAndMeasured(windows[1], share),
              "2 worst second 30 % valid, scans from 1 s to 1.9 s (30 % of 100 ranges in all)");
    EXPECT_EQ(statusValue(*findStatus(windows[1], share), "value"), "0.3");
    EXPECT_EQ(levelAndMeasured(windows[2], share), "2 not measured: no scan");

    // The IMU's period is the mean interval of its messages so far (as `check` takes it of a
    // recording): 0.95 s / 19 = 0.05 s before the silence, so a silence counts from max(2 s, 20
    // periods) = 2 s; at 5 s, with the silence in it, 4.95 s / 39 = 0.127 s, from 2.54 s. The
    // odometry moves in steps of 0.2 s (activity's MovingIntervals), known up to the last step
    // before the window's end: 2.8 s in window 3, 3.8 s in window 4, 4.8 s in window 5.
    const std::string silent = "robometrics: contract /imu forbid_sensor_silent";
    EXPECT_EQ(levelAndMeasured(windows[0], silent), "0 no silence of 2 s or more while moving (motion from /odom)");
    EXPECT_EQ(levelAndMeasured(windows[1], silent), "0 no silence of 2 s or more while moving (motion from /odom)");
    // Window 3: silent from 0.95 s to 3 s so far, 2.05 s, the robot moving from 0.95 s to 2.8 s of it.
    EXPECT_EQ(levelAndMeasured(windows[2], silent),
              "2 silent 2.05 s from 0.95 s to 3 s, the robot moving for 1.85 s of it (motion from /odom)");
    EXPECT_EQ(levelAndMeasured(windows[3], silent),
              "2 silent 3.05 s from 0.95 s to 4 s, the robot moving for 2.85 s of it (motion from /odom)");
    // Window 5: the IMU is back at 4 s: the whole silence, as `check` reports it of a recording.
    EXPECT_EQ(levelAndMeasured(windows[4], silent),
              "2 silent 3.05 s from 0.95 s to 4 s, the robot moving for 3.05 s of it (motion from /odom)");
    EXPECT_EQ(live.summaryJson()["undecoded_messages"], 0);
}

// Without odometry the motion is unknown and every long silence counts, as in `check`.
TEST(ContractWindows, ASilenceCountsWithoutOdometry) {
    auto contract = io::parseContractSpec("topics:\n  /imu:\n    forbid_sensor_silent: true\n", "imu.yaml");
    ASSERT_TRUE(contract.ok()) << contract.message();
    std::vector<msgs::DiagnosticArray> windows;
    ContractWindows live(*contract, 1.0, [&](const msgs::DiagnosticArray &a) { windows.push_back(a); });
    Feed feed;
    live.advanceTo(kSessionStart);
    for (int i = 0; i < 5; ++i) live.onMessage(feed.at("/imu", kSessionStart + i * kWindowSecond / 10, msgs::Imu{}));
    live.advanceTo(kSessionStart + 3 * kWindowSecond);
    ASSERT_EQ(windows.size(), 3u);
    // Period 0.1 s; silent from 0.4 s: 1.6 s at 2 s (too short), 2.6 s at 3 s.
    EXPECT_EQ(windows[1].status.back().level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(levelAndMeasured(windows[2], "robometrics: contract /imu forbid_sensor_silent"),
              "2 silent 2.6 s from 0.4 s to 3 s (motion unknown: no odometry, every silence counts)");
}

// min_messages on the count so far: a warning before it is reached, OK once it is, and the
// verdict of the whole session (the part of the last window cut short included) at the end.
TEST(ContractWindows, MinMessagesIsJudgedSoFarAndFinallyAtTheSessionsEnd) {
    auto contract = io::parseContractSpec(
        "topics:\n  /scan:\n    min_messages: 12\n  /imu:\n    min_messages: {value: 100, severity: warning}\n",
        "count.yaml");
    ASSERT_TRUE(contract.ok()) << contract.message();
    std::vector<msgs::DiagnosticArray> windows;
    ContractWindows live(*contract, 1.0, [&](const msgs::DiagnosticArray &a) { windows.push_back(a); });
    Feed feed;
    live.advanceTo(kSessionStart);
    // Ten scans and ten IMU messages a second, for 2.5 s.
    for (int i = 0; i < 25; ++i) {
        live.onMessage(feed.at("/scan", kSessionStart + i * kWindowSecond / 10, scanWithValid(10)));
        live.onMessage(feed.at("/imu", kSessionStart + i * kWindowSecond / 10, msgs::Imu{}));
    }
    live.finish();
    live.finish();                  // once
    ASSERT_EQ(windows.size(), 3u);  // two windows, then the session's verdict
    const std::string scan = "robometrics: contract /scan min_messages",
                      imu = "robometrics: contract /imu min_messages";
    EXPECT_EQ(levelAndMeasured(windows[0], scan), "1 10 of 12 so far");
    EXPECT_EQ(levelAndMeasured(windows[1], scan), "0 20 messages");
    EXPECT_EQ(levelAndMeasured(windows[1], imu), "1 20 of 100 so far");
    const msgs::DiagnosticArray &end = windows[2];
    EXPECT_EQ(end.header.stamp.toNs(), kSessionStart + 24 * kWindowSecond / 10);
    ASSERT_EQ(end.status.size(), 2u);
    EXPECT_EQ(levelAndMeasured(end, scan), "0 25 messages in the session");
    EXPECT_EQ(levelAndMeasured(end, imu), "1 25 messages in the session");  // a failed warning
    EXPECT_EQ(live.summaryText(),
              "contract count.yaml: 2 windows of 1 s\n"
              "  /imu: min_messages 100: 25 messages in the session (warning)\n");
    const nlohmann::json json = live.summaryJson();
    ASSERT_EQ(json["rules"].size(), 4u);  // each topic's required and min_messages
    EXPECT_EQ(json["rules"][1]["passed"], true);
    EXPECT_EQ(json["rules"][3]["passed"], false);
    EXPECT_EQ(json["rules"][3]["last_measured"], "25 messages in the session");
}

// The `run:` section is an evaluation of a whole recording: not judged live, and said so, at the
// start and as one STALE status per rule in every window (diagnostic_msgs: no data).
TEST(ContractWindows, TheRunSectionIsNotJudgedLiveAndSaysSo) {
    auto contract = io::parseContractSpec(
        "topics:\n  /scan:\nrun:\n  collision_threshold: 0.2\n  stuck_window_s: 10\n  stuck_progress_ratio: 0.1\n"
        "  forbid: {collision: warning}\n",
        "run.yaml");
    ASSERT_TRUE(contract.ok()) << contract.message();
    std::vector<msgs::DiagnosticArray> windows;
    ContractWindows live(*contract, 1.0, [&](const msgs::DiagnosticArray &a) { windows.push_back(a); });
    EXPECT_EQ(live.notJudgedLiveText(),
              "run.yaml: not judged live (the run: section is an evaluation of a whole recording; run `robometrics "
              "check` on it): run collision_threshold 0.2 m, run stuck window 10 s, progress 0.1, run forbid "
              "collision; each has a STALE status on /diagnostics");
    live.advanceTo(kSessionStart);
    live.advanceTo(kSessionStart + 2 * kWindowSecond);
    ASSERT_EQ(windows.size(), 2u);
    for (const auto &w : windows) {
        ASSERT_EQ(w.status.size(), 4u);  // /scan required, then the three rules of run:
        const auto *collision = findStatus(w, "robometrics: contract run collision_threshold");
        ASSERT_NE(collision, nullptr);
        EXPECT_EQ(collision->level, msgs::DiagnosticStatus::STALE);
        EXPECT_EQ(collision->message,
                  "not judged live: an evaluation of the whole recording (robometrics check on it); expected "
                  "collision_threshold 0.2 m");
        EXPECT_EQ(statusValue(*collision, "spec"), "run.yaml:4");
        EXPECT_EQ(findStatus(w, "robometrics: contract run stuck")->level, msgs::DiagnosticStatus::STALE);
        const auto *forbid = findStatus(w, "robometrics: contract run forbid");
        ASSERT_NE(forbid, nullptr);
        EXPECT_EQ(statusValue(*forbid, "severity"), "warning");
        EXPECT_EQ(statusValue(*forbid, "limit"), "forbid collision");
    }
    const nlohmann::json json = live.summaryJson();
    ASSERT_EQ(json["not_judged_live"].size(), 3u);
    EXPECT_EQ(json["not_judged_live"][1]["rule"], "stuck");
    EXPECT_EQ(json["not_judged_live"][1]["limit"], "window 10 s, progress 0.1");
    EXPECT_EQ(json["not_judged_live"][1]["spec"], "run.yaml:5");
    EXPECT_NE(live.summaryText().find("  not judged live (use robometrics check on the recording): run "
                                      "collision_threshold 0.2 m, run stuck window 10 s, progress 0.1, run forbid "
                                      "collision\n"),
              std::string::npos)
        << live.summaryText();
}

}  // namespace
}  // namespace robometrics::nodes
