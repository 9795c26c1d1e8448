#pragma once
// What `traversal` (a bag) and `live traversal` (DDS) share: the parameters, the seed's inputs
// and their subscriptions, the CSV file and the debug lines. Only the MessageSource differs.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "CommandSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/Params.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::app {

/// The seed's subscriptions: role -> (default topic, type).
struct TraversalInput {
    const char *role;
    const char *topic;
    std::string_view type;
};
inline const std::vector<TraversalInput> &traversalInputs() {
    static const std::vector<TraversalInput> inputs = {
        {"imu", "/imu/data", msgs::TypeInfo<msgs::Imu>::name},
        {"odometry", "/odometry/wheels", msgs::TypeInfo<msgs::Odometry>::name},
        {"pose", "/rover/pose_array", msgs::TypeInfo<msgs::PoseArray>::name},
        {"scan", "/scan", msgs::TypeInfo<msgs::LaserScan>::name}};
    return inputs;
}

/// The parameters (node metrics_node) from `params_file` and "-p" overrides. On failure prints the
/// error for `cmd` and returns the exit code (2 for a malformed override, else 1).
inline std::optional<int> loadTraversalConfig(const char *cmd, const std::string &params_file,
                                              const std::vector<std::string> &overrides,
                                              traversal::TraversalConfig &out) {
    Params params;
    if (!params_file.empty()) {
        auto loaded = Params::loadFile(params_file, traversal::TraversalConfig::kNodeName);
        if (!loaded) return fail(cmd, loaded.error());
        params = std::move(*loaded);
    }
    if (Status s = params.applyOverrides(overrides); !s.ok()) {
        fail(cmd, s.error());
        return 2;
    }
    auto config = traversal::TraversalConfig::fromParams(params);
    if (!config) return fail(cmd, config.error());
    for (const std::string &name : params.unused()) {
        fmt::print(stderr, "robometrics {}: warning: unknown parameter '{}' (ignored)\n", cmd, name);
    }
    out = *config;
    return std::nullopt;
}

/// metric_logs/metrics_log_YYYYMMDD_HHMMSS.csv from the local wall time, as the seed names its logs.
inline std::string defaultTraversalCsvPath() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d_%H%M%S", &local);
    return (std::filesystem::path("metric_logs") / fmt::format("metrics_log_{}.csv", stamp)).string();
}

/// Writes the CSV aside (core/AtomicFile.hpp): it takes its name in commit(), when the run has
/// ended, so an error or Ctrl-C never leaves a CSV that looks complete but is not.
class CsvFile {
public:
    Status open(const std::string &path) {
        std::error_code ec;
        std::filesystem::path parent = std::filesystem::path(path).parent_path();
        if (!parent.empty()) std::filesystem::create_directories(parent, ec);
        if (ec) return Error{fmt::format("{}: cannot create directory: {}", parent.string(), ec.message())};
        auto file = AtomicFile::create(path);
        if (!file) return file.error();
        file_.emplace(std::move(*file));
        out_.open(file_->path(), std::ios::binary | std::ios::trunc);
        if (!out_) return Error{fmt::format("{}: cannot open for writing", path)};
        path_ = path;
        return Status::Ok();
    }
    void write(const std::string &text) {
        out_ << text;
        if (!out_ && error_.empty()) error_ = fmt::format("{}: write failed", path_);
    }
    /// Closes the file and gives it its name; the first write error if there was one.
    Status commit() {
        out_.close();
        if (!out_ && error_.empty()) error_ = fmt::format("{}: write failed", path_);
        if (!error_.empty()) return Error{error_};
        return file_ ? file_->commit() : Status(Error{"no CSV file was opened"});
    }

private:
    std::optional<AtomicFile> file_;
    std::ofstream out_;
    std::string path_;
    std::string error_;
};

/// rclpy's console format: [INFO] [sec.nanosec] [node]: message (in message time).
inline void printTraversalDebug(TimeNs t, const std::string &line) {
    const msgs::Time stamp = msgs::Time::fromNs(t);
    fmt::print(stderr, "[INFO] [{}.{:09d}] [{}]: {}\n", stamp.sec, stamp.nanosec, traversal::TraversalConfig::kNodeName,
               line);
}

