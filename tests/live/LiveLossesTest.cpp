#include <gtest/gtest.h>

#include "robometrics/live/LiveLosses.hpp"

namespace robometrics::live {
namespace {

msgs::DiagnosticStatus okWindow() {
    msgs::DiagnosticStatus s;
    s.name = "robometrics: topic /points";
    s.message = "5 Hz";
    return s;
}

TEST(LiveLosses, NothingLostIsSaidToo) {
    LossReport r;
    r.received = {{"/imu", 12000}};
    EXPECT_EQ(lossSummaryText(r), "lost: none (no DDS sample lost or rejected, no queue overflow, no kernel drops)\n");
    const nlohmann::json j = lossJson(r);
    EXPECT_EQ(j["kernel_datagrams_dropped"], 0);
    EXPECT_EQ(j["topics"]["/imu"]["received"], 12000);
    EXPECT_EQ(j["topics"]["/imu"]["lost"], 0);
    EXPECT_EQ(j["topics"]["/imu"]["lost_share"], 0.0);
}

TEST(LiveLosses, EachTopicsLossNamesItsCausesAndWhatWasSent) {
    LossReport r;
    r.received = {{"/points", 17}, {"/imu", 11996}};
    r.topics["/points"] = {283, 0, 0};
    r.topics["/imu"] = {
        .dds_lost = 3, .queue_dropped = 1, .before_first = 7};  // 7 written before the first that arrived: not lost
    r.kernel_drops = 17483;
    EXPECT_EQ(lossSummaryText(r),
              "lost on /imu: 4 of 12000 samples (DDS sample lost 3, queue full 1); what it received is above\n"
              "lost on /points: 283 of 300 samples (DDS sample lost 283); what it received is above\n"
              "the kernel dropped 17483 datagrams at this node's sockets (receive buffer full; see the socket-buffer "
              "notice)\n");
    const nlohmann::json j = lossJson(r);
    EXPECT_EQ(j["kernel_datagrams_dropped"], 17483);
    EXPECT_EQ(j["topics"]["/points"]["dds_sample_lost"], 283);
    EXPECT_EQ(j["topics"]["/points"]["lost"], 283);
    EXPECT_DOUBLE_EQ(j["topics"]["/points"]["lost_share"].get<double>(), 283.0 / 300.0);
    EXPECT_EQ(j["topics"]["/imu"]["queue_dropped"], 1);
    EXPECT_EQ(j["topics"]["/imu"]["lost"], 4);
    EXPECT_EQ(j["topics"]["/imu"]["before_first"], 7);
    EXPECT_EQ(j["topics"]["/points"]["before_first"], 0);
}

// The /imu of a 63 MB/s run against the Cyclone peer (docs/live.md): 6000 written, 5943 taken,
// 57 sequence numbers skipped between samples that arrived, of which Fast DDS's SAMPLE_LOST
// counted 56. The 57th is a loss of its own cause, so counted + lost = sent.
TEST(LiveLosses, GapsInAWritersSequenceThatNoDdsStatusCountedAreLost) {
    const TopicLosses imu = topicLosses({56, 0, 0, 57, 6000});
    EXPECT_EQ(imu.dds_lost, 56u);
    EXPECT_EQ(imu.unreported_gaps, 1u);
    EXPECT_EQ(imu.total(), 57u);
    EXPECT_EQ(imu.written_through_last, 6000u);
    EXPECT_EQ(lossCauses(imu), "DDS sample lost 56, missing from the writer's sequence, unreported by DDS 1");
    // Rejected samples are gaps too (never taken): 3 gaps = 2 lost + 1 rejected, nothing unreported.
    EXPECT_EQ(topicLosses({2, 1, 0, 3, 100}).unreported_gaps, 0u);
    // The statuses may count more than the gaps seen (a loss after the last sample taken): no
    // negative gap, the statuses stand.
    const TopicLosses ahead = topicLosses({5, 0, 4, 2, 90});
    EXPECT_EQ(ahead.unreported_gaps, 0u);
    EXPECT_EQ(ahead.total(), 5u);
    EXPECT_EQ(ahead.before_first, 4u);
    // Summed over a topic's readers (made again), each judged on its own.
    TopicLosses both = topicLosses({0, 0, 0, 2, 10});
    both += topicLosses({3, 0, 0, 1, 20});
    EXPECT_EQ(both.unreported_gaps, 2u);
    EXPECT_EQ(both.total(), 5u);
    nlohmann::json j = lossJson({{{"/imu", imu}}, 0, {{"/imu", 5943}}});
    EXPECT_EQ(j["topics"]["/imu"]["lost"], 57);
    EXPECT_EQ(j["topics"]["/imu"]["unreported_gaps"], 1);
    EXPECT_EQ(j["topics"]["/imu"]["sequence_gaps"], 57);
    EXPECT_EQ(j["topics"]["/imu"]["written_through_last"], 6000);
}

TEST(LiveLosses, AWindowThatLostSamplesIsAtLeastWarn) {
    msgs::DiagnosticStatus s = okWindow();
    markWindowLosses(s, {});
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    ASSERT_EQ(s.values.size(), 1u);
    EXPECT_EQ(s.values[0].key, "lost");
    EXPECT_EQ(s.values[0].value, "0");

    s = okWindow();
    markWindowLosses(s, {9, 0, 0});
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "5 Hz; lost 9 in this window (DDS sample lost 9)");

