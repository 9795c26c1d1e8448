#pragma once
// The one definition of a seed system as a node: its ROS node name (also its section in a ROS 2
// params file), its inputs (a role, the default topic and the message type) and the result
// topics it publishes. The offline commands, `live`, `evaluate` and `bench` all read the same
// NodeSpec, so a topic, a type or a node name is spelled in exactly one place.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/core/Params.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::nodes {

struct NodeInput {
    std::string role;   ///< what the node does with it: "scan", "imu", "grid_map", ...
    std::string topic;  ///< default topic (a remap or the params may move it)
    std::string type;   ///< ROS 2 type name, e.g. "sensor_msgs/msg/LaserScan"; "*" any type
};

struct NodeOutput {
    std::string topic;
    std::string type;
    bool latched = false;  ///< transient local: a late subscriber still gets the last one
};

struct NodeSpec {
    std::string name;  ///< ROS node name, e.g. "metrics_node"
    std::vector<NodeInput> inputs;
    std::vector<NodeOutput> outputs;

    /// The input of `role`; throws std::out_of_range for a role the node does not have (a bug).
    const NodeInput &input(const std::string &role) const;
    /// The output on `topic`; throws std::out_of_range for a topic the node does not publish.
    const NodeOutput &output(const std::string &topic) const;
    /// The output topics, in the order the node writes them.
    std::vector<std::string> outputTopics() const;
};

/// Topic per input role, after remapping; an empty topic means the input is not read.
using NodeTopics = std::map<std::string, std::string>;

/// The default topic of every input, as `remaps` resolves it.
NodeTopics resolveTopics(const NodeSpec &spec, const pipeline::Remaps &remaps);

/// The node's parameters: its section of the params file `file` (none when empty) and then the
/// "name:=value" overrides. A file without the node's section is an error for a command that
/// runs this node alone; `evaluate` passes `section_required` false (one file, several nodes).
Result<Params> loadNodeParams(const NodeSpec &spec, const std::string &file, const std::vector<std::string> &overrides,
                              bool section_required = true);

/// A node's config: its params (loadNodeParams), then what `flags` sets (command-line flags win
/// over the file), through Node::configure. `unused` gets the names no config read (likely typos).
template <class Node, class Flags>
decltype(Node::configure(std::declval<Params>())) configureNode(const std::string &file,
                                                                const std::vector<std::string> &overrides,
                                                                Flags &&flags, std::vector<std::string> &unused) {
    auto params = loadNodeParams(Node::spec(), file, overrides);
    if (!params) return params.error();
    flags(*params);
    auto config = Node::configure(*params);
    if (config) unused = params->unused();
    return config;
}

}  // namespace robometrics::nodes
