#include "robometrics/sim/Chassis.hpp"

#include <cmath>

namespace robometrics::sim {

namespace {
constexpr double kOmega = 2 * kPi * 2.0;  // suspension natural frequency, rad/s
constexpr double kZeta = 1.0;             // critically damped

Eigen::Quaterniond fromRpy(double roll, double pitch, double yaw) {
    return Eigen::Quaterniond(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()) *
                              Eigen::AngleAxisd(pitch, Eigen::Vector3d::UnitY()) *
                              Eigen::AngleAxisd(roll, Eigen::Vector3d::UnitX()));
}
}  // namespace

void Chassis::attitude(const Pose2 &pose, double &roll, double &pitch) const {
    double gx = 0, gy = 0;
    terrain_.gradient(pose.x, pose.y, gx, gy);
    const double c = std::cos(pose.yaw), s = std::sin(pose.yaw);
    // Uphill along the heading is nose up, which is a negative pitch about +y.
    pitch = -std::atan(gx * c + gy * s);
    // Ground rising to the left lifts the left side: a positive roll about +x.
    roll = std::atan(-gx * s + gy * c);
}

void Chassis::reset(const Pose2 &pose) {
    state_ = ChassisState{};
    state_.position = {pose.x, pose.y, terrain_.height(pose.x, pose.y)};
    attitude(pose, state_.roll, state_.pitch);
    state_.yaw = pose.yaw;
    state_.orientation = fromRpy(state_.roll, state_.pitch, state_.yaw);
    z_rate_ = 0;
}

void Chassis::update(double dt, const Pose2 &pose) {
    const ChassisState prev = state_;
    const double ground = terrain_.height(pose.x, pose.y);
    const double z_accel = kOmega * kOmega * (ground - prev.position.z()) - 2 * kZeta * kOmega * z_rate_;
    z_rate_ += z_accel * dt;
    state_.position = {pose.x, pose.y, prev.position.z() + z_rate_ * dt};
    attitude(pose, state_.roll, state_.pitch);
    state_.yaw = pose.yaw;
    state_.orientation = fromRpy(state_.roll, state_.pitch, state_.yaw);
    state_.velocity = (state_.position - prev.position) / dt;
    state_.acceleration = (state_.velocity - prev.velocity) / dt;
    // Body rates from the change of orientation over the step (small-angle axis).
    const Eigen::AngleAxisd delta(prev.orientation.conjugate() * state_.orientation);
    state_.angular_velocity = delta.axis() * (delta.angle() / dt);
}

}  // namespace robometrics::sim
