#pragma once
// A 2-D laser scanner ray-cast in the true map: 360 beams over a full turn, Gaussian range
// noise, +inf where nothing is hit within the maximum range (REP 117).

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/OccupancyMap.hpp"
#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

struct LidarConfig {
    int beams = 360;
    double range_min = 0.05;    ///< m
    double range_max = 12.0;    ///< m
    double range_sigma = 0.01;  ///< m
    double scan_time = 0.1;     ///< s (10 Hz)
};

class Lidar {
public:
    Lidar(Rng rng, LidarConfig config) : rng_(rng), config_(config) {}

    /// One scan from the laser at `pose` (frame "laser", stamp left to the caller).
    msgs::LaserScan scan(const OccupancyMap &map, const Pose2 &pose);
    const LidarConfig &config() const { return config_; }

private:
    Rng rng_;
    LidarConfig config_;
};

}  // namespace robometrics::sim
