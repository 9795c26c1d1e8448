#include "robometrics/sim/OccupancyMap.hpp"

#include <algorithm>
#include <cmath>

#include "robometrics/sim/GridRay.hpp"

namespace robometrics::sim {

OccupancyMap::OccupancyMap(int width, int height, double resolution, double origin_x, double origin_y)
    : width_(width),
      height_(height),
      resolution_(resolution),
      origin_x_(origin_x),
      origin_y_(origin_y),
      cells_(static_cast<std::size_t>(width) * height, Free) {}

void OccupancyMap::cellOf(double x, double y, int &cx, int &cy) const {
    cx = static_cast<int>(std::floor((x - origin_x_) / resolution_));
    cy = static_cast<int>(std::floor((y - origin_y_) / resolution_));
}

OccupancyMap::Cell OccupancyMap::atWorld(double x, double y) const {
    int cx = 0, cy = 0;
    cellOf(x, y, cx, cy);
    return at(cx, cy);
}

void OccupancyMap::fillBox(double x0, double y0, double x1, double y1, Cell value) {
    for (int cy = 0; cy < height_; ++cy) {
        const double y = origin_y_ + (cy + 0.5) * resolution_;
        if (y < y0 || y > y1) continue;
        for (int cx = 0; cx < width_; ++cx) {
            const double x = origin_x_ + (cx + 0.5) * resolution_;
            if (x >= x0 && x <= x1) cells_[index(cx, cy)] = value;
        }
    }
}

void OccupancyMap::fillDisc(double px, double py, double radius, Cell value) {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    cellOf(px - radius, py - radius, x0, y0);
    cellOf(px + radius, py + radius, x1, y1);
    for (int cy = std::max(y0, 0); cy <= std::min(y1, height_ - 1); ++cy) {
        for (int cx = std::max(x0, 0); cx <= std::min(x1, width_ - 1); ++cx) {
            const double dx = origin_x_ + (cx + 0.5) * resolution_ - px;
            const double dy = origin_y_ + (cy + 0.5) * resolution_ - py;
            if (dx * dx + dy * dy <= radius * radius) cells_[index(cx, cy)] = value;
        }
    }
}

double OccupancyMap::castRay(double x, double y, double angle, double max_range) const {
    const double gx = (x - origin_x_) / resolution_, gy = (y - origin_y_) / resolution_;
    double hit = max_range;
    traverseGrid(gx, gy, std::cos(angle), std::sin(angle), max_range / resolution_,
                 [&](int cx, int cy, double travelled) {
                     if (!inside(cx, cy)) return true;
                     if (cells_[index(cx, cy)] != Occupied) return false;
                     hit = std::min(travelled * resolution_, max_range);
                     return true;
                 });
    return hit;
}

double OccupancyMap::clearance(double x, double y, double max_distance) const {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    cellOf(x - max_distance, y - max_distance, x0, y0);
    cellOf(x + max_distance, y + max_distance, x1, y1);
    double best = max_distance * max_distance;
    for (int cy = std::max(y0, 0); cy <= std::min(y1, height_ - 1); ++cy) {
        const double cell_y0 = origin_y_ + cy * resolution_;
        const double ddy = std::max({cell_y0 - y, 0.0, y - (cell_y0 + resolution_)});
        if (ddy * ddy >= best) continue;
        for (int cx = std::max(x0, 0); cx <= std::min(x1, width_ - 1); ++cx) {
            if (cells_[index(cx, cy)] != Occupied) continue;
            const double cell_x0 = origin_x_ + cx * resolution_;
            const double ddx = std::max({cell_x0 - x, 0.0, x - (cell_x0 + resolution_)});
            best = std::min(best, ddx * ddx + ddy * ddy);
        }
    }
    return std::sqrt(best);
}

bool OccupancyMap::discIsFree(double x, double y, double radius) const {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    cellOf(x - radius, y - radius, x0, y0);
    cellOf(x + radius, y + radius, x1, y1);
    for (int cy = y0; cy <= y1; ++cy) {
        for (int cx = x0; cx <= x1; ++cx) {
            if (at(cx, cy) == Free) continue;
            const double cell_x0 = origin_x_ + cx * resolution_, cell_y0 = origin_y_ + cy * resolution_;
            const double ddx = std::max({cell_x0 - x, 0.0, x - (cell_x0 + resolution_)});
            const double ddy = std::max({cell_y0 - y, 0.0, y - (cell_y0 + resolution_)});
            if (ddx * ddx + ddy * ddy < radius * radius) return false;
        }
    }
    return true;
}

msgs::OccupancyGrid gridMessage(int width, int height, double resolution, double origin_x, double origin_y) {
    msgs::OccupancyGrid grid;
    grid.header.frame_id = "map";
    grid.info.resolution = static_cast<float>(resolution);
    grid.info.width = static_cast<std::uint32_t>(width);
    grid.info.height = static_cast<std::uint32_t>(height);
    grid.info.origin.position.x = origin_x;
    grid.info.origin.position.y = origin_y;
    grid.data.resize(static_cast<std::size_t>(width) * height);
    return grid;
}

msgs::OccupancyGrid OccupancyMap::toMessage() const {
    msgs::OccupancyGrid grid = gridMessage(width_, height_, resolution_, origin_x_, origin_y_);
    for (std::size_t i = 0; i < cells_.size(); ++i) {
        grid.data[i] = cells_[i] == Free ? 0 : cells_[i] == Occupied ? 100 : -1;
    }
    return grid;
}

OccupancyMap OccupancyMap::fromMessage(const msgs::OccupancyGrid &grid) {
    OccupancyMap map(static_cast<int>(grid.info.width), static_cast<int>(grid.info.height), grid.info.resolution,
                     grid.info.origin.position.x, grid.info.origin.position.y);
    const std::size_t n = std::min(map.cells_.size(), grid.data.size());
    for (std::size_t i = 0; i < n; ++i) {
        const int v = grid.data[i];
        map.cells_[i] = v < 0 ? Unknown : v > 50 ? Occupied : Free;
    }
    for (std::size_t i = n; i < map.cells_.size(); ++i) map.cells_[i] = Unknown;
    return map;
}

}  // namespace robometrics::sim
