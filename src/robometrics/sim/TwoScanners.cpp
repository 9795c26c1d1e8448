#include "robometrics/sim/TwoScanners.hpp"

#include <cmath>

#include "robometrics/sim/TransformStamped.hpp"

namespace robometrics::sim {

namespace {

/// A 270-degree safety scanner (SICK nanoScan3 class): 0.5 degree steps centred on its axis,
/// 0.05 to 10 m, +inf where nothing is hit (REP 117).
LidarConfig safetyScanner(const char *frame) {
    return {.beams = 540,
            .range_min = 0.05,
            .range_max = 10.0,
            .scan_time = 0.2,
            .angle_min = -0.75 * kPi,
            .field_of_view = 1.5 * kPi,
            .frame_id = frame};
}

/// The scanner mounted `x` ahead of the robot's centre, looking along `yaw` relative to it.
Pose2 mounted(const Pose2 &robot, double x, double yaw) {
    return {robot.x + x * std::cos(robot.yaw), robot.y + x * std::sin(robot.yaw), wrapAngle(robot.yaw + yaw)};
}

}  // namespace

TwoScanners::TwoScanners(const Rng &root)
    : front_(root.fork(4), safetyScanner("base_scan_front")),
      rear_(root.fork(9), safetyScanner("base_scan_rear")),
      front_contact_("/scan_front"),
      rear_contact_("/scan_rear") {}

std::vector<SimTopic> TwoScanners::topics() const {
    return {{"/scan_front", "sensor_msgs/msg/LaserScan", 5, false, 1, "periodic"},
            {"/scan_rear", "sensor_msgs/msg/LaserScan", 5, false, 1, "periodic"}};
}

void TwoScanners::staticFrames(TimeNs t, std::vector<msgs::TransformStamped> &out) const {
    out.push_back(transformStamped("base_link", "base_scan_front", t, {kMountX, 0, kMountZ}, {}));
    out.push_back(transformStamped("base_link", "base_scan_rear", t, {-kMountX, 0, kMountZ}, quaternionFromYaw(kPi)));
}

void TwoScanners::emit(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) {
    const OccupancyMap &map = vehicle.spec().world.map;
    const Pose2 &robot = vehicle.drive().pose();
    msgs::LaserScan front = front_.scan(map, mounted(robot, kMountX, 0));
    msgs::LaserScan rear = rear_.scan(map, mounted(robot, -kMountX, kPi));
    front.header.stamp = rear.header.stamp = msgs::Time::fromNs(t);
    front_contact_.observe(vehicle.now(), front);
    rear_contact_.observe(vehicle.now(), rear);
    out.push_back({"/scan_front", t, false, std::move(front)});
    out.push_back({"/scan_rear", t, false, std::move(rear)});
}

std::vector<Event> TwoScanners::events() const {
    std::vector<Event> out = front_contact_.events();
    for (Event &e : rear_contact_.events()) out.push_back(std::move(e));
    return out;
}

}  // namespace robometrics::sim
