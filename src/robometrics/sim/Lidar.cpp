#include "robometrics/sim/Lidar.hpp"

#include <algorithm>
#include <limits>

namespace robometrics::sim {

msgs::LaserScan Lidar::scan(const OccupancyMap &map, const Pose2 &pose) {
    msgs::LaserScan scan;
    scan.header.frame_id = config_.frame_id;
    const double increment = config_.field_of_view / config_.beams;
    scan.angle_min = static_cast<float>(config_.angle_min);
    scan.angle_max = static_cast<float>(config_.angle_min + (config_.beams - 1) * increment);
    scan.angle_increment = static_cast<float>(increment);
    scan.scan_time = static_cast<float>(config_.scan_time);
    scan.time_increment = static_cast<float>(config_.scan_time / config_.beams);
    scan.range_min = static_cast<float>(config_.range_min);
    scan.range_max = static_cast<float>(config_.range_max);
    scan.ranges.resize(static_cast<std::size_t>(config_.beams));
    for (int i = 0; i < config_.beams; ++i) {
        const double angle = pose.yaw + config_.angle_min + i * increment;
        const double hit = map.castRay(pose.x, pose.y, angle, config_.range_max);
        float range = config_.no_return;
        if (hit < config_.range_max) {
            range = static_cast<float>(std::max(hit + rng_.normal(0, config_.range_sigma), config_.range_min));
        }
        scan.ranges[static_cast<std::size_t>(i)] = range;
    }
    return scan;
}

}  // namespace robometrics::sim
