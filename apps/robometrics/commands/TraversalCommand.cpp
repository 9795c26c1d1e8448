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
#include "robometrics/evaluate/TopicChoice.hpp"
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
    // Open for the seed's inputs; topics() lists the whole bag, which decides the fallback to the
    // odometry a Nav2 robot records. Only then is the bag opened again, for the fallback topic.
    auto readInputs = [&](const std::map<std::string, std::string> &wanted) {
        bag::ReadOptions read;
        for (const auto &[role, topic] : wanted) read.topics.push_back(topic);
        return bag::openBag(options.bag, read);
    };
    std::map<std::string, std::string> inputs;
    for (const TraversalInput &input : traversalInputs()) inputs[input.role] = pipeline.resolve(input.topic);
    auto source = readInputs(inputs);
    if (!source) return fail(kName, source.error());
    const evaluate::TopicChoice choice = evaluate::chooseTopics((*source)->topics(), pipeline);
    const std::string seed_odometry = inputs.at("odometry");
    const bool distance_from_odometry = evaluate::distanceFromOdometry(choice);
    if (!choice.odometry.empty() && choice.odometry != seed_odometry) {
        fmt::print(stderr, "robometrics {}: note: {}: no topic {}; velocity from {} instead\n", kName, options.bag,
                   seed_odometry, choice.odometry);
        if (Status s = pipeline.addRemaps({std::string(traversalInputs()[1].topic).substr(1) + "=" + choice.odometry});
            !s.ok()) {
            return fail(kName, s.error());
        }
        inputs["odometry"] = choice.odometry;
    }
    if (distance_from_odometry) {
        fmt::print(stderr, "robometrics {}: note: {}: no PoseArray topic; distance from the {} pose instead\n", kName,
                   options.bag, choice.odometry);
        inputs["distance"] = choice.odometry;
    }
    if (inputs.at("odometry") != seed_odometry) {
        source = readInputs(inputs);
        if (!source) return fail(kName, source.error());
    }
    warnMissingTopics(kName, options.bag, inputs, (*source)->topics());

    const std::string csv_path = o.output.empty() ? defaultTraversalCsvPath() : o.output;
    TraversalNode node(config, o.extended);
    if (Status s = node.open(csv_path); !s.ok()) return fail(kName, s.error());
    node.setDistanceFromOdometry(distance_from_odometry);
    node.subscribe(pipeline);
    pipeline.showProgress(true);
    Status run = pipeline.run(**source);
    // A damaged bag is an error and leaves no CSV (the rows so far are discarded with it).
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
