#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/topicstats/TopicHealth.hpp"

namespace robometrics::topicstats {
namespace {

TimeNs ms(std::int64_t v) { return v * 1'000'000; }

TEST(TopicHealth, StampsOutOfOrderAndRepeated) {
    TopicHealthAccumulator acc("/t", true);
    // Stamps 1, 3, 2, 2, 4 s (receive times 10 ms later each): 2 < 3 once, 2 == 2 once.
    const std::int64_t stamps[] = {1000, 3000, 2000, 2000, 4000};
    for (std::int64_t s : stamps) acc.add(ms(s + 10), ms(s), 10);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.stamps_out_of_order, 1u);
    EXPECT_EQ(h.stamps_repeated, 1u);
    EXPECT_EQ(h.age_p50_ms, 10.0);
    EXPECT_EQ(h.age_p99_ms, 10.0);
}

TEST(TopicHealth, DropsAreEstimatedFromTheMedianPeriod) {
    TopicHealthAccumulator acc("/t", false);
    // Periods 100 x 12, 140, 300 ms: median 100; 13 of 14 periods near a whole multiple (140 is
    // 0.4 off), so periodic; 140 is within 1.5 x; 300 is round(3) - 1 = 2 missing messages.
    std::int64_t t = 0;
    acc.add(0, std::nullopt, 1);
    for (int i = 0; i < 12; ++i) acc.add(ms(t += 100), std::nullopt, 1);
    acc.add(ms(t += 140), std::nullopt, 1);
    acc.add(ms(t += 300), std::nullopt, 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.count, 15u);
    EXPECT_EQ(h.kind, TopicKind::Periodic);
    EXPECT_EQ(h.median_period_ms, 100.0);
    EXPECT_EQ(h.expected_period_ms, 100.0);
    EXPECT_DOUBLE_EQ(h.on_clock_share, 13.0 / 14.0);
    EXPECT_EQ(h.gaps_over_threshold, 1u);
    EXPECT_EQ(h.estimated_drops, 2u);
    EXPECT_EQ(h.longest_gap_ms, 300.0);
    EXPECT_EQ(dropsCell(h), "2");
}

TEST(TopicHealth, AGapJustOverTheFactorCountsAtLeastOneDrop) {
    // On a stamp clock of 100 ms, one period of 160 ms (1.6 x) is off the clock but counts.
    TopicHealthAccumulator acc("/t", false);
    std::int64_t t = 0;
    acc.add(0, std::nullopt, 1);
    for (int i = 0; i < 10; ++i) acc.add(ms(t += 100), std::nullopt, 1);
    acc.add(ms(t += 160), std::nullopt, 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.kind, TopicKind::Periodic);  // 10 of 11 on the clock
    EXPECT_EQ(h.gaps_over_threshold, 1u);
    // round(1.6) - 1 = 1, but 12 messages in 1.16 s at 100 ms is all the topic could have sent
    // (floor(1160 / 100) + 1 = 12): no estimate exceeds that.
    EXPECT_EQ(h.estimated_drops, 0u);
}

TEST(TopicHealth, EventDrivenTopicsGetNoDropCount) {
    // AMCL-like updates 300 to 1200 ms apart: median 600, most periods off its multiples.
    TopicHealthAccumulator acc("/amcl_pose", true);
    std::int64_t t = 0;
    for (std::int64_t p : {0, 300, 600, 900, 400, 1200, 700, 600, 800, 300, 1100, 600}) {
        t += p;
        acc.add(ms(1000 + t + 2), ms(1000 + t), 1);  // a zero stamp would count as unset
    }
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.kind, TopicKind::EventDriven);
    EXPECT_TRUE(h.period_from_stamps);
    EXPECT_DOUBLE_EQ(h.on_clock_share, 6.0 / 11.0);  // 600, 1200, 700, 600, 1100, 600 within 0.25 x 600
    EXPECT_EQ(h.estimated_drops, 0u);
    EXPECT_EQ(dropsCell(h), "-");
    EXPECT_STREQ(kindCell(h.kind), "event-driven");
}

TEST(TopicHealth, SeveralPublishersGetNoDropCount) {
    TopicHealthAccumulator acc("/tf", false, 3);
    for (int i = 0; i < 20; ++i) acc.add(ms(i * 10), std::nullopt, 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.kind, TopicKind::MultiPublisher);
    EXPECT_EQ(h.publishers, 3);
    EXPECT_EQ(dropsCell(h), "-");
    EXPECT_STREQ(kindCell(h.kind), "multi-publisher");
}

