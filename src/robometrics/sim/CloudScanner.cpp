#include "robometrics/sim/CloudScanner.hpp"

#include "robometrics/sim/TransformStamped.hpp"

namespace robometrics::sim {

namespace {

constexpr std::int64_t kCloudEvery = 10;  // ticks: 10 Hz

SpinningLidarConfig vlp16() {
    SpinningLidarConfig c;
    c.beams = 16;
    c.columns = 360;
    c.fov_up_deg = 15;
    c.fov_down_deg = -15;
    c.max_range = 100;
    c.range_sigma = 0.005;
    c.mount_height = CloudScanner::kMountZ;
    return c;
}

}  // namespace

CloudScanner::CloudScanner(const Rng &root) : lidar_(root.fork(10), vlp16()), contact_(kTopic) {}

std::vector<SimTopic> CloudScanner::topics() const {
    return {{kTopic, "sensor_msgs/msg/PointCloud2", 10, false, 1, "periodic"}};
}

void CloudScanner::staticFrames(TimeNs t, double base_link_z, std::vector<msgs::TransformStamped> &out) const {
    out.push_back(transformStamped("base_link", "velodyne", t, {0, 0, kMountZ - base_link_z}, {}));
}

void CloudScanner::emit(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) {
    if (vehicle.tick() % kCloudEvery != 0) return;
    msgs::PointCloud2 cloud = lidar_.scan(vehicle.spec().world, vehicle.body());
    cloud.header.frame_id = "velodyne";
    cloud.header.stamp = msgs::Time::fromNs(t);
    out.push_back({kTopic, t, false, std::move(cloud)});
    // The truth: the true footprint's distance to the nearest wall (searched up to 1 m).
    const Pose2 &p = vehicle.drive().pose();
    const double wall = vehicle.spec().world.map.clearance(p.x, p.y, 1.0 + kFootprintRadius);
    contact_.observeNearest(vehicle.now(), std::max(0.0, wall - kFootprintRadius));
}

}  // namespace robometrics::sim
