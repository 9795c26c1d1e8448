#include "robometrics/topicstats/TopicHealth.hpp"

#include <gtest/gtest.h>

#include <cmath>

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
    // Periods 100, 100, 100, 140, 350, 100 ms: median 100; 140 is within 1.5 x; 350 is one gap of
    // round(3.5) - 1 = 3 missing messages.
    std::int64_t t = 0;
    for (std::int64_t p : {0, 100, 100, 100, 140, 350, 100}) acc.add(ms(t += p), std::nullopt, 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.count, 7u);
    EXPECT_EQ(h.median_period_ms, 100.0);
    EXPECT_EQ(h.gaps_over_threshold, 1u);
    EXPECT_EQ(h.estimated_drops, 3u);
    EXPECT_EQ(h.longest_gap_ms, 350.0);
    EXPECT_DOUBLE_EQ(h.mean_rate_hz, 6.0 / 0.89);
}

TEST(TopicHealth, AGapJustOverTheFactorCountsAtLeastOneDrop) {
    TopicHealthAccumulator acc("/t", false);
    std::int64_t t = 0;
    for (std::int64_t p : {0, 100, 100, 160}) acc.add(ms(t += p), std::nullopt, 1);
    TopicHealth h = acc.result(1.5);
    EXPECT_EQ(h.gaps_over_threshold, 1u);
    EXPECT_EQ(h.estimated_drops, 1u);  // round(1.6) - 1 = 1
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

}  // namespace
}  // namespace robometrics::topicstats
