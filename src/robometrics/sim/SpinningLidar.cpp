#include "robometrics/sim/SpinningLidar.hpp"

#include <cmath>
#include <limits>

#include "robometrics/sim/ByteOrder.hpp"
#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

namespace {

// Reflectivity as the driver reports it: ground darker than walls, with speckle.
constexpr float kGroundIntensity = 20, kWallIntensity = 90;

msgs::PointCloud2 emptyCloud(const SpinningLidarConfig &config) {
    msgs::PointCloud2 cloud;
    cloud.header.frame_id = "lidar_link";
    cloud.height = static_cast<std::uint32_t>(config.beams);
    cloud.width = static_cast<std::uint32_t>(config.columns);
    using F = msgs::PointField;
    cloud.fields = {{"x", 0, F::FLOAT32, 1},          {"y", 4, F::FLOAT32, 1}, {"z", 8, F::FLOAT32, 1},
                    {"intensity", 12, F::FLOAT32, 1}, {"t", 16, F::UINT32, 1}, {"ring", 20, F::UINT16, 1}};
    cloud.is_bigendian = false;
    cloud.point_step = SpinningLidar::kPointStep;
    cloud.row_step = cloud.point_step * cloud.width;
    cloud.data.assign(static_cast<std::size_t>(cloud.row_step) * cloud.height, 0);
    cloud.is_dense = false;
    return cloud;
}

}  // namespace

SpinningLidar::SpinningLidar(Rng rng, SpinningLidarConfig config) : rng_(rng), config_(config) {
    for (int b = 0; b < config_.beams; ++b) {
        const double f = config_.beams > 1 ? static_cast<double>(b) / (config_.beams - 1) : 0.0;
        const double e = (config_.fov_up_deg + f * (config_.fov_down_deg - config_.fov_up_deg)) * kPi / 180.0;
        sin_elevation_.push_back(std::sin(e));
        cos_elevation_.push_back(std::cos(e));
    }
    for (int c = 0; c < config_.columns; ++c) azimuth_.push_back(-2 * kPi * c / config_.columns);
}

msgs::PointCloud2 SpinningLidar::scan(const World &world, const ChassisState &body) {
    msgs::PointCloud2 cloud = emptyCloud(config_);
    const Eigen::Vector3d origin = body.position + body.orientation * Eigen::Vector3d(0, 0, config_.mount_height);
    // The ground is the plane the robot stands on: `height` below the sensor, level in its frame.
    const double height = std::max(0.05, origin.z() - world.terrain.height(origin.x(), origin.y()));
    const double wall_top = world.obstacle_height - height;  // top of a wall above the sensor
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::size_t columns = azimuth_.size();
    for (std::size_t c = 0; c < columns; ++c) {
        const double a = azimuth_[c];
        const double wall = world.map.castRay(origin.x(), origin.y(), body.yaw + a, config_.max_range);
        const bool has_wall = wall < config_.max_range;
        const double ca = std::cos(a), sa = std::sin(a);
        const auto t_ns = static_cast<std::uint32_t>(std::llround(config_.sweep_s * 1e9 * c / columns));
        for (std::size_t b = 0; b < sin_elevation_.size(); ++b) {
            const double se = sin_elevation_[b], ce = cos_elevation_[b];
            double range = -1;
            float intensity = 0;
            // Slant range to the wall at its horizontal distance, if the beam is below its top
            // there (it starts at the ground, so a beam reaching it that low hits it).
            if (has_wall && wall * se <= wall_top * ce && (se >= 0 || wall * -se <= height * ce)) {
                range = wall / ce;
                intensity = kWallIntensity + static_cast<float>(rng_.next() & 63);
            } else if (se < 0 && height / -se <= config_.max_range) {
                range = height / -se;
                intensity = kGroundIntensity + static_cast<float>(rng_.next() & 31);
            }
            std::uint8_t *p = cloud.data.data() + (b * columns + c) * kPointStep;
            if (range > 0) {
                range += rng_.normal(0, config_.range_sigma);
                putLittleEndian(p, static_cast<float>(range * ce * ca));
                putLittleEndian(p + 4, static_cast<float>(range * ce * sa));
                putLittleEndian(p + 8, static_cast<float>(range * se));
            } else {
                putLittleEndian(p, nan);
                putLittleEndian(p + 4, nan);
                putLittleEndian(p + 8, nan);
            }
            putLittleEndian(p + 12, intensity);
            putLittleEndian(p + 16, t_ns);
            putLittleEndian(p + 20, static_cast<std::uint16_t>(b));
        }
    }
    return cloud;
}

}  // namespace robometrics::sim
