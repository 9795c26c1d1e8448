#include "robometrics/sim/WheelJoints.hpp"

#include <Eigen/Geometry>

#include "robometrics/sim/TransformStamped.hpp"

namespace robometrics::sim {

void WheelJoints::update(double dt, double v, double w) {
    const double half = 0.5 * geometry_.separation * w;
    left_ += (v - half) * dt / geometry_.radius;
    right_ += (v + half) * dt / geometry_.radius;
}

msgs::TFMessage WheelJoints::message(TimeNs stamp) const {
    // The joint origin's rotation, then the joint angle about its own z axis.
    const auto joint = [&](double angle) {
        return toMsg(Eigen::Quaterniond(Eigen::AngleAxisd(geometry_.joint_roll, Eigen::Vector3d::UnitX()) *
                                        Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ())));
    };
    msgs::TFMessage tf;
    tf.transforms = {transformStamped("base_link", "wheel_left_link", stamp, {0, geometry_.joint_y, geometry_.joint_z},
                                      joint(left_)),
                     transformStamped("base_link", "wheel_right_link", stamp,
                                      {0, -geometry_.joint_y, geometry_.joint_z}, joint(right_))};
    return tf;
}

}  // namespace robometrics::sim
