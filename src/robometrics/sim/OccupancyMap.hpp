#pragma once
// The true 2-D world: a grid of cells that are free, occupied or unknown, with map_server
// geometry (row 0 at the origin, x fastest). Ray casting and clearance queries run on it.

#include <cstdint>
#include <vector>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::sim {

/// An OccupancyGrid in frame "map" with this geometry and `width * height` cells of data (zero).
msgs::OccupancyGrid gridMessage(int width, int height, double resolution, double origin_x, double origin_y);

class OccupancyMap {
public:
    enum Cell : std::uint8_t { Free = 0, Occupied = 1, Unknown = 2 };

    OccupancyMap() = default;
    OccupancyMap(int width, int height, double resolution, double origin_x, double origin_y);

    int width() const { return width_; }
    int height() const { return height_; }
    double resolution() const { return resolution_; }
    double originX() const { return origin_x_; }
    double originY() const { return origin_y_; }

    bool inside(int cx, int cy) const { return cx >= 0 && cy >= 0 && cx < width_ && cy < height_; }
    Cell at(int cx, int cy) const { return inside(cx, cy) ? cells_[index(cx, cy)] : Unknown; }
    void set(int cx, int cy, Cell value) {
        if (inside(cx, cy)) cells_[index(cx, cy)] = value;
    }
    /// The cell containing world point (x, y) (floor, so points left of the origin are outside).
    void cellOf(double x, double y, int &cx, int &cy) const;
    Cell atWorld(double x, double y) const;

    /// Marks every cell whose centre lies in the axis-aligned box / the disc.
    void fillBox(double x0, double y0, double x1, double y1, Cell value);
    void fillDisc(double cx, double cy, double radius, Cell value);

    /// Distance from (x, y) along `angle` to the first occupied cell (its boundary), or
    /// `max_range` when nothing is hit within it. Exact grid traversal (Amanatides-Woo).
    double castRay(double x, double y, double angle, double max_range) const;
    /// Distance from (x, y) to the nearest point of an occupied cell, searched within
    /// `max_distance`; returns `max_distance` when none is that close.
    double clearance(double x, double y, double max_distance) const;
    /// True when a disc of `radius` at (x, y) touches no occupied or unknown cell.
    bool discIsFree(double x, double y, double radius) const;

    /// As nav_msgs/OccupancyGrid in frame "map": 0 free, 100 occupied, -1 unknown.
    msgs::OccupancyGrid toMessage() const;
    /// From an OccupancyGrid: > 50 occupied, 0..50 free, -1 unknown (origin yaw is ignored).
    static OccupancyMap fromMessage(const msgs::OccupancyGrid &grid);

private:
    std::size_t index(int cx, int cy) const { return static_cast<std::size_t>(cy) * width_ + cx; }

    int width_ = 0;
    int height_ = 0;
    double resolution_ = 0.05;
    double origin_x_ = 0;
    double origin_y_ = 0;
    std::vector<Cell> cells_;
};

}  // namespace robometrics::sim