/// The options of the node, shared by `traversal` and `live traversal`.
struct TraversalNodeOptions {
    std::string output;
    std::string params_file;
    std::vector<std::string> overrides;
    std::vector<std::string> remaps;
    bool extended = false;
    bool json = false;
};

inline void addTraversalNodeOptions(CLI::App &app, TraversalNodeOptions &o) {
    app.add_option("-o,--output", o.output, "CSV file (default metric_logs/metrics_log_YYYYMMDD_HHMMSS.csv)");
    app.add_option("--params", o.params_file, "ROS 2 params YAML (node metrics_node)");
    app.add_option("-p,--param", o.overrides, "parameter override name:=value (repeatable)")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_option("--topic", o.remaps, "remap an input: scan=/x, imu/data=/x, rover/pose_array=/x, odometry/wheels=/x")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_flag("--extended", o.extended,
                 "append Time, Collision Events, Min Clearance, Velocity Over Rough Terrain, Rejected Pose Jumps");
    app.add_flag("--json", o.json, "print the whole-run summary as JSON");
}

/// The seed's node: its CSV file and the metrics, fed from a pipeline.
class TraversalNode {
public:
    TraversalNode(const traversal::TraversalConfig &config, bool extended)
        : extended_(extended),
          metrics_(
              config, [this](const traversal::TraversalRow &row) { csv_.write(traversal::TraversalCsv::row(row, extended_)); },
              printTraversalDebug) {}
    TraversalNode(const TraversalNode &) = delete;
    TraversalNode &operator=(const TraversalNode &) = delete;

    /// Opens the CSV and writes its header.
    Status open(const std::string &csv_path) {
        ROBOMETRICS_TRY(csv_.open(csv_path));
        csv_.write(traversal::TraversalCsv::header(extended_));
        return Status::Ok();
    }

    /// Feeds the four inputs into the metrics.
    void subscribe(pipeline::Pipeline &pipeline) {
        const auto &in = traversalInputs();
        feed<msgs::LaserScan>(pipeline, in[3].topic, &traversal::TraversalMetrics::onScan);
        feed<msgs::Imu>(pipeline, in[0].topic, &traversal::TraversalMetrics::onImu);
        feed<msgs::PoseArray>(pipeline, in[2].topic, &traversal::TraversalMetrics::onPose);
        feed<msgs::Odometry>(pipeline, in[1].topic, &traversal::TraversalMetrics::onOdometry);
    }

    void setDistanceFromOdometry(bool on) { metrics_.setDistanceFromOdometry(on); }

    /// Moves the node clock without a message (a wall-clock timer).
    void tick(TimeNs now) {
        seen(now);
        metrics_.advanceTo(now);
    }

    /// Ends the run at the last time seen.
    traversal::TraversalSummary finish() { return metrics_.finish(last_.value_or(0)); }
    /// After finish(): closes the CSV and gives it its name.
    Status commitCsv() { return csv_.commit(); }

private:
    void seen(TimeNs t) { last_ = last_ ? std::max(*last_, t) : t; }

    template <class T>
    void feed(pipeline::Pipeline &pipeline, const char *topic, void (traversal::TraversalMetrics::*on)(const T &, TimeNs)) {
        pipeline.subscribe<T>(topic, [this, on](const T &m, const pipeline::Envelope &e) {
            seen(e.log_time);
            (metrics_.*on)(m, e.log_time);
        });
    }

    bool extended_;
    CsvFile csv_;
    traversal::TraversalMetrics metrics_;
    std::optional<TimeNs> last_;
};

