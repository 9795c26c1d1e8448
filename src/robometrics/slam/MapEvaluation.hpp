#pragma once
// Every map metric of one estimate against a ground-truth map: the estimate is brought onto the
// GT grid (MapAlignment), then coverage, accessible coverage, IoU of occupied cells, SSIM (whole
// grid and over the cells the estimate knows) and wall thickness are computed on that grid.

#include <Eigen/Core>
#include <optional>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/slam/Coverage.hpp"
#include "robometrics/slam/MapAlignment.hpp"
#include "robometrics/slam/Ssim.hpp"
#include "robometrics/slam/WallThickness.hpp"

namespace robometrics::slam {

struct MapEvalConfig {
    MapOffset estimate_offset;                      ///< pose of the estimate's frame in the GT frame
    std::optional<Eigen::Vector2d> start_position;  ///< GT-frame x, y seeding accessible coverage
    SsimConfig ssim;
    bool gt_wall_thickness = true;  ///< also measure the GT's walls (a reference for the estimate's)
};

struct MapEvalResult {
    GridGeometry grid;  ///< the GT grid every metric runs on
    std::size_t cells = 0;
    std::size_t gt_known_cells = 0;
    std::size_t estimate_known_cells = 0;  ///< after alignment onto the GT grid
    std::size_t both_known_cells = 0;

    CoverageResult coverage;
    IouResult iou;

    bool ssim_valid = false;     ///< false when the grid is smaller than the SSIM window
    double ssim = 0;             ///< mean SSIM over interior cells the estimate knows
    double ssim_full = 0;        ///< mean SSIM over all interior cells (unknown = free)
    std::size_t ssim_cells = 0;  ///< interior cells
    std::size_t ssim_masked_cells = 0;

    WallThicknessResult estimate_walls;
    WallThicknessResult gt_walls;

    CellGrid gt;                ///< the GT cells
    CellGrid aligned_estimate;  ///< the estimate on the GT grid
};

/// Fails when a grid is malformed (the message names which one).
Result<MapEvalResult> evaluateMaps(const msgs::OccupancyGrid &gt, const msgs::OccupancyGrid &estimate,
                                   const MapEvalConfig &config = {});

/// Occupancy 0..100 as SSIM levels (scale 100): clip(v / 100, 0, 1) * 100, unknown -> 0.
std::vector<std::uint8_t> ssimLevels(const CellGrid &grid);

}  // namespace robometrics::slam
