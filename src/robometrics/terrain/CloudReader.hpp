#pragma once
// Reads x, y, z and intensity out of a sensor_msgs/PointCloud2 whatever its field offsets,
// float32 or float64 fields, and byte order; every access is bounds-checked first.

#include <Eigen/Core>
#include <functional>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::terrain {

/// Calls `fn(point, intensity)` for every point of `cloud`. Fails, naming the field or size,
/// when x, y, z or intensity is missing or not float32/float64, or the data is shorter than
/// width*height points.
Status forEachPoint(const msgs::PointCloud2 &cloud, const std::function<void(const Eigen::Vector3f &, float)> &fn);

/// An x, y, z, intensity float32 cloud (little endian, dense) from packed points.
msgs::PointCloud2 makeCloud(const std::vector<Eigen::Vector4f> &xyzi, const msgs::Header &header);

}  // namespace robometrics::terrain
