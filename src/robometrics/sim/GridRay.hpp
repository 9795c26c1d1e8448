#pragma once
// Exact traversal of the grid cells a ray crosses (Amanatides & Woo), shared by the ray-cast
// lidar on the true map and by the SLAM-like mapper that clears cells along each beam.

#include <cmath>
#include <limits>

namespace robometrics::sim {

/// Visits the cells crossed by the ray from grid coordinates (gx, gy) (in cells, origin at the
/// grid corner) along (dx, dy) (unit vector) up to `max_cells` cells of length. `visit(cx, cy,
/// distance_in_cells_at_entry)` returns true to stop. Returns true when `visit` stopped it.
template <class Visit>
bool traverseGrid(double gx, double gy, double dx, double dy, double max_cells, Visit &&visit) {
    int cx = static_cast<int>(std::floor(gx)), cy = static_cast<int>(std::floor(gy));
    const int step_x = dx > 0 ? 1 : -1, step_y = dy > 0 ? 1 : -1;
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const double delta_x = dx != 0 ? std::abs(1.0 / dx) : kInf;
    const double delta_y = dy != 0 ? std::abs(1.0 / dy) : kInf;
    double next_x = dx != 0 ? (dx > 0 ? (cx + 1 - gx) : (gx - cx)) * delta_x : kInf;
    double next_y = dy != 0 ? (dy > 0 ? (cy + 1 - gy) : (gy - cy)) * delta_y : kInf;
    double travelled = 0;
    while (travelled <= max_cells) {
        if (visit(cx, cy, travelled)) return true;
        if (next_x < next_y) {
            travelled = next_x;
            next_x += delta_x;
            cx += step_x;
        } else {
            travelled = next_y;
            next_y += delta_y;
            cy += step_y;
        }
    }
    return false;
}

}  // namespace robometrics::sim
