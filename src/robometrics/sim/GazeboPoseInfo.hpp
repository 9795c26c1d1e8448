#pragma once
// Gazebo's world pose publisher as a recording holds it through ros_gz_bridge: the scene
// broadcaster publishes /world/<world>/pose/info (gz.msgs.Pose_V) with one pose per model, then
// per link, visual and light of the world, each named; the bridge, asked for
// geometry_msgs/msg/PoseArray, keeps the message's stamp (simulated time) and the poses in that
// order, and drops the names (its frame_id is empty). A model's pose is in the world frame, a
// link's relative to its model. The profile's world: the models ground_plane, office (the walls)
// and the robot, then their links, then the sun (visuals left out to keep the bag small).

#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

/// The topic, for the office world of the navigation profiles.
inline constexpr const char *kOfficePoseInfoTopic = "/world/office/pose/info";
/// Where the robot's model is among the poses (after ground_plane and office).
inline constexpr std::size_t kOfficeRobotEntry = 2;

/// One message: the robot's model at `robot` (planar, z = 0), its links at `robot_links`
/// (relative to the model), stamped `stamp`.
msgs::PoseArray officePoseInfo(const Pose2 &robot, const std::vector<msgs::Pose> &robot_links, TimeNs stamp);

}  // namespace robometrics::sim
