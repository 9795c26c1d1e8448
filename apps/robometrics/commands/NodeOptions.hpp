#pragma once
// The command-line options of the seed-system nodes, shared by the offline command and its
// `live` twin, and how they become a node's config (the node's params section, -p overrides,
// then the flags). The nodes themselves live in src/robometrics/nodes/.

#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "CommandSupport.hpp"
#include "robometrics/nodes/BagRuns.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/NodeArguments.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::app {

/// A repeatable "-p name:=value" option.
inline void addParamOptions(CLI::App &app, std::string &params_file, std::vector<std::string> &overrides,
                            const nodes::NodeSpec &spec) {
    app.add_option("--params", params_file, fmt::format("ROS 2 params YAML (node {})", spec.name));
    app.add_option("-p,--param", overrides, "parameter override name:=value (repeatable)")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

/// The node's config (nodes::configureNodeWarning); unknown parameter names are warned about on stderr.
template <class Node>
decltype(Node::configure(std::declval<Params>())) configureNode(
    const char *cmd, const std::string &file, const std::vector<std::string> &overrides,
    const std::function<void(Params &)> &flags = [](Params &) {}) {
    return nodes::configureNodeWarning<Node>(file, overrides, flags,
                                             [cmd](const std::string &w) { printNotes(cmd, "warning", {w}); });
}

struct TraversalNodeOptions {
    std::string output, params_file;
    std::vector<std::string> overrides;
    std::vector<std::string> remaps;  ///< the --topic rules as typed; checkUsage parses them
    bool extended = false, json = false;
};

inline void addTraversalNodeOptions(CLI::App &app, TraversalNodeOptions &o) {
    app.add_option("-o,--output", o.output, "CSV file (default metric_logs/metrics_log_YYYYMMDD_HHMMSS.csv)")
        ->check(writesExtensions({".csv"}));
    addParamOptions(app, o.params_file, o.overrides, nodes::TraversalNode::spec());
    std::vector<std::string> rules;
    for (const nodes::NodeInput &in : nodes::TraversalNode::spec().inputs) rules.push_back(in.topic.substr(1) + "=/x");
    app.add_option("--remap,--topic", o.remaps, fmt::format("remap an input: {}", fmt::join(rules, ", ")))
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_flag("--extended", o.extended,
                 "append Time, Collision Events, Min Clearance, Velocity Over Rough Terrain, Rejected Pose Jumps");
    app.add_flag("--json", o.json, "print the whole-run summary as JSON");
}

inline void printTraversalDebug(TimeNs t, const std::string &line) {
    fmt::print(stderr, "{}", nodes::traversalDebugLine(t, line));
}

/// What the offline runs share: notes and warnings on stderr as `cmd`; `strict` refuses a
/// damaged bag (--strict), else a recording cut short is read up to the damage.
inline nodes::BagRun bagRun(const char *cmd, const std::string &bag, bool json, bool strict, bool progress = false) {
    return {bag,
            json,
            progress,
            [cmd](const std::string &l) { printNotes(cmd, "note", {l}); },
            [cmd](const std::string &l) { printNotes(cmd, "warning", {l}); },
            strict};
}

/// Prints a run's output; the exit code.
inline int printRun(const char *cmd, const Result<std::string> &out) {
    if (!out) return fail(cmd, out.error());
    fmt::print("{}", *out);
    return 0;
}

struct CostmapNodeOptions {
    std::string params_file, png_dir;
    std::vector<std::string> overrides;
    int png_every = 10;
    bool fill_from_terrain = false, json = false;
    std::optional<double> size, resolution;
};

inline void addCostmapNodeOptions(CLI::App &app, CostmapNodeOptions &o) {
    addParamOptions(app, o.params_file, o.overrides, nodes::CostmapNode::spec());
    app.add_option("--png", o.png_dir, "write PNG snapshots of the costmap into this directory");
    app.add_option("--png-every", o.png_every, "snapshot every Nth costmap (default 10)")->check(CLI::PositiveNumber);
    app.add_flag("--fill-from-terrain", o.fill_from_terrain,
                 "cost cells the GridMap leaves unknown from the accumulated terrain");
    app.add_option("--size", o.size, "costmap side [m] (costmap_size)");
    app.add_option("--resolution", o.resolution, "costmap cell size [m] (costmap_resolution)");
    app.add_flag("--json", o.json, "machine-readable summary on stdout");
}

/// The flags win over the params file.
inline Result<terrain::CostmapConfig> costmapConfig(const char *cmd, const CostmapNodeOptions &o) {
    return configureNode<nodes::CostmapNode>(cmd, o.params_file, o.overrides, [&o](Params &p) {
        if (o.size) p.set("costmap_size", fmt::format("{}", *o.size));
        if (o.resolution) p.set("costmap_resolution", fmt::format("{}", *o.resolution));
        if (o.fill_from_terrain) p.set("fill_from_terrain", "true");
    });
}

struct LostInputOptions {
    std::string bag, pose_topic, params_file, labels;  ///< empty pose_topic: the config's
    std::vector<std::string> overrides;
};

/// --pose-topic, --params, -p (`live lost`); addLostInputOptions adds the bag too.
inline void addLostTopicOptions(CLI::App &app, LostInputOptions &o) {
    app.add_option("--pose-topic", o.pose_topic,
                   fmt::format("AMCL pose topic (default {})", nodes::LostNode::spec().input("pose").topic));
    addParamOptions(app, o.params_file, o.overrides, nodes::LostNode::spec());
}

inline void addLostInputOptions(CLI::App &app, LostInputOptions &o) {
    app.add_option("BAG", o.bag, "rosbag2 directory, .mcap or .db3 file")->required();
    addLostTopicOptions(app, o);
}

inline Result<localization::LostDetectorConfig> lostConfig(const char *cmd, const LostInputOptions &o) {
    return configureNode<nodes::LostNode>(cmd, o.params_file, o.overrides, [&o](Params &p) {
        if (!o.pose_topic.empty()) p.set("pose_topic", o.pose_topic);
    });
}

}  // namespace robometrics::app
