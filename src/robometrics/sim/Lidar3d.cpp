#include "robometrics/sim/Lidar3d.hpp"

#include <cmath>
#include <cstdint>

#include "robometrics/sim/ByteOrder.hpp"
#include "robometrics/sim/Pose2.hpp"

namespace robometrics::sim {

std::vector<CloudPoint> Lidar3d::scan(const World &world, const ChassisState &body) {
    std::vector<CloudPoint> points;
    const Eigen::Matrix3d rotation = body.orientation.toRotationMatrix();
    const Eigen::Vector3d origin = body.position + rotation * Eigen::Vector3d(0, 0, config_.mount_height);
    const double step = config_.march_step;
    for (double elevation_deg : config_.elevations_deg) {
        const double e = elevation_deg * kPi / 180.0;
        for (int k = 0; k < config_.azimuths; ++k) {
            const double a = 2 * kPi * k / config_.azimuths;
            const Eigen::Vector3d local(std::cos(e) * std::cos(a), std::cos(e) * std::sin(a), std::sin(e));
            const Eigen::Vector3d dir = rotation * local;
            double prev_above = origin.z() - world.terrain.height(origin.x(), origin.y());
            for (double t = step; t <= config_.max_range; t += step) {
                const Eigen::Vector3d p = origin + t * dir;
                const double ground = world.terrain.height(p.x(), p.y());
                const double above = p.z() - ground;
                double range = -1;
                bool is_ground = false;
                if (world.map.atWorld(p.x(), p.y()) == OccupancyMap::Occupied && above < world.obstacle_height) {
                    range = t;
                } else if (above <= 0) {
                    // Interpolate the crossing between the last sample above ground and this one.
                    range = t - step + step * prev_above / (prev_above - above);
                    is_ground = true;
                }
                prev_above = above;
                if (range < 0) continue;
                range += rng_.normal(0, config_.range_sigma);
                points.push_back({local * range, is_ground});
                break;
            }
        }
    }
    return points;
}

msgs::PointCloud2 Lidar3d::toMessage(const std::vector<CloudPoint> &points) {
    msgs::PointCloud2 cloud;
    cloud.header.frame_id = "lidar_link";
    cloud.height = 1;
    cloud.width = static_cast<std::uint32_t>(points.size());
    const char *names[] = {"x", "y", "z", "intensity"};
    for (std::uint32_t i = 0; i < 4; ++i) cloud.fields.push_back({names[i], 4 * i, msgs::PointField::FLOAT32, 1});
    cloud.is_bigendian = false;
    cloud.point_step = 16;
    cloud.row_step = cloud.point_step * cloud.width;
    cloud.data.resize(cloud.row_step);
    std::uint8_t *out = cloud.data.data();
    for (const CloudPoint &p : points) {
        putLittleEndian(out, static_cast<float>(p.sensor.x()));
        putLittleEndian(out + 4, static_cast<float>(p.sensor.y()));
        putLittleEndian(out + 8, static_cast<float>(p.sensor.z()));
        putLittleEndian(out + 12, p.ground ? kGroundIntensity : kObstacleIntensity);
        out += 16;
    }
    cloud.is_dense = true;
    return cloud;
}

}  // namespace robometrics::sim
