#include "robometrics/sim/WheelOdometry.hpp"

#include <cmath>

namespace robometrics::sim {

void WheelOdometry::update(double dt, double wheel_speed, double yaw_rate) {
    const bool moving = std::abs(wheel_speed) > 1e-4 || std::abs(yaw_rate) > 1e-4;
    // Encoders at rest read exactly zero: no noise and no bias creep while standing still.
    v_ = moving ? wheel_speed * noise_.linear_scale + rng_.normal(0, noise_.linear_sigma) : 0.0;
    w_ = moving ? yaw_rate * noise_.angular_scale + noise_.yaw_bias + rng_.normal(0, noise_.angular_sigma) : 0.0;
    const double mid = pose_.yaw + 0.5 * w_ * dt;
    pose_.x += v_ * dt * std::cos(mid);
    pose_.y += v_ * dt * std::sin(mid);
    pose_.yaw = wrapAngle(pose_.yaw + w_ * dt);
}

msgs::Odometry WheelOdometry::message(const char *child_frame) const {
    msgs::Odometry odom;
    odom.header.frame_id = "odom";
    odom.child_frame_id = child_frame;
    odom.pose.pose.position = {pose_.x, pose_.y, 0};
    odom.pose.pose.orientation = quaternionFromYaw(pose_.yaw);
    // Planar odometry: z, roll and pitch are not measured (large variance, as diff_drive does).
    odom.pose.covariance[0] = odom.pose.covariance[7] = 0.01;
    odom.pose.covariance[14] = odom.pose.covariance[21] = odom.pose.covariance[28] = 1e6;
    odom.pose.covariance[35] = 0.03;
    odom.twist.twist.linear.x = v_;
    odom.twist.twist.angular.z = w_;
    odom.twist.covariance[0] = noise_.linear_sigma * noise_.linear_sigma;
    odom.twist.covariance[7] = 1e-6;
    odom.twist.covariance[14] = odom.twist.covariance[21] = odom.twist.covariance[28] = 1e6;
    odom.twist.covariance[35] = noise_.angular_sigma * noise_.angular_sigma;
    return odom;
}

}  // namespace robometrics::sim
