#pragma once
// What `costmap` (a bag) and `live costmap` (DDS) share: the terrain costmap node of the seed as
// pipeline subscriptions (TF, GroundGrid GridMap, filtered cloud), writing /terrain_costmap and
// the terrain cloud into a ResultSink (an MCAP or DDS), and the run summary.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "CommandSupport.hpp"
#include "ResultSink.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/report/ImageScale.hpp"
#include "robometrics/report/Png.hpp"
#include "robometrics/terrain/CostmapGenerator.hpp"
#include "robometrics/terrain/CostmapImage.hpp"
#include "robometrics/terrain/CostmapInput.hpp"
#include "robometrics/terrain/CostmapStats.hpp"
#include "robometrics/terrain/TerrainAccumulator.hpp"
#include "robometrics/terrain/TfFeed.hpp"
#include "robometrics/terrain/TfSyncQueue.hpp"

namespace robometrics::app {

/// The node's options, shared by `costmap` and `live costmap`.
struct CostmapNodeOptions {
    std::string params_file;
    std::vector<std::string> overrides;
    std::string png_dir;
    int png_every = 10;
    bool fill_from_terrain = false;
    std::optional<double> size;
    std::optional<double> resolution;
    bool json = false;
};

inline void addCostmapNodeOptions(CLI::App &app, CostmapNodeOptions &o) {
    app.add_option("--params", o.params_file, "ROS 2 params file (node terrain_costmap)");
    app.add_option("-p,--param", o.overrides, "parameter override name:=value (repeatable)");
    app.add_option("--png", o.png_dir, "write PNG snapshots of the costmap into this directory");
    app.add_option("--png-every", o.png_every, "snapshot every Nth costmap (default 10)")->check(CLI::PositiveNumber);
    app.add_flag("--fill-from-terrain", o.fill_from_terrain, "cost cells the GridMap leaves unknown from the accumulated terrain");
    app.add_option("--size", o.size, "costmap side [m] (costmap_size)");
    app.add_option("--resolution", o.resolution, "costmap cell size [m] (costmap_resolution)");
    app.add_flag("--json", o.json, "machine-readable summary on stdout");
}

/// The parameters (node terrain_costmap); the flags, when given, win over the params file.
inline Result<terrain::CostmapConfig> loadCostmapConfig(const char *cmd, const CostmapNodeOptions &o) {
    auto params = loadParams(o.params_file, "terrain_costmap", o.overrides);
    if (!params) return params.error();
    if (o.size) params->set("costmap_size", fmt::format("{}", *o.size));
    if (o.resolution) params->set("costmap_resolution", fmt::format("{}", *o.resolution));
    if (o.fill_from_terrain) params->set("fill_from_terrain", "true");
    auto config = terrain::CostmapConfig::fromParams(*params);
    if (!config) return config.error();
    warnUnusedParams(cmd, *params);
    return config;
}

struct CostmapRun {
    terrain::CostmapStats stats;
    std::uint64_t dropped = 0;
    std::string first_drop_reason;
    std::uint64_t held_tf = 0;  ///< costed with an end sample held within tf_tolerance, not interpolated
    std::uint64_t clouds = 0;
    std::uint64_t terrain_clouds_written = 0;
    std::size_t terrain_points = 0;
    std::uint64_t pngs = 0;
};

inline void printCostmapSummary(const std::string &input, const std::string &output, const std::string &png_dir,
                                const terrain::CostmapConfig &c, const CostmapRun &r) {
    const auto &s = r.stats;
    fmt::print("Terrain costmap: {} ({} x {} cells of {} m, robot frame {})\n", input, c.cellsPerSide(),
               c.cellsPerSide(), c.costmap_resolution, c.robot_frame);
    fmt::print("  frames          {} costmaps from {}", s.frames, c.gridmap_topic);
    if (r.dropped) fmt::print(", {} maps dropped (first: {})", r.dropped, r.first_drop_reason);
    if (r.held_tf) fmt::print(", {} with TF held (no later sample within tf_tolerance)", r.held_tf);
    fmt::print("\n  time per frame  mean {:.3f} ms, p95 {:.3f} ms, max {:.3f} ms\n", s.meanMs(), s.percentileMs(0.95),
               s.maxMs());
    fmt::print("  cells           lethal {:.1f} %, unknown {:.1f} %, free {:.1f} %, costed 1..99 {:.1f} %\n",
               100 * s.share(s.lethal), 100 * s.share(s.unknown), 100 * s.share(s.free), 100 * s.share(s.costed));
    if (c.enable_terrain_accumulation) {
        fmt::print("  terrain         {} clouds accumulated, {} points kept{}\n", r.clouds, r.terrain_points,
                   c.fill_from_terrain ? " (used to fill uncovered cells)" : "");
    }
    if (!output.empty()) {
        fmt::print("  wrote           {} ({} {}, {} {})\n", output, s.frames, c.costmap_topic,
                   r.terrain_clouds_written, c.terrain_cloud_topic);
    }
    if (!png_dir.empty()) fmt::print("  snapshots       {} PNG files in {}\n", r.pngs, png_dir);
}

inline nlohmann::json costmapJson(const terrain::CostmapConfig &c, const CostmapRun &r) {
    const auto &s = r.stats;
    return {{"frames", s.frames},
            {"dropped_frames", r.dropped},
            {"held_tf_frames", r.held_tf},
            {"cells_per_side", c.cellsPerSide()},
            {"resolution_m", c.costmap_resolution},
            {"frame_ms", {{"mean", s.meanMs()}, {"p95", s.percentileMs(0.95)}, {"max", s.maxMs()}}},
            {"share", {{"lethal", s.share(s.lethal)},
                       {"unknown", s.share(s.unknown)},
                       {"free", s.share(s.free)},
                       {"costed", s.share(s.costed)}}},
            {"cells", {{"lethal", s.lethal}, {"unknown", s.unknown}, {"free", s.free}, {"costed", s.costed}}},
            {"terrain", {{"clouds", r.clouds}, {"points", r.terrain_points}, {"clouds_written", r.terrain_clouds_written}}},
            {"png_files", r.pngs}};
}

/// Where a costmap node's outputs go besides the summary.
struct CostmapOutputs {
    ResultSink *sink = nullptr;  ///< /terrain_costmap and the terrain cloud; none when null
    std::string sink_name;       ///< names the sink in errors (the MCAP path)
    std::string png_dir;         ///< PNG snapshots; none when empty
    int png_every = 10;
};

/// The seed's terrain_costmap node over a pipeline. `input` names the source in errors.
class CostmapNode {
public:
    CostmapNode(const terrain::CostmapConfig &config, std::string input, CostmapOutputs outputs)
        : config_(config),
          input_(std::move(input)),
          out_(std::move(outputs)),
          sync_(fromSeconds(config.tf_tolerance)),
          generator_(config),
          accumulator_(config) {}

