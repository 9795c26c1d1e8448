#pragma once
// A 64-beam spinning 3-D lidar (an Ouster OS1-64 class sensor: 45 degrees of vertical field,
// 2048 columns, 10 Hz), cheap enough to run at full size for hours of simulated time: one 2-D ray
// cast per column in the true map, and each beam solved in closed form against the ground plane
// under the robot and the obstacle found by that cast (a wall from the ground up to the world's
// obstacle height). No march along the rays, so no terrain relief beyond the robot's own plane.
// The cloud is organized (beams x columns) as the drivers publish it: a beam without a return is
// a NaN point and `is_dense` is false.

#include <cstdint>
#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/Chassis.hpp"
#include "robometrics/sim/Random.hpp"
#include "robometrics/sim/World.hpp"

namespace robometrics::sim {

struct SpinningLidarConfig {
    int beams = 64;
    int columns = 2048;
    double fov_up_deg = 22.5;     ///< elevation of the top beam (ring 0)
    double fov_down_deg = -22.5;  ///< elevation of the bottom beam; beams evenly spaced between
    double max_range = 120.0;     ///< m
    double range_sigma = 0.02;    ///< m
    double mount_height = 0.4;    ///< m above base_link (frame lidar_link)
    double sweep_s = 0.1;         ///< one turn (10 Hz)
};

class SpinningLidar {
public:
    /// Point layout: x, y, z, intensity float32, t uint32 (ns since the sweep began), ring uint16,
    /// two padding bytes: 24 bytes a point, little endian.
    static constexpr std::uint32_t kPointStep = 24;

    explicit SpinningLidar(Rng rng, SpinningLidarConfig config = {});

    /// One sweep in frame lidar_link from the chassis pose (stamp left to the caller). Columns run
    /// clockwise seen from above, starting straight ahead, as the sensor turns.
    msgs::PointCloud2 scan(const World &world, const ChassisState &body);
    const SpinningLidarConfig &config() const { return config_; }

private:
    Rng rng_;
    SpinningLidarConfig config_;
    std::vector<double> sin_elevation_, cos_elevation_;  ///< per beam
    std::vector<double> azimuth_;                        ///< per column, rad in the sensor frame
};

}  // namespace robometrics::sim
