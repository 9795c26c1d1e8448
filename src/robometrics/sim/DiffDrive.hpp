#pragma once
// Differential-drive dynamics: wheel speeds follow the commands within acceleration limits, and
// the ground moves the rover by the wheel speed times the traction (1 = no slip).

#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

struct DiffDriveLimits {
    double max_linear_accel = 0.8;   ///< m/s^2
    double max_angular_accel = 2.5;  ///< rad/s^2
    double max_angular_speed = 1.2;  ///< rad/s
};

class DiffDrive {
public:
    explicit DiffDrive(Pose2 start, DiffDriveLimits limits = {}) : pose_(start), limits_(limits) {}

    /// Advances by `dt` seconds towards the commanded (v, w).
    void step(double dt, double v_cmd, double w_cmd, double traction);
    /// Puts the rover down somewhere else, at rest (kidnapping).
    void teleport(Pose2 pose);

    const Pose2 &pose() const { return pose_; }
    double wheelSpeed() const { return v_; }          ///< what the wheel encoders turn at, m/s
    double yawRate() const { return w_; }             ///< rad/s
    double groundSpeed() const { return ground_v_; }  ///< how fast the rover really moves, m/s

private:
    Pose2 pose_;
    DiffDriveLimits limits_;
    double v_ = 0, w_ = 0, ground_v_ = 0;
};

}  // namespace robometrics::sim
