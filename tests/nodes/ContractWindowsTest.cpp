#include <gtest/gtest.h>

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
    // required, rate_hz, max_gap_s, frame_id of /scan, then /cmd_vel's required; min_messages is
    // a rule of a whole recording and has no status.
    ASSERT_EQ(first.status.size(), 5u);
    EXPECT_EQ(findStatus(first, "robometrics: contract /scan min_messages"), nullptr);
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
              "  /scan: rate_hz 10 ± 10 %: failed in 2 of 2 windows (error); last: no rate: 0 messages\n"
              "  /scan: max_gap_s 0.5: failed in 1 of 2 windows (warning); last: silent 1.2 s from 0.8 s to 2 s\n"
              "  /cmd_vel: required: failed in 2 of 2 windows (error); last: no such topic\n");
    const nlohmann::json json = live.summaryJson();
    EXPECT_EQ(json["windows"], 2);
    ASSERT_EQ(json["rules"].size(), 5u);
    EXPECT_EQ(json["rules"][1]["rule"], "rate_hz");
    EXPECT_EQ(json["rules"][1]["windows_failed"], 2);
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

}  // namespace
}  // namespace robometrics::nodes