inline nlohmann::json traversalNumber(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

inline nlohmann::json traversalSummaryJson(const traversal::TraversalSummary &s, const std::string &csv,
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
        {"distance_traveled_m", s.pose_messages == 0 && !s.distance_from_odometry ? nlohmann::json(nullptr)
                                                                                   : nlohmann::json(s.distance_traveled)},
        {"distance_source", s.distance_from_odometry ? "odometry" : "pose_array"},
        {"rejected_pose_jumps", s.rejected_pose_jumps},
        {"smoothness_metric", s.smoothness_metric},
        {"mean_clearance_m", traversalNumber(s.mean_clearance)},
        {"min_clearance_m", traversalNumber(s.min_clearance)},
        {"mean_smoothness", traversalNumber(s.mean_smoothness)},
        {"max_accel_magnitude", traversalNumber(s.max_accel_magnitude)},
        {"max_vertical_roughness", traversalNumber(s.max_vertical_roughness)},
        {"mean_velocity_mps", traversalNumber(s.mean_velocity)},
        {"max_velocity_mps", traversalNumber(s.max_velocity)},
        {"rough_imu_readings", s.rough_imu_readings},
        {"time_rough_terrain_s", s.time_rough_terrain_s},
        {"time_low_clearance_s", s.time_low_clearance_s},
    };
}

inline std::string traversalText(double x, const char *unit) { return std::isfinite(x) ? fmt::format("{:.3f}{}", x, unit) : "-"; }

inline void printTraversalSummary(const traversal::TraversalSummary &s, const std::string &csv) {
    fmt::print("traversal metrics: {} rows over {:.1f} s of bag time -> {}\n", s.rows, s.duration_s, csv);
    fmt::print("  messages          scan {}, imu {}, pose {}, odometry {}\n", s.scans, s.imu_messages,
               s.pose_messages, s.odometry_messages);
    if (s.scans == 0) {
        fmt::print("  collisions        no data (no scan input)\n  clearance         no data (no scan input)\n");
    } else {
        fmt::print("  collisions        {} scans below threshold, {} contact events\n", s.total_collisions,
                   s.collision_events);
        fmt::print("  clearance         mean {}, min {}, {:.1f} s below the safe clearance\n",
                   traversalText(s.mean_clearance, " m"), traversalText(s.min_clearance, " m"), s.time_low_clearance_s);
    }
    if (s.pose_messages == 0 && !s.distance_from_odometry) {
        fmt::print("  distance          no data (no pose input)\n");
    } else {
        fmt::print("  distance          {:.3f} m from the {} ({} rejected pose jumps)\n", s.distance_traveled,
                   s.distance_from_odometry ? "odometry pose" : "PoseArray", s.rejected_pose_jumps);
    }
    if (s.odometry_messages == 0) {
        fmt::print("  velocity          no data (no odometry input)\n");
    } else {
        fmt::print("  velocity          mean {}, max {}\n", traversalText(s.mean_velocity, " m/s"),
                   traversalText(s.max_velocity, " m/s"));
    }
    if (s.imu_messages == 0) {
        fmt::print("  smoothness        no data (no IMU input)\n  roughness         no data (no IMU input)\n");
        return;
    }
    fmt::print("  smoothness        cumulative {:.4f}, mean {}\n", s.smoothness_metric, traversalText(s.mean_smoothness, ""));
    fmt::print("  roughness         max |a| {}, max |a_z| {}, {:.1f} s on rough terrain\n",
               traversalText(s.max_accel_magnitude, " m/s^2"), traversalText(s.max_vertical_roughness, " m/s^2"),
               s.time_rough_terrain_s);
}

/// After the run: checks the CSV, ends the metrics at the last time seen and prints the summary
/// (--json or text). Returns the exit code.
inline int finishTraversal(const char *cmd, TraversalNode &node, const std::string &csv_path,
                           const std::map<std::string, std::string> &inputs, bool json) {
    const traversal::TraversalSummary summary = node.finish();
    if (Status s = node.commitCsv(); !s.ok()) return fail(cmd, s.error());
    if (json) {
        fmt::print("{}\n", traversalSummaryJson(summary, csv_path, inputs).dump(2));
    } else {
        printTraversalSummary(summary, csv_path);
    }
    return 0;
}

}  // namespace robometrics::app
