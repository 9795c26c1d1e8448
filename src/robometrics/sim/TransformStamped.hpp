#pragma once
// Building tf2 transforms and quaternions for the robot models.

#include <Eigen/Geometry>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::sim {

inline msgs::TransformStamped transformStamped(const char *parent, const char *child, TimeNs stamp,
                                               const msgs::Vector3 &translation, const msgs::Quaternion &rotation) {
    msgs::TransformStamped tf;
    tf.header.stamp = msgs::Time::fromNs(stamp);
    tf.header.frame_id = parent;
    tf.child_frame_id = child;
    tf.transform.translation = translation;
    tf.transform.rotation = rotation;
    return tf;
}

inline msgs::Quaternion toMsg(const Eigen::Quaterniond &q) { return {q.x(), q.y(), q.z(), q.w()}; }

}  // namespace robometrics::sim
