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
#include "TopicStatsWiring.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/core/AtomicFile.hpp"
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

bool endsWith(const std::string &s, const std::string &suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int runTopicStats(const TopicStatsOptions &options) {
    if (auto code = checkWindow(kName, options.window_s)) return *code;
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
    // Both are written aside and take their name only when complete (core/AtomicFile.hpp).
    std::optional<bag::TypedWriter> mcap;
    std::optional<AtomicFile> csv_file;
    std::ofstream csv;
    Status write_status;
    if (to_mcap) {
        auto writer = bag::TypedWriter::open(options.output);
        if (!writer) return fail(kName, writer.error());
        mcap.emplace(std::move(*writer));
    } else if (to_csv) {
        auto file = AtomicFile::create(options.output);
        if (!file) return fail(kName, file.error());
        csv_file.emplace(std::move(*file));
        csv.open(csv_file->path(), std::ios::binary | std::ios::trunc);
        if (!csv) return fail(kName, options.output + ": cannot open for writing");
        csv << topicstats::windowCsvHeader();
    }

    topicstats::TopicStatistics stats(topicStatsConfig(options.window_s, options.rclcpp_period), [&](const topicstats::WindowRecord &record) {
        if (mcap) {
            if (Status s = mcap->write("/statistics", topicstats::toMetricsMessage(record), record.window_stop);
                !s.ok() && write_status.ok())
                write_status = s;
        } else if (to_csv) {
            csv << topicstats::windowCsvRow(record);
        }
    });

    TopicStatsFeed feed(stats);
    for (const bag::TopicInfo &t : (*source)->topics()) {
        if (!options.topics.empty() &&
            std::find(options.topics.begin(), options.topics.end(), t.name) == options.topics.end())
            continue;
        feed.declare(t);
    }
    for (const std::string &wanted : options.topics) {
        if (!feed.declared(wanted)) return fail(kName, fmt::format("{}: no topic {}", options.bag, wanted));
    }

    pipeline::Pipeline pipeline;
    feed.subscribe(pipeline, false);
    pipeline.showProgress(true);
    if (Status s = pipeline.run(**source); !s.ok()) return fail(kName, s.error());
    stats.finish();
    if (mcap) {
        if (Status s = mcap->close(); !s.ok() && write_status.ok()) write_status = s;
    }
    if (to_csv) {
        csv.close();
        if (!csv) write_status = Error{options.output + ": write failed"};
        if (write_status.ok()) write_status = csv_file->commit();
    }
    if (!write_status.ok()) return fail(kName, write_status.error());

    if (options.json) {
        fmt::print("{}\n", topicStatsJson(options.bag, options.window_s, options.rclcpp_period, stats, feed.types()).dump(2));
    } else {
        printHealthTable(stats.health(), stats.windowCount(), options.window_s);
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
