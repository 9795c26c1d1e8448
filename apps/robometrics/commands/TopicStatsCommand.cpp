// robometrics topic-stats BAG [--window 1.0] [--topics a,b] [--json] [--rclcpp-period]
//                             [-o FILE.mcap|FILE.csv]
// ROS 2 topic statistics (message age and period per window) over a bag's log time, written as
// statistics_msgs/MetricsMessage on /statistics (MCAP) or CSV, plus a whole-run health table.

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/topicstats/HeaderStamp.hpp"
#include "robometrics/topicstats/TopicStatistics.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kName = "topic-stats";

struct TopicStatsOptions {
    std::string bag;
    double window_s = 1.0;
    std::vector<std::string> topics;
    bool json = false;
    bool rclcpp_period = false;
    std::string output;
};

nlohmann::json number(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

nlohmann::json healthJson(const topicstats::TopicHealth &h, const std::string &type) {
    return {{"topic", h.topic},
            {"type", type},
            {"has_header", h.has_header},
            {"count", h.count},
            {"duration_s", h.duration_s},
            {"mean_rate_hz", number(h.mean_rate_hz)},
            {"min_rate_hz", number(h.min_rate_hz)},
            {"max_rate_hz", number(h.max_rate_hz)},
            {"mean_period_ms", number(h.mean_period_ms)},
            {"median_period_ms", number(h.median_period_ms)},
            {"jitter_ms", number(h.jitter_ms)},
            {"longest_gap_ms", number(h.longest_gap_ms)},
            {"gaps_over_threshold", h.gaps_over_threshold},
            {"estimated_drops", h.estimated_drops},
            {"total_bytes", h.total_bytes},
            {"mean_size_bytes", number(h.mean_size_bytes)},
            {"bandwidth_bytes_per_s", number(h.bandwidth_bps)},
            {"age_samples", h.age_samples},
            {"age_mean_ms", number(h.age_mean_ms)},
            {"age_min_ms", number(h.age_min_ms)},
            {"age_max_ms", number(h.age_max_ms)},
            {"age_p50_ms", number(h.age_p50_ms)},
            {"age_p95_ms", number(h.age_p95_ms)},
            {"age_p99_ms", number(h.age_p99_ms)},
            {"stamps_out_of_order", h.stamps_out_of_order},
            {"stamps_repeated", h.stamps_repeated}};
}

std::string cell(double x, int precision = 2) {
    if (std::isnan(x)) return "-";
    if (std::isinf(x)) return "inf";
    return fmt::format("{:.{}f}", x, precision);
}

void printTable(const std::vector<topicstats::TopicHealth> &rows, std::uint64_t windows, double window_s) {
    fmt::print("{:<32} {:>7} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6} {:>11} {:>26} {:>8}\n", "topic", "count",
               "rate Hz", "min Hz", "max Hz", "jitter ms", "gap ms", "drops", "B/s", "age ms p50/p95/p99",
               "ooo/rep");
    for (const auto &h : rows) {
        const std::string age = h.age_samples ? fmt::format("{}/{}/{}", cell(h.age_p50_ms, 1), cell(h.age_p95_ms, 1),
                                                            cell(h.age_p99_ms, 1))
                                              : "-";
        fmt::print("{:<32} {:>7} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6} {:>11} {:>26} {:>8}\n", h.topic, h.count,
                   cell(h.mean_rate_hz), cell(h.min_rate_hz), cell(h.max_rate_hz), cell(h.jitter_ms),
                   cell(h.longest_gap_ms, 1), h.estimated_drops, cell(h.bandwidth_bps, 0), age,
                   h.has_header ? fmt::format("{}/{}", h.stamps_out_of_order, h.stamps_repeated) : "-");
    }
    fmt::print("{} statistics windows of {} s\n", windows, window_s);
}

bool endsWith(const std::string &s, const std::string &suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int runTopicStats(const TopicStatsOptions &options) {
    if (!(options.window_s > 0) || !std::isfinite(options.window_s)) {
        fmt::print(stderr, "robometrics {}: error: --window must be a positive number of seconds\n", kName);
        return 2;
    }
    const bool to_mcap = endsWith(options.output, ".mcap");
    const bool to_csv = endsWith(options.output, ".csv");
    if (!options.output.empty() && !to_mcap && !to_csv) {
        fmt::print(stderr, "robometrics {}: error: -o must name a .mcap or .csv file, got '{}'\n", kName,
                   options.output);
        return 2;
    }
    bag::ReadOptions read;
    read.topics = options.topics;
    auto source = bag::openBag(options.bag, read);
    if (!source) return fail(kName, source.error());

    // Output sinks, opened before reading so a bad path fails early.
    std::optional<bag::TypedWriter> mcap;
    std::ofstream csv;
    Status write_status;
    if (to_mcap) {
        auto writer = bag::TypedWriter::open(options.output);
        if (!writer) return fail(kName, writer.error());
        mcap.emplace(std::move(*writer));
    } else if (to_csv) {
        csv.open(options.output, std::ios::binary | std::ios::trunc);
        if (!csv) return fail(kName, options.output + ": cannot open for writing");
        csv << topicstats::windowCsvHeader();
    }

    topicstats::TopicStatsConfig config;
    config.window = fromSeconds(options.window_s);
    config.period_mode =
        options.rclcpp_period ? topicstats::PeriodMode::AcrossWindows : topicstats::PeriodMode::PerWindow;
    topicstats::TopicStatistics stats(config, [&](const topicstats::WindowRecord &record) {
        if (mcap) {
            if (Status s = mcap->write("/statistics", topicstats::toMetricsMessage(record), record.window_stop);
                !s.ok() && write_status.ok())
                write_status = s;
        } else if (to_csv) {
            csv << topicstats::windowCsvRow(record);
        }
    });

    struct TopicEntry {
        std::size_t index;
        bool has_header;
    };
    std::unordered_map<std::string, TopicEntry> entries;
    std::vector<std::string> types;
    for (const bag::TopicInfo &t : (*source)->topics()) {
        if (!options.topics.empty() &&
            std::find(options.topics.begin(), options.topics.end(), t.name) == options.topics.end())
            continue;
        const bool header = topicstats::typeHasHeader(t.type, t.schema.text, t.schema.encoding);
        entries[t.name] = TopicEntry{stats.addTopic(t.name, header), header};
        types.push_back(t.type);
    }
    for (const std::string &wanted : options.topics) {
        if (!entries.count(wanted)) return fail(kName, fmt::format("{}: no topic {}", options.bag, wanted));
    }

    pipeline::Pipeline pipeline;
    pipeline.subscribeRaw("*", [&](const bag::Message &m) -> Status {
        auto it = entries.find(m.topic->name);
        if (it == entries.end()) return Status::Ok();
        std::optional<TimeNs> stamp;
        if (it->second.has_header) stamp = topicstats::readHeaderStamp(m.data);
        stats.onMessage(it->second.index, m.log_time, stamp, m.data.size());
        return Status::Ok();
    });
    pipeline.showProgress(true);
    if (Status s = pipeline.run(**source); !s.ok()) return fail(kName, s.error());
    stats.finish();
    if (mcap) {
        if (Status s = mcap->close(); !s.ok() && write_status.ok()) write_status = s;
    }
    if (to_csv) {
        csv.flush();
        if (!csv) write_status = Error{options.output + ": write failed"};
    }
    if (!write_status.ok()) return fail(kName, write_status.error());

    const std::vector<topicstats::TopicHealth> health = stats.health();
    if (options.json) {
        nlohmann::json out = {{"bag", options.bag},
                              {"window_s", options.window_s},
                              {"period_mode", options.rclcpp_period ? "across_windows" : "per_window"},
                              {"windows", stats.windowCount()},
                              {"topics", nlohmann::json::array()}};
        for (std::size_t i = 0; i < health.size(); ++i) out["topics"].push_back(healthJson(health[i], types[i]));
        fmt::print("{}\n", out.dump(2));
    } else {
        printTable(health, stats.windowCount(), options.window_s);
        if (!options.output.empty()) fmt::print("wrote {}\n", options.output);
    }
    return 0;
}

const RegisterCommand kRegister(
    kName, "Per-topic message age and period per window (ROS 2 topic statistics) and a health table",
    [](CLI::App &app) {
        auto options = std::make_shared<TopicStatsOptions>();
        app.add_option("BAG", options->bag, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_option("--window", options->window_s, "statistics window (publish period) in seconds of bag time");
        app.add_option("--topics", options->topics, "only these topics (comma separated)")->delimiter(',');
        app.add_flag("--json", options->json, "print the health table as JSON");
        app.add_flag("--rclcpp-period", options->rclcpp_period,
                     "measure the period across window boundaries, as rclcpp really does");
        app.add_option("-o,--output", options->output, "write the windows: FILE.mcap (/statistics) or FILE.csv");
        return [options] { return runTopicStats(*options); };
    },
    41);

}  // namespace
}  // namespace robometrics::app