    /// The first error (a bad message, a failed write); the node ignores input after it.
    const Status &failure() const { return failure_; }
    /// The run so far (terrain_points filled in).
    const CostmapRun &run() {
        run_.terrain_points = accumulator_.size();
        return run_;
    }

    void subscribe(pipeline::Pipeline &pipe) {
        pipe.subscribe<msgs::TFMessage>("/tf", [this](const msgs::TFMessage &m, const pipeline::Envelope &env) {
            sync_.addTf(m, false, env.log_time);
        });
        pipe.subscribe<msgs::TFMessage>("/tf_static", [this](const msgs::TFMessage &m, const pipeline::Envelope &env) {
            sync_.addTf(m, true, env.log_time);
        });
        pipe.subscribe<msgs::GridMap>(config_.gridmap_topic,
                                      [this](const msgs::GridMap &m, const pipeline::Envelope &env) { onGridMap(m, env); });
        if (config_.enable_terrain_accumulation) {
            pipe.subscribe<msgs::PointCloud2>(config_.filtered_cloud_topic,
                                              [this](const msgs::PointCloud2 &m, const pipeline::Envelope &env) {
                                                  onCloud(m, env);
                                              });
        }
    }

    /// End of input: costs the maps (and adds the clouds) still waiting for a later TF sample.
    void finish() { sync_.finish(); }

private:
    using Clock = std::chrono::steady_clock;

    void drop(const std::string &reason) {
        if (run_.dropped++ == 0) run_.first_drop_reason = reason;
    }
    void writeOut(Status s) {
        if (!s.ok() && failure_.ok()) failure_ = withContext(out_.sink_name, s.error());
    }
    static double msSince(Clock::time_point start) {
        return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    }

    // Decodes the map now (a malformed one is reported at its own log time) and queues it until
    // TF can be interpolated at its header stamp (terrain::TfSyncQueue).
    void onGridMap(const msgs::GridMap &m, const pipeline::Envelope &env) {
        if (!failure_.ok()) return;
        const auto started = Clock::now();
        auto input = terrain::costmapInput(m, env.log_time, config_);
        if (!input) {
            failure_ = Error{fmt::format("{}: {} at log time {} ns: {}", input_, config_.gridmap_topic, env.log_time,
                                         input.message())};
            return;
        }
        const TimeNs log_time = env.log_time;
        const double decode_ms = msSince(started);
        sync_.push(input->map->stamp, log_time, std::move(input->frames),
                   [this, map = input->map, log_time, decode_ms](const terrain::StampedTransforms &tf) {
                       costMap(*map, tf, log_time, decode_ms);
                   });
    }

