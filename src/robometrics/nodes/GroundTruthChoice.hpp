#pragma once
// Which topic of a recording is the robot's ground truth, from the topics' names and types alone
// (docs/evaluate.md, Ground truth in the bag). Accepted, best first:
//   nav_msgs/Odometry (Gazebo's p3d), geometry_msgs/PoseStamped, PoseWithCovarianceStamped,
//   TransformStamped (motion capture: vicon_bridge's /vicon/<subject>/<segment>), whose name says
//   it is ground truth (looksLikeGroundTruth);
//   geometry_msgs/PoseArray and tf2_msgs/TFMessage named so (/ground_truth/pose_array), or
//   Gazebo's world pose publisher /world/<world>/pose/info (or dynamic_pose/info) as
//   ros_gz_bridge gives it: every entity of the world in one message, the robot's entry found by
//   io::GroundTruthEntry ("moving" unless named: ground_truth_index, or ground_truth_body for a
//   TFMessage whose child frames are named).
// Motion-capture topics name a body (/vicon/<body>/..., /mocap/<body>/pose, /optitrack/<body>/...,
// /natnet/<body>/..., /vrpn_client_node/<body>/pose): a calibration wand or origin is never the
// robot; with ground_truth_body only that body is; with bodies left over, none is taken.

#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::nodes {

/// What the user said about the ground truth (slam_eval parameters; empty/-1: nothing).
struct GroundTruthHint {
    std::string named_topic;  ///< `--topic ground_truth=/x`
    std::string body;         ///< ground_truth_body: a motion-capture body, a TFMessage child frame
    int index = -1;           ///< ground_truth_index: the robot's pose in a PoseArray or TFMessage
};

struct GroundTruthPick {
    std::string topic, type;
    std::string entry;                     ///< io::GroundTruthEntry's spelling ("" for one pose per message)
    std::string why;                       ///< why this topic: its kind and what named it
    std::vector<std::string> passed_over;  ///< "topic: reason" for candidates not taken
};

/// `/world/<world>/pose/info` or `/world/<world>/dynamic_pose/info`.
bool isGazeboPoseInfo(const std::string &topic);

/// The body a motion-capture topic names (`/vicon/robot/robot` -> "robot"), empty when the topic
/// is not one of a motion-capture system or names no body.
std::string motionCaptureBody(const std::string &topic);

GroundTruthPick chooseGroundTruthTopic(const std::vector<bag::TopicInfo> &topics, const GroundTruthHint &hint);

}  // namespace robometrics::nodes
