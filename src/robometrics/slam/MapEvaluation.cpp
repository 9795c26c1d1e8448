#include "robometrics/slam/MapEvaluation.hpp"

#include <future>

namespace robometrics::slam {

std::vector<std::uint8_t> ssimLevels(const CellGrid &grid) {
    std::vector<std::uint8_t> levels(grid.size());
    for (std::size_t i = 0; i < grid.size(); ++i) {
        const int v = grid.cells[i];
        levels[i] = static_cast<std::uint8_t>(v < 0 ? 0 : (v > 100 ? 100 : v));
    }
    return levels;
}

Result<MapEvalResult> evaluateMaps(const msgs::OccupancyGrid &gt, const msgs::OccupancyGrid &estimate,
                                   const MapEvalConfig &config) {
    ROBOMETRICS_TRY(validateGrid(gt, "ground-truth map"));
    ROBOMETRICS_TRY(validateGrid(estimate, "estimated map"));
    MapEvalResult r;
    r.grid = GridGeometry::fromInfo(gt.info);
    r.gt = toCellGrid(gt);
    r.aligned_estimate = alignToGrid(estimate, r.grid, config.estimate_offset);
    const CellGrid &g = r.gt, &e = r.aligned_estimate;
    r.cells = g.size();
    // Wall thickness (skeleton + distance transform) is the costliest step on large maps and
    // independent of the other metrics: measure both maps' walls on other threads meanwhile.
    auto walls_of = [resolution = r.grid.resolution](const CellGrid &grid) {
        return std::async(std::launch::async, [&grid, resolution] { return computeWallThickness(grid, resolution); });
    };
    std::future<WallThicknessResult> estimate_walls = walls_of(e);
    std::future<WallThicknessResult> gt_walls;
    if (config.gt_wall_thickness) gt_walls = walls_of(g);
    std::vector<std::uint8_t> est_known(r.cells);
    for (std::size_t i = 0; i < r.cells; ++i) {
        const bool gk = isKnown(g.cells[i]), ek = isKnown(e.cells[i]);
        r.gt_known_cells += gk;
        r.estimate_known_cells += ek;
        r.both_known_cells += gk && ek;
        est_known[i] = ek;
    }

    std::optional<CellIndex> seed;
    if (config.start_position) {
        CellIndex c;
        if (r.grid.cellAt(config.start_position->x(), config.start_position->y(), c.col, c.row)) seed = c;
    }
    r.coverage = computeCoverage(g, e, seed);
    r.iou = computeOccupiedIou(g, e);

    const SsimStats stats = computeSsim(ssimLevels(g), ssimLevels(e), g.width, g.height, 100, &est_known, config.ssim);
    r.ssim_valid = stats.cells > 0;
    r.ssim_cells = stats.cells;
    r.ssim_masked_cells = stats.masked_cells;
    r.ssim = stats.masked_mean;
    // The original orchestrator reports 0 when no cell is known in both maps.
    r.ssim_full = r.both_known_cells == 0 ? 0.0 : stats.mean;

    r.estimate_walls = estimate_walls.get();
    if (gt_walls.valid()) r.gt_walls = gt_walls.get();
    return r;
}

}  // namespace robometrics::slam
