#pragma once
// The rover body in 3-D: the planar pose from the drive, lifted onto the terrain. Roll and
// pitch follow the ground slope under the rover; the height follows the ground through a
// critically damped suspension (2 Hz), so steps and rough ground give realistic vertical
// accelerations instead of infinite ones.

#include <Eigen/Geometry>

#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/Terrain.hpp"

namespace robometrics::sim {

struct ChassisState {
    Eigen::Vector3d position = Eigen::Vector3d::Zero();  ///< base_link in the world
    double roll = 0, pitch = 0, yaw = 0;
    Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
    Eigen::Vector3d velocity = Eigen::Vector3d::Zero();          ///< world frame, m/s
    Eigen::Vector3d acceleration = Eigen::Vector3d::Zero();      ///< world frame, m/s^2, without gravity
    Eigen::Vector3d angular_velocity = Eigen::Vector3d::Zero();  ///< body frame, rad/s
};

class Chassis {
public:
    explicit Chassis(const Terrain &terrain) : terrain_(terrain) {}

    /// Places the chassis at rest on the ground (start, or after a teleport).
    void reset(const Pose2 &pose);
    /// Advances by `dt` to the new planar pose.
    void update(double dt, const Pose2 &pose);
    const ChassisState &state() const { return state_; }

private:
    void attitude(const Pose2 &pose, double &roll, double &pitch) const;

    const Terrain &terrain_;
    ChassisState state_;
    double z_rate_ = 0;
};

}  // namespace robometrics::sim