    void costMap(const terrain::GridMap &map, const terrain::StampedTransforms &tf, TimeNs log_time, double decode_ms) {
        if (!failure_.ok()) return;
        const auto started = Clock::now();
        if (!tf.transforms[0]) {
            drop(tf.transforms[0].message());
            return;
        }
        if (!tf.interpolated) ++run_.held_tf;
        const terrain::TerrainGrid *fill = nullptr;
        if (tf.transforms.size() > 1 && tf.transforms[1]) {
            accumulator_.bin(terrain::Pose2D::fromIsometry(*tf.transforms[1]), terrain_grid_);
            fill = &terrain_grid_;
        }
        generator_.generate(map, terrain::Pose2D::fromIsometry(*tf.transforms[0]), costmap_, fill);
        run_.stats.add(costmap_, decode_ms + msSince(started));
        if (out_.sink) writeOut(out_.sink->write(config_.costmap_topic, costmap_, log_time));
        if (!out_.png_dir.empty() && (run_.stats.frames - 1) % static_cast<std::uint64_t>(out_.png_every) == 0) {
            // Enlarged for people (whole-factor, crisp cells); the exact cells are in the MCAP output.
            const report::Image image = report::forViewing({static_cast<int>(costmap_.info.width),
                                                            static_cast<int>(costmap_.info.height), 3,
                                                            terrain::costmapRgb(costmap_)});
            const auto path =
                std::filesystem::path(out_.png_dir) / fmt::format("costmap_{:06d}.png", run_.stats.frames - 1);
            Status s = report::writePng(path.string(), image);
            if (!s.ok() && failure_.ok()) failure_ = s;
            ++run_.pngs;
        }
        }

    // Clouds wait in the same queue as the maps, so the accumulated terrain a map is filled from
    // holds exactly the clouds that arrived before it.
    void onCloud(const msgs::PointCloud2 &m, const pipeline::Envelope &env) {
        if (!failure_.ok()) return;
        auto cloud = std::make_shared<msgs::PointCloud2>(m);
        const TimeNs log_time = env.log_time;
        sync_.push(terrain::stampOr(m.header, log_time), log_time,
                   {{config_.odom_frame, m.header.frame_id}, {config_.odom_frame, config_.robot_frame}},
                   [this, cloud, log_time](const terrain::StampedTransforms &tf) { addCloud(*cloud, tf, log_time); });
    }

    void addCloud(const msgs::PointCloud2 &m, const terrain::StampedTransforms &tf, TimeNs log_time) {
        if (!failure_.ok()) return;
        const auto &odom_T_cloud = tf.transforms[0];
        const auto &odom_T_robot = tf.transforms[1];
        if (!odom_T_cloud || !odom_T_robot) return;  // as the original: skip clouds without TF
        auto added = accumulator_.addCloud(m, *odom_T_cloud, odom_T_robot->translation().head<2>());
        if (!added) {
            failure_ = Error{fmt::format("{}: {} at log time {} ns: {}", input_, config_.filtered_cloud_topic, log_time,
                                         added.message())};
            return;
        }
        ++run_.clouds;
        const TimeNs cloud_period = fromSeconds(1.0 / config_.terrain_publish_rate);
        if (out_.sink && accumulator_.size() > 0 &&
            (last_cloud_out_ == std::numeric_limits<TimeNs>::min() || log_time - last_cloud_out_ >= cloud_period)) {
            msgs::Header header;
            header.stamp = msgs::Time::fromNs(tf.stamp);
            header.frame_id = config_.odom_frame;
            writeOut(out_.sink->write(config_.terrain_cloud_topic, accumulator_.toCloud(header), log_time));
            last_cloud_out_ = log_time;
            ++run_.terrain_clouds_written;
        }
    }

    terrain::CostmapConfig config_;
    std::string input_;
    CostmapOutputs out_;
    terrain::TfSyncQueue sync_;
    terrain::CostmapGenerator generator_;
    terrain::TerrainAccumulator accumulator_;
    terrain::TerrainGrid terrain_grid_;
    msgs::OccupancyGrid costmap_;
    CostmapRun run_;
    Status failure_ = Status::Ok();
    TimeNs last_cloud_out_ = std::numeric_limits<TimeNs>::min();
};

}  // namespace robometrics::app
