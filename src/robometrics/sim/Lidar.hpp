#pragma once
// A 2-D laser scanner ray-cast in the true map: beams over a full turn, Gaussian range noise,
// and a value for "no return" where nothing is hit within the maximum range: +inf as REP 117
// asks, or 0.0 as the TurtleBot3's LDS-01 driver writes it.

#include <limits>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/OccupancyMap.hpp"
#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

struct LidarConfig {
    int beams = 360;
    double range_min = 0.05;         ///< m
    double range_max = 12.0;         ///< m
    double range_sigma = 0.01;       ///< m
    double scan_time = 0.1;          ///< s (10 Hz)
    double angle_min = -kPi;         ///< rad, first beam (the LDS-01 starts at 0)
    double field_of_view = 2 * kPi;  ///< rad covered by the beams (an AMR's safety scanner: 270 degrees)
    const char *frame_id = "laser";
    float no_return = std::numeric_limits<float>::infinity();
};

class Lidar {
public:
    Lidar(Rng rng, LidarConfig config) : rng_(rng), config_(config) {}

    /// One scan from the laser at `pose` (stamp left to the caller).
    msgs::LaserScan scan(const OccupancyMap &map, const Pose2 &pose);
    const LidarConfig &config() const { return config_; }

private:
    Rng rng_;
    LidarConfig config_;
};

}  // namespace robometrics::sim
