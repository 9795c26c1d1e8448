#pragma once
// A plain occupancy grid as the map metrics see it: `cells` row-major from the origin row
// (nav_msgs/OccupancyGrid layout), -1 (any negative) unknown, 0..100 occupancy. The value
// conventions live here, in one place: known = 0..100, occupied = > 50 (strict, as the original
// orchestrator), free = known and not occupied.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace robometrics::slam {

constexpr int kOccupiedAbove = 50;

inline bool isKnown(std::int8_t v) { return v >= 0 && v <= 100; }
inline bool isOccupied(std::int8_t v) { return v > kOccupiedAbove && v <= 100; }
inline bool isFree(std::int8_t v) { return v >= 0 && v <= kOccupiedAbove; }

struct CellGrid {
    std::size_t width = 0;
    std::size_t height = 0;
    std::vector<std::int8_t> cells;

    CellGrid() = default;
    CellGrid(std::size_t w, std::size_t h, std::int8_t fill = -1) : width(w), height(h), cells(w * h, fill) {}
    std::size_t size() const { return cells.size(); }
    std::int8_t at(std::size_t col, std::size_t row) const { return cells[row * width + col]; }
    std::int8_t &at(std::size_t col, std::size_t row) { return cells[row * width + col]; }
};

/// 1 where `grid` is occupied (> 50), else 0.
std::vector<std::uint8_t> occupiedMask(const CellGrid &grid);

}  // namespace robometrics::slam
