#pragma once
// Wheel odometry: integrates what the encoders report (wheel speed and yaw rate with a scale
// error, a yaw-rate bias and noise), so it drifts, and it keeps counting when the wheels slip
// or spin in place. The odom frame starts at the rover's start pose.

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

struct WheelOdometryNoise {
    double linear_scale = 1.02;  ///< reported / true wheel speed (tyre radius error)
    double angular_scale = 0.97;
    double yaw_bias = 0.004;      ///< rad/s
    double linear_sigma = 0.01;   ///< m/s per reading
    double angular_sigma = 0.01;  ///< rad/s per reading
};

class WheelOdometry {
public:
    WheelOdometry(Rng rng, WheelOdometryNoise noise = {}) : rng_(rng), noise_(noise) {}

    /// Integrates one encoder reading over `dt`. `wheel_speed` and `yaw_rate` are the wheels'
    /// true values (not the ground's: slip is what makes them differ).
    void update(double dt, double wheel_speed, double yaw_rate);

    const Pose2 &pose() const { return pose_; }
    double linearSpeed() const { return v_; }
    double angularSpeed() const { return w_; }
    /// nav_msgs/Odometry in frame odom, child `child_frame` (stamp left to the caller).
    msgs::Odometry message(const char *child_frame = "base_link") const;

private:
    Rng rng_;
    WheelOdometryNoise noise_;
    Pose2 pose_;
    double v_ = 0, w_ = 0;
};

}  // namespace robometrics::sim
