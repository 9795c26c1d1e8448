#include "robometrics/terrain/TerrainAccumulator.hpp"

#include <algorithm>
#include <cmath>

#include "robometrics/terrain/CloudReader.hpp"

namespace robometrics::terrain {

Result<std::size_t> TerrainAccumulator::addCloud(const msgs::PointCloud2 &cloud, const Eigen::Isometry3d &odom_T_cloud,
                                                 const Eigen::Vector2d &robot_xy) {
    const Eigen::Isometry3f tf = odom_T_cloud.cast<float>();
    std::size_t added = 0;
    const auto intensity = static_cast<float>(config_.ground_intensity);
    const auto tolerance = static_cast<float>(config_.ground_intensity_tolerance);
    Status status = forEachPoint(cloud, [&](const Eigen::Vector3f &p, float i) {
        if (!(std::fabs(i - intensity) <= tolerance) || !p.allFinite()) return;
        points_.push_back(tf * p);
        ++added;
    });
    if (!status.ok()) return status.error();
    prune(robot_xy);
    return added;
}

void TerrainAccumulator::prune(const Eigen::Vector2d &robot_xy) {
    // In place and in order (the oldest stay first): rebuilding the deque for every cloud was a
    // third of the costmap command's time.
    const double r2 = config_.terrain_radius * config_.terrain_radius;
    const auto far = [&](const Eigen::Vector3f &p) {
        const double dx = p.x() - robot_xy.x();
        const double dy = p.y() - robot_xy.y();
        return !(dx * dx + dy * dy <= r2);
    };
    points_.erase(std::remove_if(points_.begin(), points_.end(), far), points_.end());
    const auto max_points = static_cast<std::size_t>(config_.terrain_max_points);
    if (points_.size() > max_points) {
        points_.erase(points_.begin(), points_.begin() + static_cast<std::ptrdiff_t>(points_.size() - max_points));
    }
}

msgs::PointCloud2 TerrainAccumulator::toCloud(const msgs::Header &header) const {
    std::vector<Eigen::Vector4f> xyzi;
    xyzi.reserve(points_.size());
    const auto intensity = static_cast<float>(config_.ground_intensity);
    for (const auto &p : points_) xyzi.emplace_back(p.x(), p.y(), p.z(), intensity);
    return makeCloud(xyzi, header);
}

void TerrainAccumulator::bin(const Pose2D &robot, TerrainGrid &out) const {
    const int n = config_.cellsPerSide();
    const double res = config_.costmap_resolution;
    const double half = 0.5 * n * res;
    const std::size_t cells = static_cast<std::size_t>(n) * n;
    out.cells = n;
    out.count.assign(cells, 0);
    std::vector<double> sum(cells, 0.0);
    std::vector<double> sum2(cells, 0.0);
    const double c = std::cos(robot.yaw);
    const double s = std::sin(robot.yaw);
    for (const auto &p : points_) {
        const double dx = p.x() - robot.x;
        const double dy = p.y() - robot.y;
        // odom -> robot frame: rotate by -yaw.
        const double rx = c * dx + s * dy;
        const double ry = -s * dx + c * dy;
        const double fx = std::floor((rx + half) / res);
        const double fy = std::floor((ry + half) / res);
        if (!(fx >= 0 && fx < n && fy >= 0 && fy < n)) continue;
        const std::size_t k = static_cast<std::size_t>(fy) * n + static_cast<std::size_t>(fx);
        ++out.count[k];
        sum[k] += p.z();
        sum2[k] += static_cast<double>(p.z()) * p.z();
    }
    out.mean_z.assign(cells, std::nan(""));
    out.var_z.assign(cells, std::nan(""));
    for (std::size_t k = 0; k < cells; ++k) {
        if (out.count[k] == 0) continue;
        const double m = sum[k] / out.count[k];
        out.mean_z[k] = m;
        out.var_z[k] = std::max(0.0, sum2[k] / out.count[k] - m * m);
    }
}

}  // namespace robometrics::terrain
