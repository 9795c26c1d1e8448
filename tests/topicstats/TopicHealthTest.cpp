#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "VectorTopicHealth.hpp"
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

/// A 400 Hz stream sent on its clock (message j at j x 2.5 ms, j = 0..4000) and received
/// bunched: of every ten, the receiver stalls from message 5's due time to 3.5 ms after it,
/// then takes messages 5 and 6 at once (10 us apart); message 7 comes on time. Each message is
/// given `receive` and, when `stamped`, a stamp at the same time (a loaded sender stamps its
/// late writes so).
TopicHealth bunchedPeriodic(bool stamped) {
    TopicHealthAccumulator acc("/imu", stamped);
    constexpr TimeNs kPeriod = 2'500'000;
    for (std::int64_t j = 0; j <= 4000; ++j) {
        const std::int64_t in_ten = j % 10;
        TimeNs t = j * kPeriod;
        if (in_ten == 5 || in_ten == 6) t = (j - in_ten + 5) * kPeriod + 3'500'000 + (in_ten - 5) * 10'000;
        acc.add(ms(1000) + t, stamped ? std::optional<TimeNs>(ms(1000) + t) : std::nullopt, 1);
    }
    return acc.result(1.5);
}

TEST(TopicHealth, APeriodicStreamReceivedInBunchesIsPeriodic) {
    // Every ten periods: 2.5 ms seven times, 6 ms (message 4 to the stall's end), 0.01 ms and
    // 1.49 ms (message 6 to 7, on time). Median 2.5 ms. One by one only the seven 2.5 ms sit on
    // the clock (6 is 2.4 periods, 1.49 is 0.6): a share of 0.7, event-driven. As a catch-up,
    // 6 + 0.01 + 1.49 = 7.5 ms = 3 periods for 3 periods: all 4000 on the clock. (One period in
    // ten under 1 ms: not a recorder's bursts, kBurstShare.)
    for (bool stamped : {false, true}) {
        SCOPED_TRACE(stamped ? "stamps bunched by the sender" : "arrivals bunched by the receiver");
        const TopicHealth h = bunchedPeriodic(stamped);
        EXPECT_EQ(h.period_from_stamps, stamped);
        EXPECT_EQ(h.kind, TopicKind::Periodic);
        EXPECT_DOUBLE_EQ(h.on_clock_share, 1.0);
        EXPECT_DOUBLE_EQ(h.expected_period_ms, 2.5);
        // The 400 stalls of 6 ms exceed 1.5 x 2.5 ms (gaps as the receiver lived them), but
        // nothing is missing: 4001 messages in 10 s at 2.5 ms, floor(10000 / 2.5) + 1 - 4001 = 0.
        EXPECT_EQ(h.gaps_over_threshold, 400u);
        EXPECT_EQ(h.estimated_drops, 0u);
    }
}

TEST(TopicHealth, AnEventDrivenStreamWithBunchesStaysEventDriven) {
    // AMCL-like periods with two bunched pairs: 300, 600, 900, 5, 400, 1200, 700, 600, 800, 5,
    // 300, 1100, 600 ms. Median 600. On the clock one by one: 600, 1200, 700, 600, 1100, 600.
    // The runs 900 + 5 + 400 = 1305 (2.2 periods) and 800 + 5 + 300 = 1105 (1.8) hold three
    // periods in about two: messages early, not late, so no catch-up. 6 of 13.
    TopicHealthAccumulator acc("/amcl_pose", true);
    std::int64_t t = 0;
    for (std::int64_t p : {0, 300, 600, 900, 5, 400, 1200, 700, 600, 800, 5, 300, 1100, 600}) {
        t += p;
        acc.add(ms(1000 + t + 2), ms(1000 + t), 1);
    }
    const TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.kind, TopicKind::EventDriven);
    EXPECT_DOUBLE_EQ(h.on_clock_share, 6.0 / 13.0);
    EXPECT_EQ(dropsCell(h), "-");
}

