#include "robometrics/topicstats/TopicStatistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace robometrics::topicstats {
namespace {

TimeNs at(double s) { return fromSeconds(s); }

struct Fixture {
    std::vector<WindowRecord> records;
    TopicStatistics make(PeriodMode mode) {
        TopicStatsConfig config;
        config.period_mode = mode;
        return TopicStatistics(config, [this](const WindowRecord &r) { records.push_back(r); });
    }
    // Topic A has a header, B has none, C never receives a message.
    void feed(TopicStatistics &s) {
        const std::size_t a = s.addTopic("/a", true);
        const std::size_t b = s.addTopic("/b", false);
        s.addTopic("/c", false);
        s.onMessage(a, at(10.0), at(9.99), 100);   // age 10 ms; the first message opens window 1
        s.onMessage(a, at(10.1), at(10.05), 100);  // age 50 ms, period 100 ms
        s.onMessage(a, at(10.4), at(10.5), 100);   // age -100 ms (stamp from the future), period 300 ms
        s.onMessage(b, at(10.5), std::nullopt, 8);
        s.onMessage(b, at(10.75), std::nullopt, 8);  // period 250 ms
        s.onMessage(a, at(11.2), at(11.2), 100);  // window 2: age 0 ms
        s.onMessage(a, at(13.5), at(13.0), 100);  // window 3 is empty; window 4: age 500 ms
        s.finish();
    }
};

void expectEmpty(const StatisticsSet &s) {
    EXPECT_TRUE(std::isnan(s.average));
    EXPECT_TRUE(std::isnan(s.minimum));
    EXPECT_TRUE(std::isnan(s.maximum));
    EXPECT_TRUE(std::isnan(s.stddev));
    EXPECT_EQ(s.count, 0u);
}

TEST(TopicStatistics, WindowsHoldEveryTopicAndMetricInRclcppOrder) {
    Fixture f;
    TopicStatistics s = f.make(PeriodMode::PerWindow);
    f.feed(s);
    ASSERT_EQ(f.records.size(), 4u * 3u * 2u);  // 4 windows x 3 topics x (age, period)
    EXPECT_EQ(s.windowCount(), 4u);
    const char *topics[] = {"/a", "/a", "/b", "/b", "/c", "/c"};
    for (std::size_t i = 0; i < f.records.size(); ++i) {
        EXPECT_EQ(f.records[i].topic, topics[i % 6]);
        EXPECT_EQ(f.records[i].metric, i % 2 == 0 ? Metric::MessageAge : Metric::MessagePeriod);
    }
    EXPECT_EQ(f.records[0].window_start, at(10.0));
    EXPECT_EQ(f.records[0].window_stop, at(11.0));
    EXPECT_EQ(f.records[6].window_start, at(11.0));
    EXPECT_EQ(f.records[12].window_stop, at(13.0));
    EXPECT_EQ(f.records[18].window_start, at(13.0));
    EXPECT_EQ(f.records[18].window_stop, at(13.5));  // the last window ends at the last message
}

TEST(TopicStatistics, ExactWindowStatistics) {
    Fixture f;
    TopicStatistics s = f.make(PeriodMode::PerWindow);
    f.feed(s);
    ASSERT_EQ(f.records.size(), 24u);
    const StatisticsSet &age1 = f.records[0].stats;  // ages 10, 50, -100 ms
    EXPECT_EQ(age1.count, 3u);
    EXPECT_DOUBLE_EQ(age1.average, -40.0 / 3.0);
    EXPECT_EQ(age1.minimum, -100.0);
    EXPECT_EQ(age1.maximum, 50.0);
    // Population: squared deviations from -40/3 sum to 36200/3; divided by 3.
    EXPECT_DOUBLE_EQ(age1.stddev, std::sqrt(36200.0 / 9.0));
    const StatisticsSet &period1 = f.records[1].stats;  // 100, 300 ms
    EXPECT_EQ(period1.count, 2u);
    EXPECT_DOUBLE_EQ(period1.average, 200.0);
    EXPECT_EQ(period1.minimum, 100.0);
    EXPECT_EQ(period1.maximum, 300.0);
    EXPECT_DOUBLE_EQ(period1.stddev, 100.0);
    expectEmpty(f.records[2].stats);  // /b has no header: no age
    EXPECT_EQ(f.records[3].stats.count, 1u);
    EXPECT_DOUBLE_EQ(f.records[3].stats.average, 250.0);
    EXPECT_EQ(f.records[3].stats.stddev, 0.0);
    expectEmpty(f.records[4].stats);  // /c: nothing at all
    expectEmpty(f.records[5].stats);

    EXPECT_EQ(f.records[6].stats.count, 1u);  // window 2, /a age 0 ms
    EXPECT_EQ(f.records[6].stats.average, 0.0);
    expectEmpty(f.records[7].stats);  // first message of the window: no period (documented rule)
    for (int i = 12; i < 18; ++i) expectEmpty(f.records[i].stats);  // window 3 is empty
    EXPECT_EQ(f.records[18].stats.average, 500.0);
    expectEmpty(f.records[19].stats);
}

TEST(TopicStatistics, RclcppModeMeasuresThePeriodAcrossWindows) {
    Fixture f;
    TopicStatistics s = f.make(PeriodMode::AcrossWindows);
    f.feed(s);
    ASSERT_EQ(f.records.size(), 24u);
    EXPECT_EQ(f.records[1].stats.count, 2u);  // window 1 is the same: no earlier message
    EXPECT_EQ(f.records[7].stats.count, 1u);
    EXPECT_DOUBLE_EQ(f.records[7].stats.average, 800.0);  // 11.2 - 10.4
    EXPECT_DOUBLE_EQ(f.records[19].stats.average, 2300.0);  // 13.5 - 11.2
    EXPECT_EQ(f.records[6].stats.average, 0.0);  // ages do not change
}

TEST(TopicStatistics, HealthTable) {
    Fixture f;
    TopicStatistics s = f.make(PeriodMode::PerWindow);
    f.feed(s);
    std::vector<TopicHealth> h = s.health();
    ASSERT_EQ(h.size(), 3u);
    const TopicHealth &a = h[0];
    EXPECT_EQ(a.topic, "/a");
    EXPECT_TRUE(a.has_header);
    EXPECT_EQ(a.count, 5u);
    EXPECT_DOUBLE_EQ(a.duration_s, 3.5);
    EXPECT_DOUBLE_EQ(a.mean_rate_hz, 4.0 / 3.5);
    EXPECT_DOUBLE_EQ(a.mean_period_ms, 875.0);  // periods 100, 300, 800, 2300 ms
    EXPECT_DOUBLE_EQ(a.median_period_ms, 550.0);
    EXPECT_DOUBLE_EQ(a.jitter_ms, std::sqrt(741875.0));
    EXPECT_EQ(a.longest_gap_ms, 2300.0);
    EXPECT_DOUBLE_EQ(a.min_rate_hz, 1000.0 / 2300.0);
    EXPECT_DOUBLE_EQ(a.max_rate_hz, 10.0);
    // Five messages are too few to call the topic periodic: no drop estimate (TopicHealthTest
    // covers the estimate itself).
    EXPECT_EQ(a.kind, TopicKind::TooFew);
    EXPECT_EQ(a.gaps_over_threshold, 0u);
    EXPECT_EQ(a.estimated_drops, 0u);
    EXPECT_EQ(a.total_bytes, 500u);
    EXPECT_DOUBLE_EQ(a.bandwidth_bps, 500.0 / 3.5);
    EXPECT_EQ(a.age_samples, 5u);  // ages -100, 0, 10, 50, 500 ms
    EXPECT_EQ(a.age_p50_ms, 10.0);
    EXPECT_DOUBLE_EQ(a.age_p95_ms, 410.0);
    EXPECT_DOUBLE_EQ(a.age_p99_ms, 482.0);
    EXPECT_EQ(a.age_min_ms, -100.0);
    EXPECT_EQ(a.stamps_out_of_order, 0u);

    const TopicHealth &b = h[1];
    EXPECT_EQ(b.count, 2u);
    EXPECT_DOUBLE_EQ(b.mean_rate_hz, 4.0);
    EXPECT_EQ(b.age_samples, 0u);
    EXPECT_TRUE(std::isnan(b.age_p50_ms));

    const TopicHealth &c = h[2];
    EXPECT_EQ(c.count, 0u);
    EXPECT_TRUE(std::isnan(c.mean_rate_hz));
    EXPECT_TRUE(std::isnan(c.bandwidth_bps));
}

TEST(TopicStatistics, ZeroStampsGiveNoAgeSample) {
    TopicStatistics s;
    const std::size_t t = s.addTopic("/x", true);
    s.onMessage(t, at(1.0), TimeNs{0}, 4);
    s.onMessage(t, at(1.1), at(1.05), 4);
    EXPECT_EQ(s.health()[0].age_samples, 1u);
    EXPECT_DOUBLE_EQ(s.health()[0].age_mean_ms, 50.0);
}

TEST(TopicStatistics, LongGapsCollapseIntoOneEmptyWindow) {
    std::vector<WindowRecord> records;
    TopicStatsConfig config;
    config.max_gap_windows = 3;
    TopicStatistics s(config, [&](const WindowRecord &r) { records.push_back(r); });
    const std::size_t t = s.addTopic("/x", false);
    s.onMessage(t, at(0.0), std::nullopt, 1);
    s.onMessage(t, at(10.5), std::nullopt, 1);
    s.finish();
    ASSERT_EQ(records.size(), 6u);
    EXPECT_EQ(records[0].window_stop, at(1.0));
    EXPECT_EQ(records[2].window_start, at(1.0));
    EXPECT_EQ(records[2].window_stop, at(10.0));
    EXPECT_EQ(records[2].stats.count, 0u);
    EXPECT_EQ(records[4].window_stop, at(10.5));
}

TEST(TopicStatistics, GapsWithinTheLimitGetOneWindowEach) {
    std::vector<WindowRecord> records;
    TopicStatistics s({}, [&](const WindowRecord &r) { records.push_back(r); });
    const std::size_t t = s.addTopic("/x", false);
    s.onMessage(t, at(0.0), std::nullopt, 1);
    s.onMessage(t, at(3.0), std::nullopt, 1);  // exactly on a boundary: belongs to [3, 4)
    EXPECT_EQ(records.size(), 6u);             // [0,1) [1,2) [2,3)
    EXPECT_EQ(records[4].window_start, at(2.0));
    s.finish();
    ASSERT_EQ(records.size(), 8u);
    EXPECT_EQ(records[6].window_start, at(3.0));
    EXPECT_EQ(records[6].window_stop, at(3.0));
}

TEST(TopicStatistics, NoMessagesNoWindows) {
    std::vector<WindowRecord> records;
    TopicStatistics s({}, [&](const WindowRecord &r) { records.push_back(r); });
    s.addTopic("/x", true);
    s.finish();
    EXPECT_TRUE(records.empty());
    EXPECT_EQ(s.health()[0].count, 0u);
}

}  // namespace
}  // namespace robometrics::topicstats

