#pragma once
// One statistics window of one metric of one topic, as rclcpp publishes it on /statistics, and
// its statistics_msgs/MetricsMessage form.

#include <cstdint>
#include <string>
#include <string_view>

#include "robometrics/core/RunningStats.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::topicstats {

enum class Metric { MessageAge, MessagePeriod };

/// "message_age" / "message_period" (libstatistics_collector's names).
std::string_view metricName(Metric metric);

/// The five statistics of a window; NaN average/min/max/stddev and count 0 when empty.
struct StatisticsSet {
    double average = 0;
    double minimum = 0;
    double maximum = 0;
    double stddev = 0;  ///< population standard deviation (Welford), 0 for one sample
    std::uint64_t count = 0;

    static StatisticsSet from(const RunningStats &stats);
};

struct WindowRecord {
    std::size_t topic_index = 0;
    std::string topic;
    Metric metric = Metric::MessageAge;
    TimeNs window_start = 0;
    TimeNs window_stop = 0;
    StatisticsSet stats;
};

/// The record as rclcpp would publish it, with the topic as measurement_source_name (rclcpp puts
/// the node name there, which cannot tell two subscriptions apart), unit "ms", and the
/// statistics in rclcpp's order: AVERAGE, MAXIMUM, MINIMUM, SAMPLE_COUNT, STDDEV.
msgs::MetricsMessage toMetricsMessage(const WindowRecord &record);
/// The same written over `message`, whose strings and statistics keep their storage: one message
/// reused for every window of a run makes no allocation per window.
void assignMetricsMessage(msgs::MetricsMessage &message, const WindowRecord &record);

/// CSV form, one row per topic, metric and window: times in seconds with 9 exact decimals,
/// statistics as shortest round-trip numbers, "nan" for an empty window. Line end included.
std::string windowCsvHeader();
std::string windowCsvRow(const WindowRecord &record);
/// The same row, appended to `out`.
void appendWindowCsvRow(std::string &out, const WindowRecord &record);

}  // namespace robometrics::topicstats
