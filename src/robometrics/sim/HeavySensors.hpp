#pragma once
// The sensor mast of `simulate --sensors heavy`, the same on any robot: a 64-beam 3-D lidar on
// /lidar/points (10 Hz, frame lidar_link), a camera on /camera/image_raw (640 x 480 rgb8, 30 Hz)
// and the PNG image_transport would send beside it on /camera/image_raw/compressed (a half-size
// frame, 30 Hz). Its frames join the robot's /tf_static message, as a robot_state_publisher
// would publish a URDF with the mast; a frame the robot already has (the rover's lidar_link)
// is kept as it is. Each sensor draws from its own random stream.

#include <vector>

#include "robometrics/sim/CameraModel.hpp"
#include "robometrics/sim/RobotModel.hpp"
#include "robometrics/sim/SpinningLidar.hpp"

namespace robometrics::sim {

class HeavySensors {
public:
    explicit HeavySensors(const Rng &root);

    std::vector<SimTopic> topics() const;
    /// Appends what the mast publishes in the vehicle's current tick (after the robot's model, so
    /// its frames can join the robot's /tf_static in the first tick).
    void emit(const Vehicle &vehicle, std::vector<SimOutput> &out);

private:
    void addStaticFrames(TimeNs t, std::vector<SimOutput> &out) const;

    SpinningLidar lidar_;
    CameraModel camera_;
};

}  // namespace robometrics::sim
