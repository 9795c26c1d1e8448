// robometrics traversal BAG [-o FILE.csv] [--params FILE.yaml] [-p k:=v] [--topic name=/remap]
//                           [--extended] [--json]
// RoboTerrain's metrics_node over a bag: one CSV row per second of bag time with the seed's 12
// columns (plus the extended ones), debug lines on stderr, and a whole-run summary on stdout.

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "TraversalWiring.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Params.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::app {
namespace {

constexpr const char *kName = "traversal";
struct TraversalOptions {
    std::string bag;
    TraversalNodeOptions node;
};

int runTraversal(const TraversalOptions &options) {
    const TraversalNodeOptions &o = options.node;
    traversal::TraversalConfig config;
    if (auto code = loadTraversalConfig(kName, o.params_file, o.overrides, config)) return *code;

    pipeline::Pipeline pipeline;
    if (Status s = pipeline.addRemaps(o.remaps); !s.ok()) {
        fail(kName, s.error());
        return 2;
    }
    std::map<std::string, std::string> inputs;
    for (const TraversalInput &input : traversalInputs()) inputs[input.role] = pipeline.resolve(input.topic);
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

    const std::string csv_path = o.output.empty() ? defaultTraversalCsvPath() : o.output;
    TraversalNode node(config, o.extended);
    if (Status s = node.open(csv_path); !s.ok()) return fail(kName, s.error());
    node.subscribe(pipeline);
    pipeline.showProgress(true);
    Status run = pipeline.run(**source);
    // Rows written so far stay in the file even when the bag turns out damaged.
    if (!run.ok()) return fail(kName, run.error());
    return finishTraversal(kName, node, csv_path, inputs, o.json);
}

const RegisterCommand kRegister(
    kName, "Traversal metrics per second (collisions, smoothness, clearance, distance) as CSV",
    [](CLI::App &app) {
        auto options = std::make_shared<TraversalOptions>();
        app.add_option("BAG", options->bag, "rosbag2 directory, .mcap or .db3 file")->required();
        addTraversalNodeOptions(app, options->node);
        return [options] { return runTraversal(*options); };
    },
    40);

}  // namespace
}  // namespace robometrics::app
