#pragma once
// What `topic-stats` (a bag) and `live topic-stats` (DDS) share: feeding raw messages into the
// topic statistics (header stamp read in place, no decoding) and the health table output.

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/topicstats/HeaderStamp.hpp"
#include "robometrics/topicstats/TopicStatistics.hpp"

namespace robometrics::app {

/// The accepted --window, in seconds. rclcpp's statistics publish_period is a
/// std::chrono::milliseconds that must be > 0, so 1 ms is the finest window a ROS 2 node can
/// have; the upper bound keeps the window in nanoseconds far inside an int64.
constexpr double kMinWindowS = 0.001;
constexpr double kMaxWindowS = 1e9;

/// Checks --window for `cmd`: on a value outside [kMinWindowS, kMaxWindowS] (NaN included) prints
/// the usage error and returns exit code 2.
inline std::optional<int> checkWindow(const char *cmd, double window_s) {
    if (window_s >= kMinWindowS && window_s <= kMaxWindowS) return std::nullopt;
    fmt::print(stderr,
               "robometrics {}: error: --window must be at least {} s (1 ms, the finest period of rclcpp's topic "
               "statistics) and at most {:g} s, got {}\n",
               cmd, kMinWindowS, kMaxWindowS, window_s);
    return 2;
}

/// A window of `window_s` seconds; the period measured across windows with `rclcpp_period`.
inline topicstats::TopicStatsConfig topicStatsConfig(double window_s, bool rclcpp_period) {
    topicstats::TopicStatsConfig config;
    config.window = fromSeconds(window_s);
    config.period_mode = rclcpp_period ? topicstats::PeriodMode::AcrossWindows : topicstats::PeriodMode::PerWindow;
    return config;
}

/// Routes every raw message of a declared topic into TopicStatistics.
class TopicStatsFeed {
public:
    explicit TopicStatsFeed(topicstats::TopicStatistics &stats) : stats_(stats) {}

    /// Declares a topic once (a declared topic gets windows even without messages).
    void declare(const bag::TopicInfo &t) {
        if (entries_.count(t.name)) return;
        const bool header = topicstats::typeHasHeader(t.type, t.schema.text, t.schema.encoding);
        entries_[t.name] = Entry{stats_.addTopic(t.name, header, bag::publisherCount(t)), header};
        types_.push_back(t.type);
    }
    bool declared(const std::string &topic) const { return entries_.count(topic) != 0; }
    /// Types of the declared topics, in declaration order (as TopicStatistics::health()).
    const std::vector<std::string> &types() const { return types_; }

