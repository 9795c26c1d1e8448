#pragma once
// Small builders for the traversal tests' input messages.

#include <initializer_list>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::traversal::test {

inline msgs::LaserScan scan(std::initializer_list<float> ranges) {
    msgs::LaserScan s;
    s.ranges = ranges;
    return s;
}

inline msgs::Imu imu(double ax, double ay, double az, double wx = 0, double wy = 0, double wz = 0) {
    msgs::Imu m;
    m.linear_acceleration = {ax, ay, az};
    m.angular_velocity = {wx, wy, wz};
    return m;
}

inline msgs::PoseArray poses(double x, double y, double z) {
    msgs::PoseArray p;
    msgs::Pose pose;
    pose.position = {x, y, z};
    p.poses.push_back(pose);
    return p;
}

inline msgs::Odometry odom(double vx, double vy, double vz) {
    msgs::Odometry o;
    o.twist.twist.linear = {vx, vy, vz};
    return o;
}

/// Seconds to nanoseconds, exact for the decimal times the tests use.
inline TimeNs at(double seconds) { return fromSeconds(seconds); }

}  // namespace robometrics::traversal::test
