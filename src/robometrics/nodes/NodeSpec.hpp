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

/// The topics the nodes read, one field per kind of input; an empty topic is not read. Topic
/// choice (TopicChoice.hpp) fills it from a recording, resolveTopics from a node's defaults; a
/// node takes the fields its NodeSpec's inputs name.
struct NodeTopics {
    std::string scan;                ///< sensor_msgs/LaserScan
    std::string imu;                 ///< sensor_msgs/Imu
    std::string pose_array;          ///< the rover's ground-truth geometry_msgs/PoseArray
    std::string odometry;            ///< nav_msgs/Odometry, the robot's own
    std::string amcl_pose;           ///< geometry_msgs/PoseWithCovarianceStamped, the localization
    std::string lost_reset;          ///< std_msgs/Empty, resets the lost detector
    std::string map;                 ///< nav_msgs/OccupancyGrid
    std::string grid_map;            ///< grid_map_msgs/GridMap
    std::string cloud;               ///< sensor_msgs/PointCloud2 for the terrain
    std::string cmd_vel;             ///< geometry_msgs/Twist velocity commands
    std::string cmd_vel_stamped;     ///< geometry_msgs/TwistStamped velocity commands
    std::string navigate_status;     ///< Nav2 navigate_to_pose goal status
    std::string follow_path_status;  ///< Nav2 follow_path goal status
    /// A recorded ground truth (GroundTruthChoice.hpp): its topic, its type, and the robot's entry
    /// in a message of many poses (io::GroundTruthEntry's spelling).
    std::string ground_truth, ground_truth_type, ground_truth_entry;
};

struct NodeInput {
    std::string role;   ///< what the node does with it: "scan", "imu", "grid_map", ...
    std::string topic;  ///< default topic (a remap or the params may move it)
    std::string type;   ///< ROS 2 type name, e.g. "sensor_msgs/msg/LaserScan"; "*" any type
    /// The field of NodeTopics that holds this input's topic; null when the node finds it itself
    /// (topic statistics read every topic, TF has its standard names, the ground truth's role
    /// follows its type).
    std::string NodeTopics::*field = nullptr;
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

/// The default topic of every input of `spec` that has a field, as `remaps` resolves it.
NodeTopics resolveTopics(const NodeSpec &spec, const pipeline::Remaps &remaps);

/// Role -> topic of the inputs of `spec` that have a field, for outputs and messages (`--json`'s
/// "inputs", the missing-topic warnings), ordered by role.
std::map<std::string, std::string> roleTopics(const NodeSpec &spec, const NodeTopics &topics);

/// The shape of every analysis node (docs/architecture.md, "How to add an analysis"): it reads
/// the inputs of its NodeSpec from the topics it is given, and is told when the input ends. What
/// it computed is read afterwards from its own accessors. runNodeOverBag (BagRuns.hpp) runs one
/// node over a bag; `evaluate`'s BagPass runs them all on one read.
class Node {
public:
    virtual ~Node() = default;
    /// Subscribes the node's inputs on `pipe`, each from its field of `topics` (empty: not read).
    virtual void subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) = 0;
    /// End of input: completes what waits for a later message. Called once, after the last message.
    virtual void finish() = 0;
};

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
