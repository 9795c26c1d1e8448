#pragma once
// Planar poses (x, y, yaw) with composition, and the conversions to ROS quaternions that every
// sensor model needs.

#include <cmath>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::sim {

constexpr double kPi = 3.14159265358979323846;

/// Wraps an angle to (-pi, pi].
inline double wrapAngle(double a) {
    while (a > kPi) a -= 2 * kPi;
    while (a <= -kPi) a += 2 * kPi;
    return a;
}

struct Pose2 {
    double x = 0, y = 0, yaw = 0;

    /// this * other (other expressed in this pose's frame).
    Pose2 operator*(const Pose2 &o) const {
        const double c = std::cos(yaw), s = std::sin(yaw);
        return {x + c * o.x - s * o.y, y + s * o.x + c * o.y, wrapAngle(yaw + o.yaw)};
    }
    Pose2 inverse() const {
        const double c = std::cos(yaw), s = std::sin(yaw);
        return {-c * x - s * y, s * x - c * y, wrapAngle(-yaw)};
    }
};

/// Quaternion of intrinsic Z-Y-X (yaw, pitch, roll) rotation, as tf2's setRPY.
inline msgs::Quaternion quaternionFromRpy(double roll, double pitch, double yaw) {
    const double cr = std::cos(roll / 2), sr = std::sin(roll / 2);
    const double cp = std::cos(pitch / 2), sp = std::sin(pitch / 2);
    const double cy = std::cos(yaw / 2), sy = std::sin(yaw / 2);
    return {sr * cp * cy - cr * sp * sy, cr * sp * cy + sr * cp * sy, cr * cp * sy - sr * sp * cy,
            cr * cp * cy + sr * sp * sy};
}

inline msgs::Quaternion quaternionFromYaw(double yaw) { return quaternionFromRpy(0, 0, yaw); }

}  // namespace robometrics::sim