TEST(TopicHealth, HeaderStampsGiveThePeriodWhenTheRecorderBatches) {
    // 20 Hz stamps; every other message is logged 1 us after the one before it.
    TopicHealthAccumulator acc("/odom", true);
    for (int i = 0; i < 40; ++i) {
        const TimeNs stamp = ms(1000 + i * 50);
        const TimeNs log = i % 2 ? ms(1000 + (i - 1) * 50) + 1000 : stamp;
        acc.add(log, stamp, 1);
    }
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.kind, TopicKind::Periodic);
    EXPECT_TRUE(h.period_from_stamps);
    EXPECT_DOUBLE_EQ(h.expected_period_ms, 50.0);
    EXPECT_EQ(h.estimated_drops, 0u);
    EXPECT_DOUBLE_EQ(h.longest_stamp_gap_ms, 50.0);
}

TEST(TopicHealth, SimTimeStampsOnAWallClockLogHaveNoAge) {
    TopicHealthAccumulator acc("/odom", true);
    const TimeNs wall = 1'778'234'353 * kNsPerSecond;
    for (int i = 0; i < 3; ++i) acc.add(wall + ms(i * 36), ms(928'800 + i * 36), 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.age_samples, 0u);
    EXPECT_EQ(h.sim_time_stamps, 3u);
}

TEST(TopicHealth, FewMessagesAreNotJudged) {
    TopicHealthAccumulator acc("/t", false);
    for (int i = 0; i < 9; ++i) acc.add(ms(i * 100 + (i == 5 ? 500 : 0)), std::nullopt, 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.kind, TopicKind::TooFew);
    EXPECT_EQ(dropsCell(h), "-");
    EXPECT_STREQ(kindCell(h.kind), "too few");
}

TEST(TopicHealth, SameReceiveTimeMeansInfiniteMaxRateAndNoDropEstimate) {
    TopicHealthAccumulator acc("/tf", false);
    acc.add(ms(5), std::nullopt, 1);
    acc.add(ms(5), std::nullopt, 1);
    acc.add(ms(5), std::nullopt, 1);
    acc.add(ms(205), std::nullopt, 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_TRUE(std::isinf(h.max_rate_hz));
    EXPECT_EQ(h.median_period_ms, 0.0);
    EXPECT_EQ(h.estimated_drops, 0u);  // no positive median: cannot estimate
    EXPECT_DOUBLE_EQ(h.min_rate_hz, 5.0);
}

TEST(TopicHealth, SingleMessage) {
    TopicHealthAccumulator acc("/t", true);
    acc.add(ms(1000), ms(990), 12);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.count, 1u);
    EXPECT_TRUE(std::isnan(h.mean_rate_hz));
    EXPECT_TRUE(std::isnan(h.jitter_ms));
    EXPECT_TRUE(std::isnan(h.bandwidth_bps));
    EXPECT_EQ(h.mean_size_bytes, 12.0);
    EXPECT_EQ(h.age_p95_ms, 10.0);
}

TEST(TopicHealth, PercentileInterpolatesLinearly) {
    std::vector<double> v{4, 1, 3, 2};
    EXPECT_EQ(percentile(v, 0), 1.0);
    EXPECT_EQ(percentile(v, 50), 2.5);
    EXPECT_DOUBLE_EQ(percentile(v, 90), 3.7);
    EXPECT_EQ(percentile(v, 100), 4.0);
    std::vector<double> none;
    EXPECT_TRUE(std::isnan(percentile(none, 50)));
}

// cmd_vel at 20 Hz for 1 s, silent 5 s, 20 Hz for 1 s, with navigation goals as given.
TopicHealth commandTopic(const TimeIntervals &navigating) {
    TopicHealthAccumulator acc("/cmd_vel", false, 1, TopicRole::Command);
    for (int i = 0; i < 20; ++i) acc.add(ms(50 * i), std::nullopt, 48);
    for (int i = 0; i < 20; ++i) acc.add(ms(5950 + 50 * i), std::nullopt, 48);
    HealthContext context;
    context.navigating = &navigating;
    return acc.result(1.5, context);
}

TEST(TopicHealth, ACommandTopicSilentBetweenGoalsIsIdle) {
    TimeIntervals goals;
    goals.add(0, ms(950));
    goals.add(ms(5950), ms(6900));
    const TopicHealth h = commandTopic(goals);
    EXPECT_EQ(h.kind, TopicKind::Periodic);
    EXPECT_EQ(h.role, TopicRole::Command);
    EXPECT_EQ(h.estimated_drops, 0u);
    EXPECT_EQ(h.idle_gaps, 1u);
    EXPECT_DOUBLE_EQ(h.idle_s, 5.0);
    EXPECT_NEAR(h.mean_rate_hz, 39.0 / 6.9, 1e-9);
    EXPECT_NEAR(h.active_rate_hz, 38.0 / 1.9, 1e-9);  // the rate while it publishes: 20 Hz
}

TEST(TopicHealth, ACommandTopicSilentWhileAGoalRunsDrops) {
    // The goal ran on 0.5 s into the silence: 0.5 s of silence the controller should have filled,
    // at 50 ms, is round(10) - 1 = 9 messages missing. Teleop silence (no goal) would be idle.
    TimeIntervals goals;
    goals.add(0, ms(1450));
    goals.add(ms(5950), ms(6900));
    const TopicHealth h = commandTopic(goals);
    EXPECT_EQ(h.kind, TopicKind::Periodic);
    EXPECT_EQ(h.idle_gaps, 0u);
    EXPECT_EQ(h.estimated_drops, 9u);
    ASSERT_EQ(h.gaps.size(), 1u);
    EXPECT_EQ(h.gaps[0].start, ms(950));
    EXPECT_EQ(h.gaps[0].end, ms(5950));
}

TEST(TopicHealth, AMotionGatedTopicIsIdleWhileStandingOrWhileItsSensorIsSilent) {
    // AMCL once a second while moving: 0-10 s, standing 10-18 s, moving 18-28 s with a scan gap
    // 22-27 s that silences AMCL.
    TopicHealthAccumulator acc("/amcl_pose", true, 1, TopicRole::MotionGated);
    for (int i = 0; i <= 10; ++i) acc.add(ms(1000 * i + 5), ms(1000 * i), 1);
    for (int i = 18; i <= 22; ++i) acc.add(ms(1000 * i + 5), ms(1000 * i), 1);
    for (int i = 27; i <= 28; ++i) acc.add(ms(1000 * i + 5), ms(1000 * i), 1);
    TimeIntervals moving, scan_gaps;
    moving.add(0, ms(10000));
    moving.add(ms(18000), ms(28000));
    scan_gaps.add(ms(22000), ms(27000));
    HealthContext context;
    context.moving = &moving;
    context.sensor_gaps = &scan_gaps;
    const TopicHealth h = acc.result(1.5, context);
    EXPECT_EQ(h.kind, TopicKind::Periodic);
    EXPECT_EQ(h.estimated_drops, 0u);
    EXPECT_EQ(h.idle_gaps, 2u);
    EXPECT_DOUBLE_EQ(h.idle_s, 13.0);
    // Without the scan gap the silence while moving is 5 s at 1 s: 4 missing.
    context.sensor_gaps = nullptr;
    EXPECT_EQ(acc.result(1.5, context).estimated_drops, 4u);
}

TEST(TopicHealth, RecorderBurstsOnAHeaderlessTopicGiveNoPeriod) {
    // /tf at 50 Hz logged two at a time, 2 us apart, every 40 ms: half the periods are bursts.
    TopicHealthAccumulator acc("/tf", false);
    for (int i = 0; i < 50; ++i) {
        acc.add(ms(40 * i), std::nullopt, 100);
        acc.add(ms(40 * i) + 2000, std::nullopt, 100);
    }
    const TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.kind, TopicKind::Batched);
    EXPECT_EQ(h.estimated_drops, 0u);
    EXPECT_TRUE(std::isnan(h.expected_period_ms));
    EXPECT_EQ(dropsCell(h), "-");
    EXPECT_NEAR(h.mean_rate_hz, 99.0 / 1.960002, 1e-6);
}

TEST(TopicHealth, RatesAreOnTheSystemClock) {
    // A headerless 10 Hz topic of a simulation at a real-time factor of 0.5: logged every 200 ms.
    TopicHealthAccumulator acc("/cmd_vel", false);
    for (int i = 0; i < 21; ++i) acc.add(ms(200 * i), std::nullopt, 48);
    HealthContext context;
    context.to_system = [](TimeNs log) { return log / 2; };
    const TopicHealth h = acc.result(1.5, context);
    EXPECT_DOUBLE_EQ(h.mean_rate_hz, 10.0);
    EXPECT_DOUBLE_EQ(h.duration_s, 2.0);
    EXPECT_DOUBLE_EQ(h.expected_period_ms, 100.0);
}

TEST(TopicHealth, RolesFollowTheMessageType) {
    EXPECT_EQ(topicRoleOf("geometry_msgs/msg/Twist"), TopicRole::Command);
    EXPECT_EQ(topicRoleOf("geometry_msgs/msg/TwistStamped"), TopicRole::Command);
    EXPECT_EQ(topicRoleOf("geometry_msgs/msg/PoseWithCovarianceStamped"), TopicRole::MotionGated);
    EXPECT_EQ(topicRoleOf("sensor_msgs/msg/LaserScan"), TopicRole::Sensor);
}

}  // namespace
}  // namespace robometrics::topicstats
