#pragma once
// Brings an estimated occupancy grid onto the ground-truth grid through the two map origins.
// Each ground-truth cell takes the estimate cell that contains its centre (nearest neighbour),
// after mapping the centre through the GT origin (position and yaw), the known offset of the
// estimate's frame, and the estimate's origin. Equal resolutions and axis-aligned origins that
// differ by whole cells give an exact copy; different resolutions resample; a yaw rotates.
// (The original orchestrator pushed estimate cell centres into GT cells, without rotation or
// resampling, which leaves holes when the estimate is coarser.)

#include <Eigen/Geometry>
#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/slam/MapGrid.hpp"

namespace robometrics::slam {

/// The yaw (rad) of a quaternion: its rotation about z (roll and pitch ignored).
double quaternionYaw(const msgs::Quaternion &q);

/// Pose of the estimate's map frame in the ground-truth map frame (metres, radians).
struct MapOffset {
    double x = 0;
    double y = 0;
    double yaw = 0;
};

/// Where a grid lies in its frame: cell (col, row) covers origin + R(yaw) * [col, col+1) x [row, row+1) * resolution.
struct GridGeometry {
    double resolution = 0;
    std::size_t width = 0;
    std::size_t height = 0;
    double origin_x = 0;
    double origin_y = 0;
    double origin_yaw = 0;

    static GridGeometry fromInfo(const msgs::MapMetaData &info);
    /// World coordinates of the centre of cell (col, row).
    void cellCentre(double col, double row, double &x, double &y) const;
    /// The cell containing world point (x, y); false when outside the grid.
    bool cellAt(double x, double y, std::size_t &col, std::size_t &row) const;
};

/// Checks that a grid message is usable (positive finite resolution, data size = width x height);
/// `what` names the grid in the message.
Status validateGrid(const msgs::OccupancyGrid &grid, const std::string &what);

/// The grid message's cells as a CellGrid (a copy).
CellGrid toCellGrid(const msgs::OccupancyGrid &grid);

/// The estimate resampled onto `target`; cells no estimate cell covers are -1.
CellGrid alignToGrid(const msgs::OccupancyGrid &estimate, const GridGeometry &target, const MapOffset &offset = {});

}  // namespace robometrics::slam
