#pragma once
// Exploration coverage of a ground-truth map by an estimate on the same grid, and the IoU of the
// occupied cells, with the cell counts behind each figure.
//
//   coverage            = |GT free and estimate known| / |GT free|
//   accessible coverage = the same restricted to one 8-connected component of GT free cells:
//                         the component containing `seed` (the robot's start) when given and
//                         free; otherwise, as the original orchestrator, the component that
//                         overlaps most with the estimate's free cells, or the largest one when
//                         none overlaps (ties: first in raster order from the origin row).
//   iou                 = |GT occ and est occ| / |GT occ or est occ| over the whole grid,
//                         unknown counting as not occupied; 0 when the union is empty.

#include <cstddef>
#include <optional>

#include "robometrics/slam/MapGrid.hpp"

namespace robometrics::slam {

struct CoverageResult {
    double coverage = 0;
    std::size_t gt_free_cells = 0;
    std::size_t covered_free_cells = 0;

    double accessible_coverage = 0;
    std::size_t accessible_cells = 0;          ///< size of the chosen component
    std::size_t accessible_covered_cells = 0;  ///< of which the estimate knows
    std::size_t free_components = 0;           ///< number of 8-connected GT free components
    bool seeded = false;                       ///< the component came from the seed cell
};

struct CellIndex {
    std::size_t col = 0;
    std::size_t row = 0;
};

/// `gt` and `estimate` must have the same size.
CoverageResult computeCoverage(const CellGrid &gt, const CellGrid &estimate, std::optional<CellIndex> seed = {});

struct IouResult {
    double iou = 0;
    std::size_t intersection_cells = 0;
    std::size_t union_cells = 0;
    std::size_t gt_occupied_cells = 0;
    std::size_t estimate_occupied_cells = 0;
};

IouResult computeOccupiedIou(const CellGrid &gt, const CellGrid &estimate);

}  // namespace robometrics::slam
