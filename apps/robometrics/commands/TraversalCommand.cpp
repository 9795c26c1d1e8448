// robometrics traversal BAG [-o FILE.csv] [--params FILE.yaml] [-p k:=v] [--topic name=/remap]
//                           [--extended] [--json] [--strict]
// RoboTerrain's metrics_node over a bag (nodes/BagRuns): one CSV row per second of bag time,
// debug lines on stderr, and a whole-run summary on stdout. docs/traversal.md.

#include "Command.hpp"
#include "NodeOptions.hpp"
#include "robometrics/nodes/BagRuns.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kTraversalCommand = "traversal";

int runTraversal(const std::string &bag, const TraversalNodeOptions &o, bool strict, bool quiet) {
    pipeline::Remaps remaps;
    if (auto code = checkUsage(kTraversalCommand, o.overrides, o.remaps, &remaps)) return *code;
    auto config = configureNode<nodes::TraversalNode>(kTraversalCommand, o.params_file, o.overrides);
    if (!config) return fail(kTraversalCommand, config.error());
    return printRun(kTraversalCommand,
                    nodes::runTraversal(bagRun(kTraversalCommand, bag, o.json, strict, !quiet),
                                        {*config, std::move(remaps), o.output, o.extended, printTraversalDebug}));
}

const RegisterCommand kTraversalRegistration(
    kTraversalCommand, "Traversal metrics per second (collisions, smoothness, clearance, distance) as CSV",
    [](CLI::App &app) {
        auto bag = std::make_shared<std::string>();
        auto options = std::make_shared<TraversalNodeOptions>();
        app.add_option("BAG", *bag, "rosbag2 directory, .mcap or .db3 file")->required();
        addTraversalNodeOptions(app, *options);
        auto strict = std::make_shared<bool>(false);
        addStrictOption(app, *strict);
        auto quiet = std::make_shared<bool>(false);
        addQuietOption(app, *quiet);
        return [bag, options, strict, quiet] { return runTraversal(*bag, *options, *strict, *quiet); };
    },
    40);

}  // namespace
}  // namespace robometrics::app
