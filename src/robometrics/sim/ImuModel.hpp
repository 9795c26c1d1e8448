#pragma once
// sensor_msgs/Imu from the chassis motion: specific force (acceleration minus gravity, so
// about +9.81 m/s^2 on z at rest), body rates and orientation, with white noise, a gyro bias,
// and wheel-level bumps on rough ground that grow with speed.

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Chassis.hpp"
#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

struct ImuNoise {
    double accel_sigma = 0.04;         ///< m/s^2
    double gyro_sigma = 0.003;         ///< rad/s
    double gyro_bias_z = 0.002;        ///< rad/s
    double orientation_sigma = 0.004;  ///< rad
    double bump_sigma = 6.0;           ///< m/s^2 vertical bump at roughness 1 and 0.5 m/s (scaled with both)
};

constexpr double kGravity = 9.80665;

class ImuModel {
public:
    ImuModel(Rng rng, ImuNoise noise = {}) : rng_(rng), noise_(noise) {}

    /// One reading. `roughness` is the terrain roughness under the rover, `speed` its ground speed.
    msgs::Imu measure(const ChassisState &state, double roughness, double speed);

private:
    Rng rng_;
    ImuNoise noise_;
};

}  // namespace robometrics::sim
