#pragma once
// The robot-centric traversability costmap of the terrain_costmap seed, with the original's
// defects fixed (docs/costmap.md): every costmap cell centre is rotated with the robot's yaw and
// looked up in the FULL GridMap (no axis-aligned submap, so no lost corners and no zero-slope
// ring), NaN layer values count as unknown, rounding is explicit, cells the sensor never saw
// are -1, and cells outside the GridMap can be costed from the accumulated terrain.

#include <cstdint>

#include "robometrics/msgs/Messages.hpp"
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

    /// The factors of GridMap cell (i, j); false when the cell carries no usable data at all.
    /// Missing layers contribute 0 (as in the original); NaN values and a slope that cannot be
    /// computed set the unknown factor to 1; groundpatch < confidence_threshold sets it to 1.
    CostFactors factors(const GridMap &map, int i, int j) const;

    /// The OccupancyGrid value of GridMap cell (i, j), given whether it was ever observed.
    std::int8_t cellValue(const GridMap &map, int i, int j, bool observed) const;

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
    /// The layers a cell's cost reads, looked up once per map rather than once per cell.
    struct Layers {
        const GridMap::Matrix *points;
        const GridMap::Matrix *ground;
        const GridMap::Matrix *variance;
        const GridMap::Matrix *patch;
        double resolution;
    };
    static Layers layersOf(const GridMap &map);
    CostFactors factors(const Layers &layers, int i, int j) const;

    CostmapConfig config_;
    CostModel model_;
    ObservationMemory memory_;
};

}  // namespace robometrics::terrain