TEST(TopicHealth, OnClockShareGroupsOnlyACatchUp) {
    // Median 100 ms. A lone late message that the next makes up for (130 + 70) is jitter of 30 %:
    // off the clock, as before (no bunch). 250 + 1 + 1 + 48 = 300 for 4 periods: too few
    // periods' worth of time for 4 messages, so one by one (250 and 48 and the 1s are off).
    EXPECT_DOUBLE_EQ(onClockShare({100, 130, 70, 100}, 100), 0.5);
    EXPECT_DOUBLE_EQ(onClockShare({100, 250, 1, 1, 48, 100}, 100), 2.0 / 6.0);
    // 350 + 1 + 1 + 48 = 400 for 4: a catch-up. Without the rest of a period (the next is on
    // time: 100), 350 + 1 + 1 = 352 for 3 periods is 3.52: off, one by one.
    EXPECT_DOUBLE_EQ(onClockShare({100, 350, 1, 1, 48, 100}, 100), 1.0);
    EXPECT_DOUBLE_EQ(onClockShare({100, 350, 1, 1, 100}, 100), 2.0 / 5.0);
    // A bunch after a stall that lost a message: 450 + 1 + 49 = 500, 5 periods' worth for 3.
    EXPECT_DOUBLE_EQ(onClockShare({450, 1, 49}, 100), 1.0);
    EXPECT_DOUBLE_EQ(onClockShare({}, 100), 0.0);
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

TEST(TopicHealth, PercentileBySelectionIsThatOfTheSortedValues) {
    // Random periods with many repeats, as a periodic topic's are: every percentile equals the
    // interpolation between the sorted values around its rank, bit for bit.
    std::mt19937 rng(3);
    std::uniform_int_distribution<int> ms(1, 40);
    for (std::size_t n : {1u, 2u, 3u, 10u, 101u, 1000u}) {
        std::vector<double> values(n);
        for (double &v : values) v = ms(rng) * 0.25;
        std::vector<double> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        for (double p : {0.0, 1.0, 25.0, 50.0, 95.0, 99.0, 100.0}) {
            const double rank = p / 100.0 * static_cast<double>(n - 1);
            const auto lo = static_cast<std::size_t>(std::floor(rank));
            const std::size_t hi = std::min(lo + 1, n - 1);
            const double expected = sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - static_cast<double>(lo));
            std::vector<double> copy = values;
            EXPECT_EQ(percentile(copy, p), expected) << n << " values, p" << p;
        }
    }
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

TEST(TopicHealth, ASilenceOverAStretchTheReaderSkippedIsNotADrop) {
    // A sensor at 10 Hz for 1 s, silent 3 s, 10 Hz for 1 s. The recording lost 1.2-3.8 s to a
    // damaged chunk: the silence meets that stretch, so it is idle (0 drops), where otherwise it
    // is round(30) - 1 = 29 missing messages.
    TopicHealthAccumulator acc("/imu", false, 1, TopicRole::Sensor);
    for (int i = 0; i <= 10; ++i) acc.add(ms(100 * i), std::nullopt, 48);
    for (int i = 0; i <= 10; ++i) acc.add(ms(4000 + 100 * i), std::nullopt, 48);
    const TopicHealth judged = acc.result(1.5);
    EXPECT_EQ(judged.estimated_drops, 29u);
    TimeIntervals lost;
    lost.add(ms(1200), ms(3800));
    HealthContext context;
    context.unrecorded = &lost;
    const TopicHealth h = acc.result(1.5, context);
    EXPECT_EQ(h.kind, TopicKind::Periodic);
    EXPECT_EQ(h.estimated_drops, 0u);
    EXPECT_EQ(h.idle_gaps, 1u);
    EXPECT_TRUE(h.gaps.empty());
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

TEST(TopicHealth, AMotionGatedTopicWaitsForItsGateDistanceAfterAStop) {
    // AMCL once a second while driving 0-10 s; the robot stops 10-20 s, then creeps at 0.05 m/s
    // from 20 s: it covers the 0.25 m gate 5 s later, and AMCL publishes again at 25 s.
    TopicHealthAccumulator acc("/amcl_pose", true, 1, TopicRole::MotionGated);
    for (int i = 0; i <= 10; ++i) acc.add(ms(1000 * i + 5), ms(1000 * i), 1);
    for (int i = 25; i <= 30; ++i) acc.add(ms(1000 * i + 5), ms(1000 * i), 1);
    TimeIntervals moving;
    moving.add(0, ms(10000));
    moving.add(ms(20000), ms(30000));
    HealthContext context;
    context.moving = &moving;
    // Travelled metres since `from`: 0.05 m/s after 20 s (the stop: nothing before).
    context.after_travel = [](TimeNs from, double metres) -> std::optional<TimeNs> {
        const TimeNs start = std::max(from, ms(20000));
        return start + static_cast<TimeNs>(metres / 0.05 * 1e9);
    };
    const TopicHealth gated = acc.result(1.5, context);
    EXPECT_EQ(gated.estimated_drops, 0u);  // 10-25 s: standing, then under the gate distance
    EXPECT_EQ(gated.idle_gaps, 1u);
    // Without the track the 5 s of creeping count: 4 missing at 1 s.
    context.after_travel = nullptr;
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

// The compacted accumulator against the one that kept every value in a vector
// (tests/support/VectorTopicHealth.hpp): the same messages must give the same row, bit for bit.

struct HealthInput {
    TimeNs receive;
    std::optional<TimeNs> stamp;
    std::size_t size;
};

void expectSameBits(double a, double b, const char *field) {
    EXPECT_EQ(std::bit_cast<std::uint64_t>(a), std::bit_cast<std::uint64_t>(b)) << field << ": " << a << " vs " << b;
}

void expectSameHealth(const TopicHealth &a, const TopicHealth &b) {
    EXPECT_EQ(a.topic, b.topic);
    EXPECT_EQ(a.has_header, b.has_header);
    EXPECT_EQ(a.role, b.role);
    EXPECT_EQ(a.count, b.count);
    EXPECT_EQ(a.first_time, b.first_time);
    EXPECT_EQ(a.last_time, b.last_time);
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.publishers, b.publishers);
    EXPECT_EQ(a.period_from_stamps, b.period_from_stamps);
    EXPECT_EQ(a.gaps_over_threshold, b.gaps_over_threshold);
    EXPECT_EQ(a.estimated_drops, b.estimated_drops);
    EXPECT_EQ(a.idle_gaps, b.idle_gaps);
    EXPECT_EQ(a.total_bytes, b.total_bytes);
    EXPECT_EQ(a.age_samples, b.age_samples);
    EXPECT_EQ(a.stamps_out_of_order, b.stamps_out_of_order);
    EXPECT_EQ(a.stamps_repeated, b.stamps_repeated);
    EXPECT_EQ(a.sim_time_stamps, b.sim_time_stamps);
    ASSERT_EQ(a.gaps.size(), b.gaps.size());
    for (std::size_t i = 0; i < a.gaps.size(); ++i) {
        EXPECT_EQ(a.gaps[i].start, b.gaps[i].start);
        EXPECT_EQ(a.gaps[i].end, b.gaps[i].end);
        EXPECT_EQ(a.gaps[i].missing, b.gaps[i].missing);
    }
    const std::pair<const char *, double TopicHealth::*> doubles[] = {
        {"duration_s", &TopicHealth::duration_s},
        {"mean_rate_hz", &TopicHealth::mean_rate_hz},
        {"active_rate_hz", &TopicHealth::active_rate_hz},
        {"min_rate_hz", &TopicHealth::min_rate_hz},
        {"max_rate_hz", &TopicHealth::max_rate_hz},
        {"mean_period_ms", &TopicHealth::mean_period_ms},
        {"median_period_ms", &TopicHealth::median_period_ms},
        {"jitter_ms", &TopicHealth::jitter_ms},
        {"longest_gap_ms", &TopicHealth::longest_gap_ms},
        {"expected_period_ms", &TopicHealth::expected_period_ms},
        {"on_clock_share", &TopicHealth::on_clock_share},
        {"longest_stamp_gap_ms", &TopicHealth::longest_stamp_gap_ms},
        {"idle_s", &TopicHealth::idle_s},
        {"mean_size_bytes", &TopicHealth::mean_size_bytes},
        {"bandwidth_bps", &TopicHealth::bandwidth_bps},
        {"age_mean_ms", &TopicHealth::age_mean_ms},
        {"age_p50_ms", &TopicHealth::age_p50_ms},
        {"age_p95_ms", &TopicHealth::age_p95_ms},
        {"age_p99_ms", &TopicHealth::age_p99_ms},
        {"age_min_ms", &TopicHealth::age_min_ms},
        {"age_max_ms", &TopicHealth::age_max_ms},
    };
    for (const auto &[name, field] : doubles) expectSameBits(a.*field, b.*field, name);
}

/// Feeds `inputs` to both accumulators and compares their rows under several judgements: the
/// plain one, a simulated clock, the robot's activity, another drop factor, other roles and
/// several publishers.
void expectSameAsVectors(const std::vector<HealthInput> &inputs, bool has_header) {
    TimeIntervals navigating, moving, sensor_gaps;
    if (!inputs.empty()) {
        const TimeNs t0 = inputs.front().receive, t1 = inputs.back().receive, third = (t1 - t0) / 3;
        navigating.add(t0, t0 + third);
        moving.add(t0 + third / 2, t0 + 2 * third);
        sensor_gaps.add(t0 + third, t0 + third + third / 4);
    }
    HealthContext sim_clock;  // at half speed, paused for a while in the middle
    sim_clock.to_system = [pause = inputs.empty() ? 0 : inputs[inputs.size() / 2].receive](TimeNs log) {
        return log / 2 - (log > pause ? std::min<TimeNs>(log - pause, 400 * ms(1)) / 2 : 0);
    };
    HealthContext activity;
    activity.navigating = &navigating;
    activity.moving = &moving;
    activity.sensor_gaps = &sensor_gaps;
    HealthContext both = activity;
    both.to_system = sim_clock.to_system;
    for (TopicRole role : {TopicRole::Sensor, TopicRole::Command, TopicRole::MotionGated}) {
        for (int publishers : {1, 2}) {
            TopicHealthAccumulator compact("/t", has_header, publishers, role);
            reference::VectorTopicHealth vectors("/t", has_header, publishers, role);
            for (const HealthInput &in : inputs) {
                compact.add(in.receive, in.stamp, in.size);
                vectors.add(in.receive, in.stamp, in.size);
            }
            for (const HealthContext *context : {&sim_clock, &activity, &both}) {
                SCOPED_TRACE(testing::Message() << toString(role) << ", " << publishers << " publishers");
                expectSameHealth(compact.result(1.5, *context), vectors.result(1.5, *context));
                expectSameHealth(compact.result(3.0, *context), vectors.result(3.0, *context));
            }
            expectSameHealth(compact.result(1.5), vectors.result(1.5));
        }
    }
}

/// A publisher on a clock of `period`, received `latency` later, both with jitter, with
/// `drop_share` of the messages lost and now and then a long silence.
std::vector<HealthInput> jitteryClock(std::mt19937_64 &rng, int n, TimeNs start, TimeNs period, TimeNs jitter,
                                      TimeNs latency, double drop_share) {
    std::normal_distribution<double> noise(0.0, static_cast<double>(jitter));
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<HealthInput> out;
    TimeNs stamp = start;
    for (int i = 0; i < n; ++i) {
        stamp += period + static_cast<TimeNs>(noise(rng) / 10);
        if (uniform(rng) < 0.01) stamp += 20 * period;  // a silence
        if (uniform(rng) < drop_share) continue;
        const TimeNs receive = std::max(out.empty() ? stamp : out.back().receive,
                                        stamp + latency + static_cast<TimeNs>(std::abs(noise(rng))));
        out.push_back({receive, stamp, 100 + static_cast<std::size_t>(uniform(rng) * 50)});
    }
    return out;
}

TEST(TopicHealth, CompactStateGivesTheVectorsResultOnJitteryClocks) {
    std::mt19937_64 rng(2024);
    for (int round = 0; round < 6; ++round) {
        const TimeNs period = ms(1) * (1 + static_cast<TimeNs>(rng() % 200));
        expectSameAsVectors(jitteryClock(rng, 3000, 1'700'000'000 * kNsPerSecond, period, period / 20, ms(3), 0.02),
                            true);
    }
    expectSameAsVectors(jitteryClock(rng, 2000, 1'700'000'000 * kNsPerSecond, ms(10), 0, 0, 0.0), true);  // exact
}

TEST(TopicHealth, CompactStateGivesTheVectorsResultOnAdversarialStamps) {
    std::mt19937_64 rng(7);
    std::vector<HealthInput> in = jitteryClock(rng, 2000, 1'700'000'000 * kNsPerSecond, ms(20), ms(2), ms(5), 0.0);
    std::vector<HealthInput> shuffled = in;  // stamps out of order and repeated, some unset or zero
    for (std::size_t i = 1; i < shuffled.size(); ++i) {
        switch (rng() % 10) {
            case 0:
                std::swap(shuffled[i].stamp, shuffled[i - 1].stamp);
                break;
            case 1:
                shuffled[i].stamp = shuffled[i - 1].stamp;
                break;
            case 2:
                shuffled[i].stamp = std::nullopt;
                break;
            case 3:
                shuffled[i].stamp = 0;
                break;
            case 4:  // a simulated-time stamp on a wall-clock log: no age
                shuffled[i].stamp = 900 * kNsPerSecond + static_cast<TimeNs>(i) * ms(20);
                break;
            case 5:  // from the future
                shuffled[i].stamp = shuffled[i].receive + ms(40);
                break;
            default:
                break;
        }
    }
    expectSameAsVectors(shuffled, true);
    // Unstamped at first, stamped later; stamped at first, unstamped later.
    std::vector<HealthInput> late = in, early = in;
    for (std::size_t i = 0; i < in.size() / 3; ++i) late[i].stamp = std::nullopt;
    for (std::size_t i = in.size() / 3; i < in.size(); ++i)
        early[i].stamp = i % 2 ? std::nullopt : std::optional<TimeNs>(0);
    expectSameAsVectors(late, true);
    expectSameAsVectors(early, true);
    // Every stamp in simulated time on a wall-clock log; every stamp in simulated time on a log in
    // simulated time.
    std::vector<HealthInput> sim = in, sim_log = in;
    for (std::size_t i = 0; i < in.size(); ++i) {
        sim[i].stamp = *in[i].stamp - 1'699'999'000 * kNsPerSecond;
        sim_log[i] = {in[i].receive - 1'699'999'000 * kNsPerSecond, sim[i].stamp, in[i].size};
    }
    expectSameAsVectors(sim, true);
    expectSameAsVectors(sim_log, true);
}

TEST(TopicHealth, CompactStateGivesTheVectorsResultOnBatchedAndHeaderlessTopics) {
    std::mt19937_64 rng(11);
    std::vector<HealthInput> batched;  // the recorder logs 2 to 5 messages microseconds apart
    TimeNs t = 1'700'000'000 * kNsPerSecond;
    while (batched.size() < 3000) {
        t += ms(40) + static_cast<TimeNs>(rng() % 1000);
        const int burst = 2 + static_cast<int>(rng() % 4);
        for (int k = 0; k < burst; ++k) batched.push_back({t + k * 1500, std::nullopt, 64});
    }
    expectSameAsVectors(batched, false);
    std::vector<HealthInput> stamped_bursts = batched;  // the same with header stamps on a clock
    for (std::size_t i = 0; i < stamped_bursts.size(); ++i)
        stamped_bursts[i].stamp = 1'700'000'000 * kNsPerSecond + static_cast<TimeNs>(i) * ms(10);
    expectSameAsVectors(stamped_bursts, true);
    std::vector<HealthInput> headerless = jitteryClock(rng, 3000, 5 * kNsPerSecond, ms(50), ms(5), 0, 0.05);
    for (HealthInput &in : headerless) in.stamp = std::nullopt;
    expectSameAsVectors(headerless, false);
}

TEST(TopicHealth, CompactStateGivesTheVectorsResultOnEdgeCases) {
    expectSameAsVectors({}, true);
    expectSameAsVectors({{ms(5), ms(4), 1}}, true);
    expectSameAsVectors({{ms(5), ms(4), 1}, {ms(5), ms(4), 1}}, true);  // one receive time twice
    std::vector<HealthInput> nine, same_time, negative, huge;
    for (int i = 0; i < 9; ++i) nine.push_back({ms(100 * i), ms(100 * i - 1), 1});
    for (int i = 0; i < 40; ++i) same_time.push_back({ms(7) * (i / 10), ms(7) * (i / 10), 1});
    for (int i = 0; i < 40; ++i) negative.push_back({-ms(1000) + ms(25 * i), -ms(1001) + ms(25 * i), 1});
    // Near the ends of the int64 range, where no difference of two of them overflows.
    const TimeNs top = std::numeric_limits<TimeNs>::max() - kNsPerSecond;
    for (int i = 0; i < 40; ++i) huge.push_back({top + ms(20) * i, top - ms(3) + ms(20) * i, 1});
    expectSameAsVectors(nine, true);
    expectSameAsVectors(same_time, true);
    expectSameAsVectors(negative, true);
    expectSameAsVectors(huge, true);
    // Receive times that go back now and then (the accumulator does not need log-time order).
    std::mt19937_64 rng(3);
    std::vector<HealthInput> backwards = jitteryClock(rng, 500, kNsPerSecond, ms(10), ms(1), ms(2), 0.0);
    for (std::size_t i = 5; i < backwards.size(); i += 17) std::swap(backwards[i].receive, backwards[i - 3].receive);
    expectSameAsVectors(backwards, true);
}

}  // namespace
}  // namespace robometrics::topicstats
