#pragma once
// RoboTerrain's metrics_node (seed traversal-metrics-node): collisions, smoothness, clearance,
// distance and velocity per second of message time, from the scan, IMU, pose and odometry
// inputs. One definition for `traversal`, `live traversal` and `evaluate`; rows go to the
// caller (a CSV file, a vector), debug lines to a callback.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::nodes {

/// The topics the traversal node reads from a recorded run, and the fallbacks it took.
struct TraversalInputs {
    NodeTopics topics;
    bool distance_from_odometry = false;
    std::vector<std::string> notes;  ///< one sentence per fallback, naming the bag
    /// Role -> topic (`--json`'s "inputs"); "distance" names the odometry when it gives the distance.
    std::map<std::string, std::string> roles() const;
};

class TraversalNode : public Node {
public:
    /// metrics_node: inputs imu, odometry, pose, scan (the seed's topics and types).
    static const NodeSpec &spec();
    static Result<traversal::TraversalConfig> configure(const Params &params) {
        return traversal::TraversalConfig::fromParams(params);
    }

    /// The seed's topics after `remaps`; without its odometry topic the bag's odometry (a Nav2
    /// robot's /odom) gives the velocity, and without a PoseArray the odometry pose gives the
    /// distance (nodes/TopicChoice.hpp), as `evaluate` does.
    static TraversalInputs chooseInputs(const std::string &bag, const std::vector<bag::TopicInfo> &bag_topics,
                                        const pipeline::Remaps &remaps);

    TraversalNode(const traversal::TraversalConfig &config, traversal::TraversalMetrics::RowSink rows,
                  traversal::TraversalMetrics::DebugSink debug = {});
    TraversalNode(const TraversalNode &) = delete;
    TraversalNode &operator=(const TraversalNode &) = delete;

    /// Feeds scan, imu, pose_array and odometry from `topics`; an empty topic is not read.
    void subscribe(pipeline::Pipeline &pipeline, const NodeTopics &topics) override;

    /// Distance from the odometry pose instead of the PoseArray (evaluate::distanceFromOdometry).
    void setDistanceFromOdometry(bool on) { metrics_.setDistanceFromOdometry(on); }

    /// The minimum of a scan at `t`, for a node subscribed without a scan topic whose scans a
    /// scanner of evaluate reads (it hands over the minimum it finds: one per scan).
    void onScanMinimum(const traversal::ScanMinimum &minimum, TimeNs t);

    /// Moves the node clock without a message (a wall-clock timer).
    void tick(TimeNs now);

    /// The run ends at `end` instead of the last message time the node saw; before finish().
    void endAt(TimeNs end) { end_ = end; }
    /// Ends the run (it may close a last row).
    void finish() override;
    /// After finish().
    const traversal::TraversalSummary &summary() const { return summary_; }

private:
    template <class T>
    void feed(pipeline::Pipeline &pipeline, const std::string &topic,
              void (traversal::TraversalMetrics::*on)(const T &, TimeNs));
    void seen(TimeNs t);

    traversal::TraversalMetrics metrics_;
    std::optional<TimeNs> last_, end_;
    traversal::TraversalSummary summary_;
};

/// rclpy's console format of the seed's debug lines: "[INFO] [sec.nanosec] [metrics_node]: line".
std::string traversalDebugLine(TimeNs t, const std::string &line);

}  // namespace robometrics::nodes
