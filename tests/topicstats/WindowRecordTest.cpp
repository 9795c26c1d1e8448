#include "robometrics/topicstats/WindowRecord.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace robometrics::topicstats {
namespace {

TEST(WindowRecord, MetricsMessageInRclcppStatisticOrder) {
    WindowRecord r;
    r.topic = "/scan";
    r.metric = Metric::MessagePeriod;
    r.window_start = 1'500'000'000;
    r.window_stop = 2'500'000'000;
    r.stats = StatisticsSet{100.0, 90.0, 110.0, 7.5, 9};
    msgs::MetricsMessage m = toMetricsMessage(r);
    EXPECT_EQ(m.measurement_source_name, "/scan");
    EXPECT_EQ(m.metrics_source, "message_period");
    EXPECT_EQ(m.unit, "ms");
    EXPECT_EQ(m.window_start, (msgs::Time{1, 500'000'000}));
    EXPECT_EQ(m.window_stop, (msgs::Time{2, 500'000'000}));
    ASSERT_EQ(m.statistics.size(), 5u);
    using DP = msgs::StatisticDataPoint;
    EXPECT_EQ(m.statistics[0], (DP{DP::AVERAGE, 100.0}));
    EXPECT_EQ(m.statistics[1], (DP{DP::MAXIMUM, 110.0}));
    EXPECT_EQ(m.statistics[2], (DP{DP::MINIMUM, 90.0}));
    EXPECT_EQ(m.statistics[3], (DP{DP::SAMPLE_COUNT, 9.0}));
    EXPECT_EQ(m.statistics[4], (DP{DP::STDDEV, 7.5}));
}

TEST(WindowRecord, EmptyWindowIsNaNWithCountZero) {
    WindowRecord r;
    r.metric = Metric::MessageAge;
    r.stats = StatisticsSet::from(RunningStats{});
    msgs::MetricsMessage m = toMetricsMessage(r);
    EXPECT_EQ(m.metrics_source, "message_age");
    EXPECT_TRUE(std::isnan(m.statistics[0].data));
    EXPECT_TRUE(std::isnan(m.statistics[1].data));
    EXPECT_TRUE(std::isnan(m.statistics[2].data));
    EXPECT_EQ(m.statistics[3].data, 0.0);
    EXPECT_TRUE(std::isnan(m.statistics[4].data));
}

}  // namespace
}  // namespace robometrics::topicstats

namespace robometrics::topicstats {
namespace {

TEST(WindowRecord, CsvRows) {
    EXPECT_EQ(windowCsvHeader(), "window_start,window_stop,topic,metric,unit,average,minimum,maximum,stddev,count\n");
    WindowRecord r;
    r.topic = "/odom";
    r.metric = Metric::MessageAge;
    r.window_start = 1'500'000'000;
    r.window_stop = 2'000'000'001;
    r.stats = StatisticsSet{-12.5, -20.0, 0.25, 3.0, 4};
    EXPECT_EQ(windowCsvRow(r), "1.500000000,2.000000001,/odom,message_age,ms,-12.5,-20,0.25,3,4\n");
    r.stats = StatisticsSet::from(RunningStats{});
    r.metric = Metric::MessagePeriod;
    EXPECT_EQ(windowCsvRow(r), "1.500000000,2.000000001,/odom,message_period,ms,nan,nan,nan,nan,0\n");
}

TEST(WindowRecord, CsvStampsRoundDownBeforeTheEpoch) {
    WindowRecord r;
    r.topic = "/imu";
    r.window_start = -1'500'000'000;  // floor(-1.5 s) and the 0.5 s after it
    r.window_stop = std::numeric_limits<TimeNs>::max();
    r.stats = StatisticsSet{1e-5, -0.0, 1e16, 2.5, 18446744073709551615u};
    EXPECT_EQ(windowCsvRow(r),
              "-2.500000000,9223372036.854775807,/imu,message_age,ms,1e-05,-0,1e+16,2.5,18446744073709551615\n");
}

}  // namespace
}  // namespace robometrics::topicstats
