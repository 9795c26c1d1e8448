#include "robometrics/nodes/TopicStatsText.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

#include "robometrics/report/JsonNumber.hpp"

namespace robometrics::nodes {

namespace {

using report::finiteOrNull;

std::string cell(double x, int precision = 2) {
    if (std::isnan(x)) return "-";
    if (std::isinf(x)) return "inf";
    return fmt::format("{:.{}f}", x, precision);
}

}  // namespace

nlohmann::json topicHealthJson(const topicstats::TopicHealth &h, const std::string &type) {
    return {{"topic", h.topic},
            {"type", type},
            {"has_header", h.has_header},
            {"count", h.count},
            {"duration_s", h.duration_s},
            {"mean_rate_hz", finiteOrNull(h.mean_rate_hz)},
            {"min_rate_hz", finiteOrNull(h.min_rate_hz)},
            {"max_rate_hz", finiteOrNull(h.max_rate_hz)},
            {"mean_period_ms", finiteOrNull(h.mean_period_ms)},
            {"median_period_ms", finiteOrNull(h.median_period_ms)},
            {"jitter_ms", finiteOrNull(h.jitter_ms)},
            {"longest_gap_ms", finiteOrNull(h.longest_gap_ms)},
            {"kind", topicstats::toString(h.kind)},
            {"role", topicstats::toString(h.role)},
            {"active_rate_hz", finiteOrNull(h.active_rate_hz)},
            {"idle_gaps", h.idle_gaps},
            {"idle_s", h.idle_s},
            {"publishers", h.publishers},
            {"period_from_stamps", h.period_from_stamps},
            {"expected_period_ms", finiteOrNull(h.expected_period_ms)},
            {"on_clock_share", finiteOrNull(h.on_clock_share)},
            {"gaps_over_threshold", h.gaps_over_threshold},
            {"estimated_drops",
             h.kind == topicstats::TopicKind::Periodic ? nlohmann::json(h.estimated_drops) : nlohmann::json(nullptr)},
            {"total_bytes", h.total_bytes},
            {"mean_size_bytes", finiteOrNull(h.mean_size_bytes)},
            {"bandwidth_bytes_per_s", finiteOrNull(h.bandwidth_bps)},
            {"age_samples", h.age_samples},
            {"age_mean_ms", finiteOrNull(h.age_mean_ms)},
            {"age_min_ms", finiteOrNull(h.age_min_ms)},
            {"age_max_ms", finiteOrNull(h.age_max_ms)},
            {"age_p50_ms", finiteOrNull(h.age_p50_ms)},
            {"age_p95_ms", finiteOrNull(h.age_p95_ms)},
            {"age_p99_ms", finiteOrNull(h.age_p99_ms)},
            {"stamps_out_of_order", h.stamps_out_of_order},
            {"stamps_repeated", h.stamps_repeated},
            {"sim_time_stamps", h.sim_time_stamps}};
}

std::string topicHealthTable(const std::vector<topicstats::TopicHealth> &rows, std::uint64_t windows, double window_s,
                             const std::set<std::string> &lossy) {
    std::string out;
    auto row = std::back_inserter(out);
    fmt::format_to(row, "{:<32} {:>7} {:<15} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6} {:>11} {:>26} {:>8}\n", "topic",
                   "count", "kind", "rate Hz", "min Hz", "max Hz", "jitter ms", "gap ms", "drops", "B/s",
                   "age ms p50/p95/p99", "ooo/rep");
    for (const auto &h : rows) {
        const std::string age =
            h.age_samples ? fmt::format("{}/{}/{}", cell(h.age_p50_ms, 1), cell(h.age_p95_ms, 1), cell(h.age_p99_ms, 1))
            : h.sim_time_stamps ? "sim time"
                                : "-";
        fmt::format_to(row, "{:<32} {:>7} {:<15} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6} {:>11} {:>26} {:>8}\n", h.topic,
                       h.count, lossy.count(h.topic) ? "lossy" : topicstats::kindCell(h.kind), cell(h.mean_rate_hz),
                       cell(h.min_rate_hz), cell(h.max_rate_hz), cell(h.jitter_ms), cell(h.longest_gap_ms, 1),
                       lossy.count(h.topic) ? std::string("-") : topicstats::dropsCell(h),
                       cell(h.bandwidth_bps, 0), age,
                       h.has_header ? fmt::format("{}/{}", h.stamps_out_of_order, h.stamps_repeated) : "-");
    }
    fmt::format_to(row,
                   "{} statistics windows of {} s; rates, gaps and drops on recorder log time (rate Hz: (count - 1) / (last - first "
                   "log time)); drops only for "
                   "periodic topics (multi-publisher: each publisher has its own rate; event-driven: no period; "
                   "batched: no header and log times in recorder bursts; too few: under {} messages)\n",
                   windows, window_s, topicstats::kMinPeriodicMessages);
    if (!lossy.empty()) {
        out += "lossy: samples of the topic were lost (below), so what arrived does not say what was sent\n";
    }
    return out;
}

nlohmann::json topicStatsJson(const std::string &input, double window_s, bool rclcpp_period,
                              const topicstats::TopicStatistics &stats, const std::vector<std::string> &types) {
    const std::vector<topicstats::TopicHealth> health = stats.health();
    nlohmann::json out = {{"bag", input},
                          {"window_s", window_s},
                          {"period_mode", rclcpp_period ? "across_windows" : "per_window"},
                          {"windows", stats.windowCount()},
                          {"topics", nlohmann::json::array()}};
    for (std::size_t i = 0; i < health.size(); ++i) out["topics"].push_back(topicHealthJson(health[i], types[i]));
    return out;
}

}  // namespace robometrics::nodes
