#pragma once
// Which topic each node input reads from a recorded run: the node's default topic when the bag
// has it with the right type, else the first topic of that type, unless the user remapped the
// default name. A Nav2 robot's /odom stands in for the rover's wheel odometry.

#include <map>
#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/nodes/GroundTruthChoice.hpp"
#include "robometrics/nodes/NodeSpec.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::nodes {

/// The topics each node input reads, chosen from what the bag has (empty = not present), and
/// what the choice of a ground truth found besides its topic.
struct TopicChoice : NodeTopics {
    /// Why the ground truth was chosen (GroundTruthChoice.hpp), and the candidates passed over.
    std::string ground_truth_why;
    std::vector<std::string> ground_truth_passed_over;
    bool tf = false;  ///< the bag has TF
};

/// Whether a topic's name says it carries ground truth (Gazebo's p3d `/ground_truth`,
/// `/base_pose_ground_truth`, `/odom_gt`, motion capture: `/vicon/...`, `/mocap/...`, ...).
/// Such a topic is never chosen as the robot's own odometry or localization estimate.
bool looksLikeGroundTruth(const std::string &topic);

/// Sets `c`'s ground truth (chooseGroundTruthTopic), `--topic ground_truth=/x` from `remapped`.
void chooseGroundTruth(const std::vector<bag::TopicInfo> &topics, const pipeline::Remaps &remapped,
                       GroundTruthHint hint, TopicChoice &c);

TopicChoice chooseTopics(const std::vector<bag::TopicInfo> &topics, const pipeline::Remaps &remapped);

/// Distance travelled comes from the odometry pose when the bag has no PoseArray (the seed's
/// ground-truth pose) but has odometry: what a Nav2 robot records. `traversal` and `evaluate`
/// both follow this rule and say which source they used.
/// One warning per input whose topic `bag` does not hold (a typo in --topic, or a bag recorded
/// without it); `inputs` maps each input's role to its topic after remapping.
std::vector<std::string> missingInputs(const std::string &bag, const std::map<std::string, std::string> &inputs,
                                       const std::vector<bag::TopicInfo> &topics);

inline bool distanceFromOdometry(const TopicChoice &c) { return c.pose_array.empty() && !c.odometry.empty(); }

/// Whether the traversal metrics have an input among `c`'s topics (a scan, an IMU, a PoseArray or
/// an odometry).
inline bool hasTraversalInput(const TopicChoice &c) {
    return !c.scan.empty() || !c.imu.empty() || !c.pose_array.empty() || !c.odometry.empty();
}

}  // namespace robometrics::nodes
