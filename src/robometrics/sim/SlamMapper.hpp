#pragma once
// A SLAM-like occupancy map: each scan is inserted with log-odds updates (cells crossed by a
// beam become freer, the end cell more occupied) at the pose the robot believes it has, so a
// drifting or lost estimate smears and ghosts the walls as real SLAM does. Same geometry as the
// true map, so the evaluation can compare them cell by cell.

#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/sim/OccupancyMap.hpp"
#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

struct SlamMapperConfig {
    double hit = 0.85;   ///< log-odds added at a beam's end
    double miss = -0.4;  ///< log-odds added along a beam
    double clamp = 4.0;
    double occupied_at = 0.6;  ///< log-odds above which a cell is published as 100
    double free_at = -0.35;    ///< log-odds below which a cell is published as 0
    int beam_step = 2;         ///< use every n-th beam
};

class SlamMapper {
public:
    SlamMapper(const OccupancyMap &geometry, SlamMapperConfig config = {});

    void insert(const msgs::LaserScan &scan, const Pose2 &pose);
    /// The current map in frame "map": 100 occupied, 0 free, -1 unknown.
    msgs::OccupancyGrid message() const;

private:
    void add(int cx, int cy, double delta);

    int width_, height_;
    double resolution_, origin_x_, origin_y_;
    SlamMapperConfig config_;
    std::vector<float> log_odds_;
};

}  // namespace robometrics::sim
