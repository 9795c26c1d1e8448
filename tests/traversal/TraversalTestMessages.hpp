#pragma once
// Small builders for the traversal tests' input messages.

#include <initializer_list>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::traversal::test {

/// A scan from a lidar whose limits (0.01 to 10 m) hold every finite range these tests use, so
/// the seed's finite-only rule and REP 117's range limits agree on them.
inline msgs::LaserScan scan(std::initializer_list<float> ranges) {
    msgs::LaserScan s;
    s.range_min = 0.01f;
    s.range_max = 10.0f;
    s.ranges = ranges;
    return s;
}

/// A TurtleBot3 LDS-01 scan: range_min 0.12 m, range_max 3.5 m, 0.0 for "no return".
inline msgs::LaserScan lds01Scan(std::initializer_list<float> ranges) {
    msgs::LaserScan s = scan(ranges);
    s.range_min = 0.12f;
    s.range_max = 3.5f;
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

/// Odometry at position (x, 0, 0) with header stamp `stamp` (0: unset).
inline msgs::Odometry odomAt(double x, TimeNs stamp) {
    msgs::Odometry o;
    o.header.stamp = msgs::Time::fromNs(stamp);
    o.pose.pose.position = {x, 0, 0};
    return o;
}

/// Seconds to nanoseconds, exact for the decimal times the tests use.
inline TimeNs at(double seconds) { return fromSeconds(seconds); }

}  // namespace robometrics::traversal::test
