#include "robometrics/sim/SlamMapper.hpp"

#include <algorithm>
#include <cmath>

#include "robometrics/sim/GridRay.hpp"

namespace robometrics::sim {

SlamMapper::SlamMapper(const OccupancyMap &geometry, SlamMapperConfig config)
    : width_(geometry.width()),
      height_(geometry.height()),
      resolution_(geometry.resolution()),
      origin_x_(geometry.originX()),
      origin_y_(geometry.originY()),
      config_(config),
      log_odds_(static_cast<std::size_t>(width_) * height_, 0.0f) {}

void SlamMapper::add(int cx, int cy, double delta) {
    float &l = log_odds_[static_cast<std::size_t>(cy) * width_ + cx];
    l = static_cast<float>(std::clamp(l + delta, -config_.clamp, config_.clamp));
}

void SlamMapper::insert(const msgs::LaserScan &scan, const Pose2 &pose) {
    const double gx = (pose.x - origin_x_) / resolution_, gy = (pose.y - origin_y_) / resolution_;
    for (std::size_t i = 0; i < scan.ranges.size(); i += static_cast<std::size_t>(config_.beam_step)) {
        const double range = scan.ranges[i];
        const bool hit = std::isfinite(range) && range >= scan.range_min && range < scan.range_max;
        const double length = hit ? range : static_cast<double>(scan.range_max);
        const double angle = pose.yaw + scan.angle_min + static_cast<double>(i) * scan.angle_increment;
        const double dx = std::cos(angle), dy = std::sin(angle);
        const double cells = length / resolution_;
        const int end_x = static_cast<int>(std::floor(gx + dx * cells));
        const int end_y = static_cast<int>(std::floor(gy + dy * cells));
        traverseGrid(gx, gy, dx, dy, cells, [&](int cx, int cy, double) {
            if (cx < 0 || cy < 0 || cx >= width_ || cy >= height_) return true;
            if (hit && cx == end_x && cy == end_y) return true;
            add(cx, cy, config_.miss);
            return false;
        });
        if (hit && end_x >= 0 && end_y >= 0 && end_x < width_ && end_y < height_) add(end_x, end_y, config_.hit);
    }
}

msgs::OccupancyGrid SlamMapper::message() const {
    msgs::OccupancyGrid grid = gridMessage(width_, height_, resolution_, origin_x_, origin_y_);
    for (std::size_t i = 0; i < log_odds_.size(); ++i) {
        const float l = log_odds_[i];
        grid.data[i] = l > config_.occupied_at ? 100 : l < config_.free_at ? 0 : -1;
    }
    return grid;
}

}  // namespace robometrics::sim
