#pragma once
// A small multi-ring 3-D lidar over the 2.5-D world, labelled the way GroundGrid labels its
// filtered cloud: points on the terrain are ground (intensity 49), points on obstacles are
// non-ground (99). Rays march over the terrain until they go below the ground or into an
// occupied cell lower than the obstacle height.

#include <Eigen/Core>
#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Chassis.hpp"
#include "robometrics/sim/Random.hpp"
#include "robometrics/sim/World.hpp"

namespace robometrics::sim {

struct Lidar3dConfig {
    std::vector<double> elevations_deg{-24, -16, -10, -6, -3, 0};
    int azimuths = 72;
    double max_range = 8.0;     ///< m
    double march_step = 0.15;   ///< m
    double mount_height = 0.4;  ///< m above base_link ("lidar_link")
    double range_sigma = 0.01;  ///< m
};

struct CloudPoint {
    Eigen::Vector3d sensor;  ///< in the lidar frame
    bool ground = false;
};

class Lidar3d {
public:
    static constexpr float kGroundIntensity = 49.0f;
    static constexpr float kObstacleIntensity = 99.0f;

    Lidar3d(Rng rng, Lidar3dConfig config = {}) : rng_(rng), config_(config) {}

    std::vector<CloudPoint> scan(const World &world, const ChassisState &body);
    /// x, y, z, intensity as little-endian float32 (frame "lidar_link", stamp left to the caller).
    static msgs::PointCloud2 toMessage(const std::vector<CloudPoint> &points);
    const Lidar3dConfig &config() const { return config_; }

private:
    Rng rng_;
    Lidar3dConfig config_;
};

}  // namespace robometrics::sim
