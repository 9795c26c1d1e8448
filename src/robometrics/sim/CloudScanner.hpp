#pragma once
// A VLP-16-class 3-D lidar in place of the TurtleBot3's LDS-01 (the cloud_collision profile): 16
// beams from +15 to -15 degrees, 1 degree columns, 10 Hz, on /velodyne_points (frame velodyne,
// 0.3 m above base_footprint), organized with NaN for no return, as the velodyne driver
// publishes it (SpinningLidar). No LaserScan is recorded. The truth of a collision is geometric:
// the distance from the true pose's footprint (the 0.1 m circle evaluate's robot_radius
// defaults to) to the nearest wall, below the 0.2 m threshold at a cloud's time (ScanContact).

#include <vector>

#include "robometrics/sim/RobotModel.hpp"
#include "robometrics/sim/ScanContact.hpp"
#include "robometrics/sim/SpinningLidar.hpp"

namespace robometrics::sim {

class CloudScanner {
public:
    static constexpr double kMountZ = 0.3;           ///< m above base_footprint
    static constexpr double kFootprintRadius = 0.1;  ///< m, evaluate's default robot_radius
    static constexpr const char *kTopic = "/velodyne_points";

    /// Draws from its own random stream (10).
    explicit CloudScanner(const Rng &root);

    std::vector<SimTopic> topics() const;
    /// base_link -> velodyne, for /tf_static (base_link is `base_link_z` above base_footprint).
    void staticFrames(TimeNs t, double base_link_z, std::vector<msgs::TransformStamped> &out) const;
    /// The cloud of this tick (every 10th: 10 Hz), stamped `t`.
    void emit(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out);
    /// The collisions so far.
    std::vector<Event> events() const { return contact_.events(); }

private:
    SpinningLidar lidar_;
    ScanContact contact_;
};

}  // namespace robometrics::sim
