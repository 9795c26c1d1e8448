#pragma once
// The robot-centric traversability costmap of the terrain_costmap seed, with the original's
// defects fixed (docs/costmap.md): every costmap cell centre is rotated with the robot's yaw and
// looked up in the FULL GridMap (no axis-aligned submap, so no lost corners and no zero-slope
// ring), NaN layer values count as unknown, rounding is explicit, cells the sensor never saw
// are -1, and cells outside the GridMap can be costed from the accumulated terrain.

#include <cstdint>
#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/terrain/CellBatch.hpp"
#include "robometrics/terrain/CostModel.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/terrain/GridMap.hpp"
#include "robometrics/terrain/ObservationMemory.hpp"
#include "robometrics/terrain/Pose2D.hpp"
#include "robometrics/terrain/TerrainAccumulator.hpp"

namespace robometrics::terrain {

class CostmapGenerator {
public:
    explicit CostmapGenerator(const CostmapConfig &config);

    const CostmapConfig &config() const { return config_; }

    /// Builds the costmap for `map` with the robot at `robot` (odom): updates the observation
    /// memory, then fills `out` (frame robot_frame, stamp = map stamp, row-major from the
    /// bottom-left corner at (-size/2, -size/2)). With `terrain`, cells left -1 are costed from
    /// the accumulated points (fill_from_terrain). Inflation is applied last when configured.
    void generate(const GridMap &map, const Pose2D &robot, msgs::OccupancyGrid &out,
                  const TerrainGrid *terrain = nullptr);

    /// Costs the -1 cells of `out` from accumulated points: roughness from their height variance,
    /// slope from the mean heights of the neighbouring cells at the costmap resolution.
    void fillFromTerrain(const TerrainGrid &terrain, msgs::OccupancyGrid &out) const;

    /// Nav2-style inflation of lethal cells (see docs/costmap.md); unknown cells stay unknown.
    void inflate(msgs::OccupancyGrid &out) const;

    void resetMemory() { memory_.reset(); }

private:
    /// The layers a cell's cost reads, as raw column-major storage (element (i, j) at
    /// i + j * rows, as Eigen stores them), looked up once per map rather than once per cell.
    /// A missing layer is nullptr and contributes 0, as in the original.
    struct Layers {
        const float *points;
        const float *ground;
        const float *variance;
        const float *patch;
        int rows;
        int cols;
        double resolution;
    };
    static Layers layersOf(const GridMap &map);
    /// Puts the layer values that GridMap cell `cell` (i + j * rows, GridMap::cells) reads for
    /// its cost into `batch` at `m`.
    void gather(const Layers &layers, int cell, CellBatch &batch, std::size_t m) const;

    CostmapConfig config_;
    CostModel model_;
    ObservationMemory memory_;
    // The column terms of every costmap cell centre's odom position (x, y), computed once a
    // frame and kept to avoid an allocation a frame.
    std::vector<double> column_x_, column_y_;
    std::vector<double> point_x_, point_y_;  ///< one row's cell centres in odom
    std::vector<int> cell_;                  ///< their GridMap cells (GridMap::cells)
    /// Cells of a block of costmap rows costed together (see generate()).
    static constexpr std::size_t kBlockCells = 4096;
    CellBatch batch_;                       ///< the block's GridMap cells, each once
    std::vector<std::size_t> batch_cells_;  ///< the GridMap cell (i + j rows) of each batch entry
    std::vector<int> slot_of_;              ///< per GridMap cell: its batch entry, -1 when none
    /// Per costmap cell of the block: the batch entry of its GridMap cell, -1 when unknown (an
    /// array the block's cells index, not a list of (cell, entry) pairs appended cell by cell).
    std::vector<int> cell_slots_;
};

}  // namespace robometrics::terrain
