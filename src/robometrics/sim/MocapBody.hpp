#pragma once
// A motion-capture system's view of the robot as vicon_bridge publishes it: one
// geometry_msgs/TransformStamped per body and camera frame on /vicon/<subject>/<segment>, from the
// system's `world` frame to the body, stamped when the frame was captured. The profile's body is
// the TurtleBot3 (subject and segment both `turtlebot3`), its origin on base_footprint, and the
// system's world frame is the map's (calibrated so).

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

inline constexpr const char *kMocapTopic = "/vicon/turtlebot3/turtlebot3";
/// The cameras' frame rate (Vicon's default 100 Hz): every tick of the simulation.
inline constexpr double kMocapHz = 100;

/// The body's transform at `body` (planar, z = 0), captured at `stamp`.
msgs::TransformStamped mocapBody(const Pose2 &body, TimeNs stamp);

}  // namespace robometrics::sim
