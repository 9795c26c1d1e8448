#include "robometrics/topicstats/WindowRecord.hpp"

#include <fmt/format.h>

#include <cmath>

namespace robometrics::topicstats {

namespace {

std::string seconds(TimeNs t) {
    const TimeNs s = t / kNsPerSecond - (t % kNsPerSecond < 0 ? 1 : 0);
    return fmt::format("{}.{:09d}", s, t - s * kNsPerSecond);
}

std::string number(double x) { return std::isnan(x) ? std::string("nan") : fmt::format("{}", x); }

}  // namespace

std::string_view metricName(Metric metric) {
    return metric == Metric::MessageAge ? "message_age" : "message_period";
}

StatisticsSet StatisticsSet::from(const RunningStats &stats) {
    return StatisticsSet{stats.mean(), stats.min(), stats.max(), stats.stddev(), stats.count()};
}

msgs::MetricsMessage toMetricsMessage(const WindowRecord &record) {
    using DP = msgs::StatisticDataPoint;
    msgs::MetricsMessage m;
    m.measurement_source_name = record.topic;
    m.metrics_source = std::string(metricName(record.metric));
    m.unit = "ms";
    m.window_start = msgs::Time::fromNs(record.window_start);
    m.window_stop = msgs::Time::fromNs(record.window_stop);
    m.statistics = {
        {DP::AVERAGE, record.stats.average},
        {DP::MAXIMUM, record.stats.maximum},
        {DP::MINIMUM, record.stats.minimum},
        {DP::SAMPLE_COUNT, static_cast<double>(record.stats.count)},
        {DP::STDDEV, record.stats.stddev},
    };
    return m;
}

std::string windowCsvHeader() { return "window_start,window_stop,topic,metric,unit,average,minimum,maximum,stddev,count\n"; }

std::string windowCsvRow(const WindowRecord &r) {
    // Topic names cannot hold commas or quotes (ROS 2 naming rules), so no quoting is needed.
    return fmt::format("{},{},{},{},ms,{},{},{},{},{}\n", seconds(r.window_start), seconds(r.window_stop), r.topic,
                       metricName(r.metric), number(r.stats.average), number(r.stats.minimum),
                       number(r.stats.maximum), number(r.stats.stddev), r.stats.count);
}

}  // namespace robometrics::topicstats