    s = okWindow();
    s.level = msgs::DiagnosticStatus::STALE;  // nothing arrived in the window because it was lost
    markWindowLosses(s, {0, 2, 0});
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);

    s = okWindow();
    s.level = msgs::DiagnosticStatus::ERROR;  // a worse level stays
    markWindowLosses(s, {1, 0, 0});
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::ERROR);
}

TEST(LiveLosses, ANodesStatusNamesEachInputThatLostSamples) {
    msgs::DiagnosticStatus s = okWindow();
    markInputLosses(s, {{"/odom", {0, 0, 1}}, {"/scan", {3, 0, 0}}, {"/tf", {}}});
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(s.message, "5 Hz; lost 4 in this window (/odom: queue full 1; /scan: DDS sample lost 3)");
    ASSERT_EQ(s.values.size(), 4u);
    EXPECT_EQ(s.values[0].value, "4");  // lost
    EXPECT_EQ(s.values[1].value, "3");  // dds_sample_lost
    EXPECT_EQ(s.values[3].value, "1");  // queue_dropped

    s = okWindow();
    markInputLosses(s, {{"/scan", {}}});
    EXPECT_EQ(s.level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(s.message, "5 Hz");
}

TEST(LiveLosses, WindowsReportTheGrowthSinceTheirPreviousWindow) {
    LossWindows w;
    EXPECT_EQ(w.since("/points", {5, 0, 0}), (TopicLosses{5, 0, 0}));
    EXPECT_EQ(w.since("/points", {8, 1, 0}), (TopicLosses{3, 1, 0}));
    EXPECT_EQ(w.since("/points", {8, 1, 0}), (TopicLosses{}));
    EXPECT_EQ(w.since("/imu", {0, 0, 2}), (TopicLosses{0, 0, 2}));
}

TEST(LiveLosses, TheKernelsDropsMakeTheReceiveStatusWarn) {
    LossReport r;
    r.kernel_drops = 120;
    r.topics["/points"] = {7, 0, 0};
    const msgs::DiagnosticArray warn = receiveDiagnostics(r, 20, 5'000'000'000);
    ASSERT_EQ(warn.status.size(), 1u);
    EXPECT_EQ(warn.status[0].level, msgs::DiagnosticStatus::WARN);
    EXPECT_EQ(warn.status[0].name, "robometrics: dds receive");
    EXPECT_EQ(warn.header.stamp.toNs(), 5'000'000'000);
    EXPECT_EQ(receiveDiagnostics(r, 0, 6'000'000'000).status[0].level, msgs::DiagnosticStatus::OK);
    EXPECT_EQ(receiveDiagnostics(LossReport{}, 0, 0).status[0].message, "nothing lost");
}

TEST(LiveLosses, ATopicThatLostMostOfItsSamplesHasNoKind) {
    EXPECT_FALSE(lossyKind(300, 0, false));
    EXPECT_TRUE(lossyKind(17, 283, false));
    EXPECT_TRUE(lossyKind(17, 283, true));    // even when what arrived looks periodic
    EXPECT_FALSE(lossyKind(11996, 4, true));  // a few lost of a periodic topic: the kind stands
    EXPECT_TRUE(lossyKind(90, 10, true));     // a tenth
    EXPECT_TRUE(lossyKind(1000, 1, false));   // any loss of a topic whose arrivals look irregular
}

}  // namespace
}  // namespace robometrics::live
