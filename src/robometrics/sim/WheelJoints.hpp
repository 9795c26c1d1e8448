#pragma once
// The TurtleBot3's wheel joints as robot_state_publisher turns them into tf: each wheel's angle
// integrated from the drive (left = v - w b / 2, right = v + w b / 2, divided by the wheel
// radius), published as base_link -> wheel_left_link / wheel_right_link with the URDF's joint
// origins (waffle: y = +-0.144 m, z = 0.023 m, rolled by -1.57 rad so the joint axis z points
// along the axle).

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::sim {

struct WheelGeometry {
    double radius = 0.033;      ///< m
    double separation = 0.287;  ///< m, as the diff drive uses it
    double joint_y = 0.144;     ///< m, URDF joint origins
    double joint_z = 0.023;     ///< m
    double joint_roll = -1.57;  ///< rad, URDF joint origin rpy
};

class WheelJoints {
public:
    explicit WheelJoints(WheelGeometry geometry = {}) : geometry_(geometry) {}

    /// Turns the wheels for `dt` seconds at the body speed `v` and yaw rate `w` they drive.
    void update(double dt, double v, double w);
    double leftAngle() const { return left_; }
    double rightAngle() const { return right_; }
    /// One TFMessage with both wheel transforms, stamped `stamp`.
    msgs::TFMessage message(TimeNs stamp) const;

private:
    WheelGeometry geometry_;
    double left_ = 0, right_ = 0;  ///< rad
};

}  // namespace robometrics::sim
