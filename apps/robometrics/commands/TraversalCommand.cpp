// robometrics traversal BAG [-o FILE.csv] [--params FILE.yaml] [-p k:=v] [--topic name=/remap]
//                           [--extended] [--json]
// RoboTerrain's metrics_node over a bag: one CSV row per second of bag time with the seed's 12
// columns (plus the extended ones), debug lines on stderr, and a whole-run summary on stdout.

#include <fmt/format.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Params.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kName = "traversal";
constexpr const char *kScan = "/scan";
constexpr const char *kImu = "/imu/data";
constexpr const char *kPose = "/rover/pose_array";
constexpr const char *kOdom = "/odometry/wheels";

struct TraversalOptions {
    std::string bag;
    std::string output;
    std::string params_file;
    std::vector<std::string> overrides;
    std::vector<std::string> remaps;
    bool extended = false;
    bool json = false;
};

/// metric_logs/metrics_log_YYYYMMDD_HHMMSS.csv from the local wall time, as the seed names its logs.
std::string defaultOutputPath() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d_%H%M%S", &local);
    return (std::filesystem::path("metric_logs") / fmt::format("metrics_log_{}.csv", stamp)).string();
}

/// Writes the CSV, flushing every row so an interrupted run keeps each complete row.
class CsvFile {
public:
    Status open(const std::string &path) {
        std::error_code ec;
        std::filesystem::path parent = std::filesystem::path(path).parent_path();
        if (!parent.empty()) std::filesystem::create_directories(parent, ec);
        if (ec) return Error{fmt::format("{}: cannot create directory: {}", parent.string(), ec.message())};
        out_.open(path, std::ios::binary | std::ios::trunc);
        if (!out_) return Error{fmt::format("{}: cannot open for writing", path)};
        path_ = path;
        return Status::Ok();
    }
    void write(const std::string &text) {
        out_ << text;
        out_.flush();
        if (!out_ && error_.empty()) error_ = fmt::format("{}: write failed", path_);
    }
    Status status() const { return error_.empty() ? Status::Ok() : Status(Error{error_}); }

private:
    std::ofstream out_;
    std::string path_;
    std::string error_;
};

