#pragma once
// Wall thickness of an occupancy grid: Zhang-Suen skeleton of the occupied cells (> 50), exact
// Euclidean distance transform of the occupied cells (centre to nearest non-occupied centre),
// sampled on the skeleton; d = the mean of those samples, in cells.
//
//   raw       = 2 d resolution          (the seed's formula)
//   corrected = (2 d - 1) resolution    (exact for straight walls of odd width)
//
// On a straight wall w cells wide the skeleton samples d = ceil(w / 2), so `corrected` gives
// w for odd w and w - 1 for even w (1 cell low), while `raw` gives w + 1 and w.

#include <cstddef>

#include "robometrics/slam/MapGrid.hpp"

namespace robometrics::slam {

struct WallThicknessResult {
    std::size_t occupied_cells = 0;
    std::size_t skeleton_cells = 0;
    double mean_distance_cells = 0;  ///< d; 0 without skeleton
    double raw_m = 0;                ///< 2 d res; 0 without skeleton
    double corrected_m = 0;          ///< (2 d - 1) res; 0 without skeleton
    bool valid() const { return skeleton_cells > 0; }
};

WallThicknessResult computeWallThickness(const CellGrid &grid, double resolution);

}  // namespace robometrics::slam
