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
#include "CostmapWiring.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
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
    CostmapNodeOptions node;
};

int runCostmap(const CostmapOptions &o) {
    const char *cmd = "costmap";
    auto config_result = loadCostmapConfig(cmd, o.node);
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
    if (!o.node.png_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.node.png_dir, ec);
        if (ec) return fail(cmd, fmt::format("{}: cannot create directory: {}", o.node.png_dir, ec.message()));
    }

    std::optional<McapSink> sink;
    if (writer) sink.emplace(*writer);
    CostmapNode node(config, o.bag, CostmapOutputs{sink ? &*sink : nullptr, o.output, o.node.png_dir, o.node.png_every});
    pipeline::Pipeline pipe;
    node.subscribe(pipe);
    pipe.showProgress(!o.node.json);
    Status status = pipe.run(**source);
    if (!status.ok()) return fail(cmd, status.error());
    node.finish();
    if (!node.failure().ok()) return fail(cmd, node.failure().error());
    if (writer) {
        Status closed = writer->close();
        if (!closed.ok()) return fail(cmd, withContext(o.output, closed.error()));
    }
    if (o.node.json) {
        fmt::print("{}\n", costmapJson(config, node.run()).dump(2));
    } else {
        printCostmapSummary(o.bag, o.output, o.node.png_dir, config, node.run());
    }
    return 0;
}

const RegisterCommand kRegister("costmap", "Terrain traversability costmap from a GroundGrid GridMap", [](CLI::App &app) {
    auto o = std::make_shared<CostmapOptions>();
    app.add_option("BAG", o->bag, "rosbag2 directory, .mcap or .db3 file")->required();
    app.add_option("-o,--output", o->output, "write /terrain_costmap and the terrain cloud into this MCAP");
    addCostmapNodeOptions(app, o->node);
    return [o] { return runCostmap(*o); };
}, 60);

}  // namespace
}  // namespace robometrics::app