nlohmann::json number(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

nlohmann::json summaryJson(const traversal::TraversalSummary &s, const std::string &csv,
                           const std::map<std::string, std::string> &inputs) {
    return {
        {"csv", csv},
        {"inputs", inputs},
        {"start_time_ns", s.start_time},
        {"end_time_ns", s.end_time},
        {"duration_s", s.duration_s},
        {"rows", s.rows},
        {"messages", {{"scan", s.scans}, {"imu", s.imu_messages}, {"pose", s.pose_messages},
                      {"odometry", s.odometry_messages}}},
        {"total_collisions", s.total_collisions},
        {"collision_events", s.collision_events},
        {"distance_traveled_m", s.distance_traveled},
        {"rejected_pose_jumps", s.rejected_pose_jumps},
        {"smoothness_metric", s.smoothness_metric},
        {"mean_clearance_m", number(s.mean_clearance)},
        {"min_clearance_m", number(s.min_clearance)},
        {"mean_smoothness", number(s.mean_smoothness)},
        {"max_accel_magnitude", number(s.max_accel_magnitude)},
        {"max_vertical_roughness", number(s.max_vertical_roughness)},
        {"mean_velocity_mps", number(s.mean_velocity)},
        {"max_velocity_mps", number(s.max_velocity)},
        {"rough_imu_readings", s.rough_imu_readings},
        {"time_rough_terrain_s", s.time_rough_terrain_s},
        {"time_low_clearance_s", s.time_low_clearance_s},
    };
}

std::string text(double x, const char *unit) { return std::isfinite(x) ? fmt::format("{:.3f}{}", x, unit) : "-"; }

void printSummary(const traversal::TraversalSummary &s, const std::string &csv) {
    fmt::print("traversal metrics: {} rows over {:.1f} s of bag time -> {}\n", s.rows, s.duration_s, csv);
    fmt::print("  messages          scan {}, imu {}, pose {}, odometry {}\n", s.scans, s.imu_messages,
               s.pose_messages, s.odometry_messages);
    fmt::print("  collisions        {} scans below threshold, {} contact events\n", s.total_collisions,
               s.collision_events);
    fmt::print("  clearance         mean {}, min {}, {:.1f} s below the safe clearance\n",
               text(s.mean_clearance, " m"), text(s.min_clearance, " m"), s.time_low_clearance_s);
    fmt::print("  distance          {:.3f} m ({} rejected pose jumps)\n", s.distance_traveled, s.rejected_pose_jumps);
    fmt::print("  velocity          mean {}, max {}\n", text(s.mean_velocity, " m/s"), text(s.max_velocity, " m/s"));
    fmt::print("  smoothness        cumulative {:.4f}, mean {}\n", s.smoothness_metric, text(s.mean_smoothness, ""));
    fmt::print("  roughness         max |a| {}, max |a_z| {}, {:.1f} s on rough terrain\n",
               text(s.max_accel_magnitude, " m/s^2"), text(s.max_vertical_roughness, " m/s^2"),
               s.time_rough_terrain_s);
}

int runTraversal(const TraversalOptions &options) {
    Params params;
    if (!options.params_file.empty()) {
        auto loaded = Params::loadFile(options.params_file, traversal::TraversalConfig::kNodeName);
        if (!loaded) return fail(kName, loaded.error());
        params = std::move(*loaded);
    }
    if (Status s = params.applyOverrides(options.overrides); !s.ok()) {
        fail(kName, s.error());
        return 2;
    }
    auto config = traversal::TraversalConfig::fromParams(params);
    if (!config) return fail(kName, config.error());
    for (const std::string &name : params.unused()) {
        fmt::print(stderr, "robometrics {}: warning: unknown parameter '{}' (ignored)\n", kName, name);
    }

    pipeline::Pipeline pipeline;
    if (Status s = pipeline.addRemaps(options.remaps); !s.ok()) {
        fail(kName, s.error());
        return 2;
    }
    const std::map<std::string, std::string> inputs = {{"scan", pipeline.resolve(kScan)},
                                                       {"imu", pipeline.resolve(kImu)},
                                                       {"pose", pipeline.resolve(kPose)},
                                                       {"odometry", pipeline.resolve(kOdom)}};
    bag::ReadOptions read;
    for (const auto &[role, topic] : inputs) read.topics.push_back(topic);
    auto source = bag::openBag(options.bag, read);
    if (!source) return fail(kName, source.error());
    for (const auto &[role, topic] : inputs) {
        bool found = false;
        for (const bag::TopicInfo &t : (*source)->topics()) found = found || t.name == topic;
        if (!found) {
            fmt::print(stderr, "robometrics {}: warning: {}: no topic {} ({} input; remap with --topic)\n", kName,
                       options.bag, topic, role);
        }
    }

    const std::string csv_path = options.output.empty() ? defaultOutputPath() : options.output;
    CsvFile csv;
    if (Status s = csv.open(csv_path); !s.ok()) return fail(kName, s.error());
    csv.write(traversal::TraversalCsv::header(options.extended));

    traversal::TraversalMetrics metrics(
        *config, [&](const traversal::TraversalRow &row) { csv.write(traversal::TraversalCsv::row(row, options.extended)); },
        [](TimeNs t, const std::string &line) {
            // rclpy's console format: [INFO] [sec.nanosec] [node]: message (here in bag time).
            const msgs::Time stamp = msgs::Time::fromNs(t);
            fmt::print(stderr, "[INFO] [{}.{:09d}] [{}]: {}\n", stamp.sec, stamp.nanosec,
                       traversal::TraversalConfig::kNodeName, line);
        });
    std::optional<TimeNs> last;
    auto seen = [&](TimeNs t) { last = last ? std::max(*last, t) : t; };
    pipeline.subscribe<msgs::LaserScan>(kScan, [&](const msgs::LaserScan &m, const pipeline::Envelope &e) {
        seen(e.log_time);
        metrics.onScan(m, e.log_time);
    });
    pipeline.subscribe<msgs::Imu>(kImu, [&](const msgs::Imu &m, const pipeline::Envelope &e) {
        seen(e.log_time);
        metrics.onImu(m, e.log_time);
    });
    pipeline.subscribe<msgs::PoseArray>(kPose, [&](const msgs::PoseArray &m, const pipeline::Envelope &e) {
        seen(e.log_time);
        metrics.onPose(m, e.log_time);
    });
    pipeline.subscribe<msgs::Odometry>(kOdom, [&](const msgs::Odometry &m, const pipeline::Envelope &e) {
        seen(e.log_time);
        metrics.onOdometry(m, e.log_time);
    });
    pipeline.showProgress(true);
    Status run = pipeline.run(**source);
    // Rows written so far stay in the file even when the bag turns out damaged.
    if (!run.ok()) return fail(kName, run.error());
    if (Status s = csv.status(); !s.ok()) return fail(kName, s.error());

    const traversal::TraversalSummary summary = metrics.finish(last.value_or(0));
    if (options.json) {
        fmt::print("{}\n", summaryJson(summary, csv_path, inputs).dump(2));
    } else {
        printSummary(summary, csv_path);
    }
    return 0;
}

const RegisterCommand kRegister(
    kName, "Traversal metrics per second (collisions, smoothness, clearance, distance) as CSV",
    [](CLI::App &app) {
        auto options = std::make_shared<TraversalOptions>();
        app.add_option("BAG", options->bag, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_option("-o,--output", options->output,
                       "CSV file (default metric_logs/metrics_log_YYYYMMDD_HHMMSS.csv)");
        app.add_option("--params", options->params_file, "ROS 2 params YAML (node metrics_node)");
        app.add_option("-p,--param", options->overrides, "parameter override name:=value (repeatable)")
            ->expected(1)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        app.add_option("--topic", options->remaps,
                       "remap an input: scan=/x, imu/data=/x, rover/pose_array=/x, odometry/wheels=/x")
            ->expected(1)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        app.add_flag("--extended", options->extended,
                     "append Time, Collision Events, Min Clearance, Velocity Over Rough Terrain, Rejected Pose Jumps");
        app.add_flag("--json", options->json, "print the whole-run summary as JSON");
        return [options] { return runTraversal(*options); };
    },
    40);

}  // namespace
}  // namespace robometrics::app
