#include "robometrics/topicstats/WindowRecord.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "robometrics/core/DecimalDigits.hpp"
#include "robometrics/core/ShortestDouble.hpp"

namespace robometrics::topicstats {

namespace {

// topic_stats.csv has a row per topic, metric and window (tens of thousands on a long run): the
// numbers of a row are written into buffers on the stack and appended at once
// (core/ShortestDouble.hpp), the stamps two digits a step (core/DecimalDigits.hpp) instead of
// fmt's "{}.{:09d}".

/// Room for a stamp: a sign, 10 digits of seconds (an int64 of nanoseconds), a point, 9 digits.
constexpr std::size_t kSecondsChars = 21;

/// Writes t as seconds with nine decimals, rounded down ("-1.500000000" for -1.5 s, as
/// "{}.{:09d}" of floor(t / 1 s) and the rest wrote it).
char *writeSeconds(char *out, TimeNs t) {
    const TimeNs s = t / kNsPerSecond - (t % kNsPerSecond < 0 ? 1 : 0);
    if (s < 0) *out++ = '-';
    out = writeDigits(out, static_cast<std::uint64_t>(s < 0 ? -s : s));  // |s| < 2^34
    // The nine decimals with their leading zeros: 1 s and the rest has ten digits, "1ddddddddd",
    // whose 1 the point then replaces.
    const auto nanos = static_cast<std::uint64_t>(t - s * kNsPerSecond);  // in [0, 1 s)
    writeDigitsBefore(out + 10, static_cast<std::uint64_t>(kNsPerSecond) + nanos);
    *out = '.';
    return out + 10;
}

char *writeNumber(char *out, double x) {
    if (!std::isnan(x)) return writeShortest(out, x);
    return std::copy_n("nan", 3, out);
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
    char stamps[2 * kSecondsChars + 2];
    char *end = writeSeconds(stamps, r.window_start);
    *end++ = ',';
    end = writeSeconds(end, r.window_stop);
    *end++ = ',';
    out.append(stamps, end);
    // Topic names cannot hold commas or quotes (ROS 2 naming rules), so no quoting is needed.
    out += r.topic;
    out += ',';
    out += metricName(r.metric);
    out += ",ms,";
    char numbers[4 * (kShortestDoubleChars + 1) + 20 + 1];  // four numbers and commas, the count, '\n'
    end = numbers;
    for (double value : {r.stats.average, r.stats.minimum, r.stats.maximum, r.stats.stddev}) {
        end = writeNumber(end, value);
        *end++ = ',';
    }
    end = writeDigits(end, r.stats.count);
    *end++ = '\n';
    out.append(numbers, end);
}

}  // namespace robometrics::topicstats
