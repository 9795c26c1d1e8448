#pragma once
// The robots of a recording, found from its topic list alone (issue 61): a multi-robot run holds
// each robot's topics under its namespace (`/robot1/odom`, `/robot1/scan`, `/robot1/cmd_vel`,
// often `/robot1/tf` as Nav2's multi-robot bringup records it), and each robot is judged on its
// own topics. The rule (docs/evaluate.md, "Several robots"):
//
// - A namespace is the first component of a topic name with at least two (`/robot1/odom` ->
//   `robot1`); the topics without one form the root group.
// - A group is a robot when it holds its own odometry (nav_msgs/Odometry, not ground truth) and
//   at least one other sign of a robot: a range sensor (LaserScan or PointCloud2), a velocity
//   command or an AMCL pose. `/front/scan` + `/rear/scan` + `/odom` is one robot with two
//   scanners: neither /front nor /rear holds an odometry.
// - Only two robots or more make a multi-robot recording. Otherwise the recording has one robot,
//   named "", whose topics are exactly chooseTopics() on the whole list with the user's remaps.
//
// In a multi-robot recording each robot's topics are chosen by chooseTopics() on its own group
// with the namespace taken off (so `/robot1/odom` is that robot's `/odom`) and put back; a map or
// GridMap no robot has of its own is the one outside the namespaces. Its TF is the group's own
// /tf when it has one, else the shared /tf, whose frames carry the robot's prefix (`robot1/`).

#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::nodes {

struct Robot {
    std::string name;  ///< its namespace without slashes ("robot1"); "/" for the root group; "" when alone
    TopicChoice topics;
    std::string tf_topic;      ///< its /tf: "/robot1/tf", or the shared "/tf"; empty without TF
    std::string frame_prefix;  ///< "robot1/" on a shared /tf (its frames' prefix), else empty
};

/// The robots of a recording whose topics are `topics` (see above), in the order of their names
/// (the root group first). Never empty: a recording without robots in namespaces has one.
std::vector<Robot> findRobots(const std::vector<bag::TopicInfo> &topics, const pipeline::Remaps &remapped);

/// The namespace of `topic` ("robot1" for /robot1/odom), empty for a topic at the root (/odom).
std::string topicNamespace(const std::string &topic);

/// The names of `robots`, comma-separated, for messages ("robot1, robot2").
std::string robotNames(const std::vector<Robot> &robots);

}  // namespace robometrics::nodes
