#include "robometrics/slam/WallThickness.hpp"

#include <cmath>

#include "robometrics/slam/DistanceTransform.hpp"
#include "robometrics/slam/Skeleton.hpp"

namespace robometrics::slam {

WallThicknessResult computeWallThickness(const CellGrid &grid, double resolution) {
    WallThicknessResult r;
    const std::vector<std::uint8_t> occupied = occupiedMask(grid);
    for (std::uint8_t v : occupied) r.occupied_cells += v;
    if (r.occupied_cells == 0) return r;
    const std::vector<std::uint8_t> skeleton = zhangSuenSkeleton(occupied, grid.width, grid.height);
    const std::vector<float> distance = distanceToBackground(occupied, grid.width, grid.height);
    double sum = 0;
    for (std::size_t i = 0; i < skeleton.size(); ++i) {
        // A map that is occupied everywhere has no background: its distances are infinite.
        if (!skeleton[i] || !std::isfinite(distance[i])) continue;
        sum += distance[i];
        ++r.skeleton_cells;
    }
    if (r.skeleton_cells == 0) return r;
    r.mean_distance_cells = sum / static_cast<double>(r.skeleton_cells);
    r.raw_m = 2.0 * r.mean_distance_cells * resolution;
    r.corrected_m = (2.0 * r.mean_distance_cells - 1.0) * resolution;
    return r;
}

}  // namespace robometrics::slam
