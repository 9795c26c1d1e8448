#include "robometrics/topicstats/WindowRecord.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <cmath>
#include <iterator>

namespace robometrics::topicstats {

namespace {

// Formats compiled at build time: topic_stats.csv has a row per topic, metric and window (tens
// of thousands on a long run), so each row is appended in place without temporary strings.
void appendSeconds(std::string &out, TimeNs t) {
    const TimeNs s = t / kNsPerSecond - (t % kNsPerSecond < 0 ? 1 : 0);
    fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}.{:09d}"), s, t - s * kNsPerSecond);
}

void appendNumber(std::string &out, double x) {
    if (std::isnan(x)) {
        out += "nan";
    } else {
        fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), x);
    }
}

}  // namespace

std::string_view metricName(Metric metric) { return metric == Metric::MessageAge ? "message_age" : "message_period"; }

StatisticsSet StatisticsSet::from(const RunningStats &stats) {
    return StatisticsSet{stats.mean(), stats.min(), stats.max(), stats.stddev(), stats.count()};
}

msgs::MetricsMessage toMetricsMessage(const WindowRecord &record) {
    msgs::MetricsMessage m;
    assignMetricsMessage(m, record);
    return m;
}

void assignMetricsMessage(msgs::MetricsMessage &m, const WindowRecord &record) {
    using DP = msgs::StatisticDataPoint;
    m.measurement_source_name = record.topic;
    m.metrics_source = metricName(record.metric);
    m.unit = "ms";
    m.window_start = msgs::Time::fromNs(record.window_start);
    m.window_stop = msgs::Time::fromNs(record.window_stop);
    const DP points[] = {
        {DP::AVERAGE, record.stats.average}, {DP::MAXIMUM, record.stats.maximum},
        {DP::MINIMUM, record.stats.minimum}, {DP::SAMPLE_COUNT, static_cast<double>(record.stats.count)},
        {DP::STDDEV, record.stats.stddev},
    };
    m.statistics.assign(std::begin(points), std::end(points));
}

std::string windowCsvHeader() {
    return "window_start,window_stop,topic,metric,unit,average,minimum,maximum,stddev,count\n";
}

std::string windowCsvRow(const WindowRecord &r) {
    std::string out;
    appendWindowCsvRow(out, r);
    return out;
}

void appendWindowCsvRow(std::string &out, const WindowRecord &r) {
    // Topic names cannot hold commas or quotes (ROS 2 naming rules), so no quoting is needed.
    appendSeconds(out, r.window_start);
    out += ',';
    appendSeconds(out, r.window_stop);
    out += ',';
    out += r.topic;
    out += ',';
    out += metricName(r.metric);
    out += ",ms,";
    for (double value : {r.stats.average, r.stats.minimum, r.stats.maximum, r.stats.stddev}) {
        appendNumber(out, value);
        out += ',';
    }
    fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}\n"), r.stats.count);
}

}  // namespace robometrics::topicstats
