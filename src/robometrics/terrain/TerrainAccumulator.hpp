#pragma once
// Persistent terrain from GroundGrid's filtered cloud: ground points (intensity 49) are moved
// into the odom frame and kept in a sliding window, so that cells the sensor no longer sees
// (behind and beside the robot) can still be costed. The window keeps points within
// terrain_radius (horizontal) of the robot and at most terrain_max_points, dropping the oldest.

#include <Eigen/Geometry>
#include <deque>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/terrain/Pose2D.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::terrain {

/// Accumulated points binned into the cells of a robot-centric costmap.
struct TerrainGrid {
    int cells = 0;                ///< per side
    std::vector<int> count;       ///< points per cell, index cy*cells + cx
    std::vector<double> mean_z;   ///< NaN where count is 0
    std::vector<double> var_z;    ///< population variance, NaN where count is 0
};

class TerrainAccumulator {
public:
    explicit TerrainAccumulator(const CostmapConfig &config) : config_(config) {}

    /// Adds the ground points of `cloud` (given in its own frame; `odom_T_cloud` maps them into
    /// odom) and prunes around `robot_xy` (odom). Returns the number of points added.
    Result<std::size_t> addCloud(const msgs::PointCloud2 &cloud, const Eigen::Isometry3d &odom_T_cloud,
                                 const Eigen::Vector2d &robot_xy);

    /// Drops points farther than terrain_radius from `robot_xy`, then the oldest beyond
    /// terrain_max_points.
    void prune(const Eigen::Vector2d &robot_xy);

    std::size_t size() const { return points_.size(); }
    const std::deque<Eigen::Vector3f> &points() const { return points_; }

    /// The accumulated cloud (x, y, z, intensity 49) in the odom frame.
    msgs::PointCloud2 toCloud(const msgs::Header &header) const;

    /// Bins the points into the costmap around `robot` (odom -> robot frame with yaw only).
    void bin(const Pose2D &robot, TerrainGrid &out) const;

private:
    CostmapConfig config_;
    std::deque<Eigen::Vector3f> points_;  ///< odom frame, oldest first
};

}  // namespace robometrics::terrain