namespace robometrics::topicstats {
namespace {

// Two robots' command topics, each at 20 Hz for 1 s, silent 5 s, 20 Hz for 1 s. Robot1's goal
// runs throughout, robot2 has none during the silence: judged each in its own context, robot1's
// silence is round(5 s / 50 ms) - 1 = 99 missing messages (at most what 7 s of active time
// could hold: 6.95 / 0.05 + 1 - 40 = 100), robot2's is idle.
TEST(TopicStatistics, EachTopicIsJudgedInTheContextOfItsRobot) {
    const auto ms = [](std::int64_t v) { return v * 1'000'000; };
    TopicStatistics s;
    const std::size_t one = s.addTopic("/robot1/cmd_vel", false, 1, TopicRole::Command);
    const std::size_t two = s.addTopic("/robot2/cmd_vel", false, 1, TopicRole::Command);
    for (std::int64_t t : {std::int64_t{0}, std::int64_t{5950}}) {
        for (int i = 0; i < 20; ++i) {
            s.onMessage(one, ms(t + 50 * i), std::nullopt, 48);
            s.onMessage(two, ms(t + 50 * i), std::nullopt, 48);
        }
    }
    s.finish();
    TimeIntervals driving, twice;
    driving.add(0, ms(6900));
    twice.add(0, ms(950));
    twice.add(ms(5950), ms(6900));
    std::vector<HealthContext> contexts(2);
    contexts[0].navigating = &driving;
    contexts[1].navigating = &twice;
    const auto robot_of = [](const std::string &topic) { return topic.rfind("/robot2/", 0) == 0 ? 1u : 0u; };
    const std::vector<TopicHealth> h = s.health(contexts, robot_of);
    ASSERT_EQ(h.size(), 2u);
    EXPECT_EQ(h[0].estimated_drops, 99u);
    EXPECT_EQ(h[0].idle_gaps, 0u);
    EXPECT_EQ(h[1].estimated_drops, 0u);
    EXPECT_EQ(h[1].idle_gaps, 1u);
    EXPECT_DOUBLE_EQ(h[1].idle_s, 5.0);
    // One context for every topic is the one-context health: robot1's goal for both.
    const std::vector<TopicHealth> first = s.health(contexts[0]);
    EXPECT_EQ(first[1].estimated_drops, 99u);
}

}  // namespace
}  // namespace robometrics::topicstats