    /// Subscribes to every topic; undeclared topics are skipped, or declared on their first
    /// message when `declare_new` (live: topics appear as they are discovered).
    void subscribe(pipeline::Pipeline &pipeline, bool declare_new) {
        pipeline.subscribeRaw("*", [this, declare_new](const bag::Message &m) -> Status {
            auto it = entries_.find(m.topic->name);
            if (it == entries_.end()) {
                if (!declare_new) return Status::Ok();
                declare(*m.topic);
                it = entries_.find(m.topic->name);
            }
            std::optional<TimeNs> stamp;
            if (it->second.has_header)
                stamp = topicstats::readHeaderStamp(m.data, msgs::wireFormatOf(m.topic->serialization_format));
            stats_.onMessage(it->second.index, m.log_time, stamp, m.data.size());
            return Status::Ok();
        });
    }

private:
    struct Entry {
        std::size_t index;
        bool has_header;
    };
    topicstats::TopicStatistics &stats_;
    std::unordered_map<std::string, Entry> entries_;
    std::vector<std::string> types_;
};

inline nlohmann::json statsNumber(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

inline nlohmann::json healthJson(const topicstats::TopicHealth &h, const std::string &type) {
    return {{"topic", h.topic},
            {"type", type},
            {"has_header", h.has_header},
            {"count", h.count},
            {"duration_s", h.duration_s},
            {"mean_rate_hz", statsNumber(h.mean_rate_hz)},
            {"min_rate_hz", statsNumber(h.min_rate_hz)},
            {"max_rate_hz", statsNumber(h.max_rate_hz)},
            {"mean_period_ms", statsNumber(h.mean_period_ms)},
            {"median_period_ms", statsNumber(h.median_period_ms)},
            {"jitter_ms", statsNumber(h.jitter_ms)},
            {"longest_gap_ms", statsNumber(h.longest_gap_ms)},
            {"kind", topicstats::toString(h.kind)},
            {"publishers", h.publishers},
            {"period_from_stamps", h.period_from_stamps},
            {"expected_period_ms", statsNumber(h.expected_period_ms)},
            {"on_clock_share", statsNumber(h.on_clock_share)},
            {"gaps_over_threshold", h.gaps_over_threshold},
            {"estimated_drops", h.kind == topicstats::TopicKind::Periodic ? nlohmann::json(h.estimated_drops)
                                                                          : nlohmann::json(nullptr)},
            {"total_bytes", h.total_bytes},
            {"mean_size_bytes", statsNumber(h.mean_size_bytes)},
            {"bandwidth_bytes_per_s", statsNumber(h.bandwidth_bps)},
            {"age_samples", h.age_samples},
            {"age_mean_ms", statsNumber(h.age_mean_ms)},
            {"age_min_ms", statsNumber(h.age_min_ms)},
            {"age_max_ms", statsNumber(h.age_max_ms)},
            {"age_p50_ms", statsNumber(h.age_p50_ms)},
            {"age_p95_ms", statsNumber(h.age_p95_ms)},
            {"age_p99_ms", statsNumber(h.age_p99_ms)},
            {"stamps_out_of_order", h.stamps_out_of_order},
            {"stamps_repeated", h.stamps_repeated},
            {"sim_time_stamps", h.sim_time_stamps}};
}

inline std::string cell(double x, int precision = 2) {
    if (std::isnan(x)) return "-";
    if (std::isinf(x)) return "inf";
    return fmt::format("{:.{}f}", x, precision);
}

inline void printHealthTable(const std::vector<topicstats::TopicHealth> &rows, std::uint64_t windows, double window_s) {
    fmt::print("{:<32} {:>7} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6} {:>11} {:>26} {:>8}\n", "topic", "count",
               "rate Hz", "min Hz", "max Hz", "jitter ms", "gap ms", "drops", "B/s", "age ms p50/p95/p99",
               "ooo/rep");
    for (const auto &h : rows) {
        const std::string age = h.age_samples ? fmt::format("{}/{}/{}", cell(h.age_p50_ms, 1), cell(h.age_p95_ms, 1),
                                                            cell(h.age_p99_ms, 1))
                                : h.sim_time_stamps ? "sim time"
                                                    : "-";
        fmt::print("{:<32} {:>7} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6} {:>11} {:>26} {:>8}\n", h.topic, h.count,
                   cell(h.mean_rate_hz), cell(h.min_rate_hz), cell(h.max_rate_hz), cell(h.jitter_ms),
                   cell(h.longest_gap_ms, 1), topicstats::dropsCell(h), cell(h.bandwidth_bps, 0), age,
                   h.has_header ? fmt::format("{}/{}", h.stamps_out_of_order, h.stamps_repeated) : "-");
    }
    fmt::print("{} statistics windows of {} s; drops only for periodic topics (multi: several publishers, "
               "event: event-driven, few: under {} messages)\n",
               windows, window_s, topicstats::kMinPeriodicMessages);
}

/// The --json document of a run.
inline nlohmann::json topicStatsJson(const std::string &input, double window_s, bool rclcpp_period,
                                     const topicstats::TopicStatistics &stats, const std::vector<std::string> &types) {
    const std::vector<topicstats::TopicHealth> health = stats.health();
    nlohmann::json out = {{"bag", input},
                          {"window_s", window_s},
                          {"period_mode", rclcpp_period ? "across_windows" : "per_window"},
                          {"windows", stats.windowCount()},
                          {"topics", nlohmann::json::array()}};
    for (std::size_t i = 0; i < health.size(); ++i) out["topics"].push_back(healthJson(health[i], types[i]));
    return out;
}

}  // namespace robometrics::app
