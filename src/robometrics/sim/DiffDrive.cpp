#include "robometrics/sim/DiffDrive.hpp"

#include <algorithm>

namespace robometrics::sim {

namespace {
double approach(double current, double target, double max_step) {
    return current + std::clamp(target - current, -max_step, max_step);
}
}  // namespace

void DiffDrive::step(double dt, double v_cmd, double w_cmd, double traction) {
    w_cmd = std::clamp(w_cmd, -limits_.max_angular_speed, limits_.max_angular_speed);
    v_ = approach(v_, v_cmd, limits_.max_linear_accel * dt);
    w_ = approach(w_, w_cmd, limits_.max_angular_accel * dt);
    ground_v_ = v_ * traction;
    // Midpoint integration of the unicycle model.
    const double mid_yaw = pose_.yaw + 0.5 * w_ * traction * dt;
    pose_.x += ground_v_ * dt * std::cos(mid_yaw);
    pose_.y += ground_v_ * dt * std::sin(mid_yaw);
    pose_.yaw = wrapAngle(pose_.yaw + w_ * traction * dt);
}

void DiffDrive::teleport(Pose2 pose) {
    pose_ = pose;
    v_ = w_ = ground_v_ = 0;
}

}  // namespace robometrics::sim
