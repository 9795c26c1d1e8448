#pragma once
// Clearance of the robot's footprint from one 3-D range cloud (sensor_msgs/PointCloud2), the
// way Nav2's obstacle layer marks a cloud: every return whose height above the base frame is
// within [min_obstacle_height, max_obstacle_height] is an obstacle, and the clearance is the
// distance in the base frame's x-y plane from the nearest such point to the footprint (the
// polygon `footprint`, or the circle of `robot_radius` when it is empty), 0 for a point inside.
//
// The cloud's layout is read from its fields: x, y, z must be FLOAT32, at any offset within
// point_step; other fields (intensity, ring, time, ...) are skipped; organized clouds (height > 1,
// rows of row_step bytes, padding allowed) and unorganized ones give the same result; big-endian
// clouds are byte-swapped. A point with a NaN or infinite coordinate, or exactly (0, 0, 0), is
// no return (Velodyne, Ouster and Livox drivers write one of these) and is ignored.
// Pure: no I/O; a malformed layout is an error naming the field or size that is wrong.

#include <Eigen/Geometry>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Params.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::traversal {

/// A box in the base frame, both ends of each axis inclusive (a crop box: pcl's CropBox,
/// Autoware's crop_box_filter and laser_filters' box filter name its bounds min_x .. max_z).
struct CropBox {
    double min_x = 0, max_x = 0, min_y = 0, max_y = 0, min_z = 0, max_z = 0;
    bool contains(double x, double y, double z) const {
        return x >= min_x && x <= max_x && y >= min_y && y <= max_y && z >= min_z && z <= max_z;
    }
    bool operator==(const CropBox &) const = default;
};

/// The robot's outline and the obstacle height band, with the names of Nav2's costmap parameters.
struct CloudFootprint {
    /// Vertices (x, y) in the base frame, m, in order; empty: the circle of robot_radius.
    std::vector<std::array<double, 2>> footprint;
    double robot_radius = 0.1;         ///< m, Nav2's default
    double min_obstacle_height = 0.1;  ///< m above the base frame (Nav2: 0.0; see docs/evaluate.md)
    double max_obstacle_height = 2.0;  ///< m above the base frame, Nav2's default
    /// The self-filter: returns inside this box (the robot's own body, mast, arm) are not
    /// obstacles; none (the default): every return counts.
    std::optional<CropBox> self_filter;

    /// Reads `footprint` (Nav2's string "[[x, y], [x, y], ...]"), `robot_radius`,
    /// `min_obstacle_height`, `max_obstacle_height` and the self-filter box `self_filter.min_x` ..
    /// `self_filter.max_z` (off while all six are 0); fails naming the parameter.
    static Result<CloudFootprint> fromParams(const Params &params);
    Status validate() const;
    /// "circle of radius 0.10 m" or "polygon of 4 vertices", for the outputs.
    std::string describe() const;
};

/// Nav2's footprint string ("[[0.5, 0.3], [0.5, -0.3], [-0.5, -0.3]]", or "[]" for none).
Result<std::vector<std::array<double, 2>>> parseFootprint(const std::string &text);

struct CloudClearance {
    std::uint64_t points = 0;   ///< width * height
    std::uint64_t returns = 0;  ///< points with a return (finite, not the origin)
    std::uint64_t in_band = 0;  ///< returns within the height band
    std::uint64_t self = 0;     ///< returns inside the self-filter box (not obstacles)
    /// m; none when no return is within the band (the cloud says nothing of the robot's surroundings).
    std::optional<double> clearance;
    Eigen::Vector3d nearest{0, 0, 0};  ///< the nearest in-band point, in the base frame
};

/// Where x, y and z are in each point of `cloud`, checked against its sizes.
struct CloudLayout {
    std::uint32_t x = 0, y = 0, z = 0;  ///< byte offsets within a point
    bool swap = false;                  ///< the cloud's byte order is not the host's
};
Result<CloudLayout> cloudLayout(const msgs::PointCloud2 &cloud);

/// The clearance of `shape` from `cloud`, whose points `base_T_sensor` maps into the base frame.
Result<CloudClearance> cloudClearance(const msgs::PointCloud2 &cloud, const Eigen::Isometry3d &base_T_sensor,
                                      const CloudFootprint &shape);

}  // namespace robometrics::traversal
