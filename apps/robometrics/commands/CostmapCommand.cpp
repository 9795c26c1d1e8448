// robometrics costmap BAG [-o OUT.mcap] [--params FILE.yaml] [-p name:=value]... [--png DIR]
//                         [--png-every N] [--fill-from-terrain] [--size M] [--resolution M] [--json] [--strict]
// GroundGrid's GridMap, filtered cloud and TF from a bag through the terrain_costmap node
// (nodes/BagRuns): the costmap per map and the terrain cloud into an MCAP, optional PNG
// snapshots, and a summary. docs/costmap.md has the formulas and every decision.

#include "Command.hpp"
#include "NodeOptions.hpp"
#include "robometrics/nodes/BagRuns.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kCostmapCommand = "costmap";

int runCostmap(const std::string &bag, const std::string &output, const CostmapNodeOptions &o, bool strict) {
    if (auto code = checkUsage(kCostmapCommand, o.overrides)) return *code;
    auto config = costmapConfig(kCostmapCommand, o);
    if (!config) return fail(kCostmapCommand, config.error());
    return printRun(kCostmapCommand, nodes::runCostmap(bagRun(kCostmapCommand, bag, o.json, strict, !o.json),
                                                       {*config, output, o.png_dir, o.png_every}));
}

const RegisterCommand kCostmapRegistration(
    "costmap", "Terrain traversability costmap from a GroundGrid GridMap",
    [](CLI::App &app) {
        auto bag = std::make_shared<std::string>();
        auto output = std::make_shared<std::string>();
        auto o = std::make_shared<CostmapNodeOptions>();
        app.add_option("BAG", *bag, "rosbag2 directory, .mcap or .db3 file")->required();
        app.add_option(
               "-o,--output", *output,
               fmt::format("write {} into this MCAP", fmt::join(nodes::CostmapNode::spec().outputTopics(), " and ")))
            ->check(writesExtensions({".mcap"}));
        addCostmapNodeOptions(app, *o);
        auto strict = std::make_shared<bool>(false);
        addStrictOption(app, *strict);
        return [bag, output, o, strict] { return runCostmap(*bag, *output, *o, *strict); };
    },
    60);

}  // namespace
}  // namespace robometrics::app
