// robometrics costmap BAG [-o OUT.mcap] [--params FILE.yaml] [-p name:=value]... [--png DIR]
//                         [--png-every N] [--fill-from-terrain] [--size M] [--resolution M] [--json]
// Replays GroundGrid's /groundgrid/grid_map (and /groundgrid/filtered_cloud, /tf, /tf_static)
// through the terrain costmap of the terrain_costmap seed: writes /terrain_costmap
// (nav_msgs/OccupancyGrid) per input map and /terrain_costmap/terrain_cloud (PointCloud2) at
// terrain_publish_rate into an MCAP, optional PNG snapshots, and a summary (per-frame time,
// lethal/unknown/free shares). docs/costmap.md has the formulas and every decision.

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/terrain/TfFeed.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/report/Png.hpp"
#include "robometrics/terrain/CostmapGenerator.hpp"
#include "robometrics/terrain/CostmapImage.hpp"
#include "robometrics/terrain/CostmapStats.hpp"

namespace robometrics::app {
namespace {

struct CostmapOptions {
    std::string bag;
    std::string output;
    std::string params_file;
    std::vector<std::string> overrides;
    std::string png_dir;
    int png_every = 10;
    bool fill_from_terrain = false;
    std::optional<double> size;
    std::optional<double> resolution;
    bool json = false;
};

Result<terrain::CostmapConfig> loadConfig(const CostmapOptions &o) {
    auto params = loadParams(o.params_file, "terrain_costmap", o.overrides);
    if (!params) return params.error();
    // Command-line flags win over the params file.
    if (o.size) params->set("costmap_size", fmt::format("{}", *o.size));
    if (o.resolution) params->set("costmap_resolution", fmt::format("{}", *o.resolution));
    if (o.fill_from_terrain) params->set("fill_from_terrain", "true");
    auto config = terrain::CostmapConfig::fromParams(*params);
    if (!config) return config.error();
    warnUnusedParams("costmap", *params);
    return config;
}

struct CostmapRun {
    terrain::CostmapStats stats;
    std::uint64_t dropped = 0;
    std::string first_drop_reason;
    std::uint64_t clouds = 0;
    std::uint64_t terrain_clouds_written = 0;
    std::size_t terrain_points = 0;
    std::uint64_t pngs = 0;
};

void printSummary(const CostmapOptions &o, const terrain::CostmapConfig &c, const CostmapRun &r) {
    const auto &s = r.stats;
    fmt::print("Terrain costmap: {} ({} x {} cells of {} m, robot frame {})\n", o.bag, c.cellsPerSide(),
               c.cellsPerSide(), c.costmap_resolution, c.robot_frame);
    fmt::print("  frames          {} costmaps from {}", s.frames, c.gridmap_topic);
    if (r.dropped) fmt::print(", {} maps dropped (first: {})", r.dropped, r.first_drop_reason);
    fmt::print("\n  time per frame  mean {:.3f} ms, p95 {:.3f} ms, max {:.3f} ms\n", s.meanMs(), s.percentileMs(0.95),
               s.maxMs());
    fmt::print("  cells           lethal {:.1f} %, unknown {:.1f} %, free {:.1f} %, costed 1..99 {:.1f} %\n",
               100 * s.share(s.lethal), 100 * s.share(s.unknown), 100 * s.share(s.free), 100 * s.share(s.costed));
    if (c.enable_terrain_accumulation) {
        fmt::print("  terrain         {} clouds accumulated, {} points kept{}\n", r.clouds, r.terrain_points,
                   c.fill_from_terrain ? " (used to fill uncovered cells)" : "");
    }
    if (!o.output.empty()) {
        fmt::print("  wrote           {} ({} {}, {} {})\n", o.output, s.frames, c.costmap_topic,
                   r.terrain_clouds_written, c.terrain_cloud_topic);
    }
    if (!o.png_dir.empty()) fmt::print("  snapshots       {} PNG files in {}\n", r.pngs, o.png_dir);
}

nlohmann::json toJson(const terrain::CostmapConfig &c, const CostmapRun &r) {
    const auto &s = r.stats;
    return {{"frames", s.frames},
            {"dropped_frames", r.dropped},
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

int runCostmap(const CostmapOptions &o) {
    const char *cmd = "costmap";
    auto config_result = loadConfig(o);
    if (!config_result) return fail(cmd, config_result.error());
    const terrain::CostmapConfig config = *config_result;

    auto source = bag::openBag(o.bag);
    if (!source) return fail(cmd, source.error());
    bool has_map_topic = false;
    for (const auto &t : (*source)->topics()) has_map_topic = has_map_topic || t.name == config.gridmap_topic;
    if (!has_map_topic) return fail(cmd, fmt::format("{}: no topic {} (set gridmap_topic)", o.bag, config.gridmap_topic));

    std::optional<bag::TypedWriter> writer;
    if (!o.output.empty()) {
        auto w = bag::TypedWriter::open(o.output);
        if (!w) return fail(cmd, withContext(o.output, w.error()));
        writer.emplace(std::move(*w));
    }
    if (!o.png_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.png_dir, ec);
        if (ec) return fail(cmd, fmt::format("{}: cannot create directory: {}", o.png_dir, ec.message()));
    }

    TfBuffer tf;
    terrain::CostmapGenerator generator(config);
    terrain::TerrainAccumulator accumulator(config);
    terrain::TerrainGrid terrain_grid;
    msgs::OccupancyGrid costmap;
    CostmapRun run;
    Status failure = Status::Ok();
    TimeNs last_cloud_out = std::numeric_limits<TimeNs>::min();
    const TimeNs cloud_period = fromSeconds(1.0 / config.terrain_publish_rate);
    const TimeNs tolerance = fromSeconds(config.tf_tolerance);

    auto drop = [&](const std::string &reason) {
        if (run.dropped++ == 0) run.first_drop_reason = reason;
    };
    auto writeOut = [&](Status s) {
        if (!s.ok() && failure.ok()) failure = withContext(o.output, s.error());
    };

    pipeline::Pipeline pipe;
    auto onTf = [&](const msgs::TFMessage &m, bool is_static) { terrain::addTransforms(tf, m, is_static); };
    pipe.subscribe<msgs::TFMessage>("/tf", [&](const msgs::TFMessage &m, const pipeline::Envelope &) { onTf(m, false); });
    pipe.subscribe<msgs::TFMessage>("/tf_static",
                                    [&](const msgs::TFMessage &m, const pipeline::Envelope &) { onTf(m, true); });
    pipe.subscribe<msgs::GridMap>(config.gridmap_topic, [&](const msgs::GridMap &m, const pipeline::Envelope &env) {
        if (!failure.ok()) return;
        const auto started = std::chrono::steady_clock::now();
        auto map = terrain::GridMap::fromMessage(m);
        if (!map) {
            failure = Error{fmt::format("{}: {} at log time {} ns: {}", o.bag, config.gridmap_topic, env.log_time,
                                        map.message())};
            return;
        }
        const TimeNs stamp = terrain::stampOr(m.header, env.log_time);
        map->stamp = stamp;
        const std::string map_frame = map->frame_id.empty() ? config.odom_frame : map->frame_id;
        auto pose = tf.lookup(map_frame, config.robot_frame, stamp, tolerance);
        if (!pose) {
            drop(pose.message());
            return;
        }
        const terrain::Pose2D robot = terrain::Pose2D::fromIsometry(*pose);
        const terrain::TerrainGrid *fill = nullptr;
        if (config.fill_from_terrain && config.enable_terrain_accumulation) {
            // The accumulated points live in odom_frame; bin them around the robot's pose there.
            auto odom_pose = map_frame == config.odom_frame ? pose : tf.lookup(config.odom_frame, config.robot_frame,
                                                                                 stamp, tolerance);
            if (odom_pose) {
                accumulator.bin(terrain::Pose2D::fromIsometry(*odom_pose), terrain_grid);
                fill = &terrain_grid;
            }
        }
        generator.generate(*map, robot, costmap, fill);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        run.stats.add(costmap, ms);
        if (writer) writeOut(writer->write(config.costmap_topic, costmap, env.log_time));
        if (!o.png_dir.empty() && (run.stats.frames - 1) % static_cast<std::uint64_t>(o.png_every) == 0) {
            report::Image image{static_cast<int>(costmap.info.width), static_cast<int>(costmap.info.height), 3,
                                terrain::costmapRgb(costmap)};
            const auto path = std::filesystem::path(o.png_dir) / fmt::format("costmap_{:06d}.png", run.stats.frames - 1);
            Status s = report::writePng(path.string(), image);
            if (!s.ok() && failure.ok()) failure = s;
            ++run.pngs;
        }
    });
    if (config.enable_terrain_accumulation) {
        pipe.subscribe<msgs::PointCloud2>(config.filtered_cloud_topic, [&](const msgs::PointCloud2 &m,
                                                                           const pipeline::Envelope &env) {
            if (!failure.ok()) return;
            const TimeNs stamp = terrain::stampOr(m.header, env.log_time);
            auto odom_T_cloud = tf.lookup(config.odom_frame, m.header.frame_id, stamp, tolerance);
            auto odom_T_robot = tf.lookup(config.odom_frame, config.robot_frame, stamp, tolerance);
            if (!odom_T_cloud || !odom_T_robot) return;  // as the original: skip clouds without TF
            auto added = accumulator.addCloud(m, *odom_T_cloud, odom_T_robot->translation().head<2>());
            if (!added) {
                failure = Error{fmt::format("{}: {} at log time {} ns: {}", o.bag, config.filtered_cloud_topic,
                                            env.log_time, added.message())};
                return;
            }
            ++run.clouds;
            if (writer && accumulator.size() > 0 &&
                (last_cloud_out == std::numeric_limits<TimeNs>::min() || env.log_time - last_cloud_out >= cloud_period)) {
                msgs::Header header;
                header.stamp = msgs::Time::fromNs(stamp);
                header.frame_id = config.odom_frame;
                writeOut(writer->write(config.terrain_cloud_topic, accumulator.toCloud(header), env.log_time));
                last_cloud_out = env.log_time;
                ++run.terrain_clouds_written;
            }
        });
    }
    pipe.showProgress(!o.json);
    Status status = pipe.run(**source);
    if (!status.ok()) return fail(cmd, status.error());
    if (!failure.ok()) return fail(cmd, failure.error());
    if (writer) {
        Status closed = writer->close();
        if (!closed.ok()) return fail(cmd, withContext(o.output, closed.error()));
    }
    run.terrain_points = accumulator.size();
    if (o.json) {
        fmt::print("{}\n", toJson(config, run).dump(2));
    } else {
        printSummary(o, config, run);
    }
    return 0;
}

const RegisterCommand kRegister("costmap", "Terrain traversability costmap from a GroundGrid GridMap", [](CLI::App &app) {
    auto o = std::make_shared<CostmapOptions>();
    app.add_option("BAG", o->bag, "rosbag2 directory, .mcap or .db3 file")->required();
    app.add_option("-o,--output", o->output, "write /terrain_costmap and the terrain cloud into this MCAP");
    app.add_option("--params", o->params_file, "ROS 2 params file (node terrain_costmap)");
    app.add_option("-p,--param", o->overrides, "parameter override name:=value (repeatable)");
    app.add_option("--png", o->png_dir, "write PNG snapshots of the costmap into this directory");
    app.add_option("--png-every", o->png_every, "snapshot every Nth costmap (default 10)")->check(CLI::PositiveNumber);
    app.add_flag("--fill-from-terrain", o->fill_from_terrain, "cost cells the GridMap leaves unknown from the accumulated terrain");
    app.add_option("--size", o->size, "costmap side [m] (costmap_size)");
    app.add_option("--resolution", o->resolution, "costmap cell size [m] (costmap_resolution)");
    app.add_flag("--json", o->json, "machine-readable summary on stdout");
    return [o] { return runCostmap(*o); };
}, 60);

}  // namespace
}  // namespace robometrics::app
