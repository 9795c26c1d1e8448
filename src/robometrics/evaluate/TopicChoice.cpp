#include "robometrics/evaluate/TopicChoice.hpp"

namespace robometrics::evaluate {

namespace {

/// The preferred topic name if the bag has it with that type, else the first topic of the type.
std::string pick(const std::vector<bag::TopicInfo> &topics, const std::string &type,
                 std::initializer_list<const char *> preferred) {
    for (const char *name : preferred) {
        for (const auto &t : topics) {
            if (t.name == name && t.type == type) return t.name;
        }
    }
    for (const auto &t : topics) {
        if (t.type == type) return t.name;
    }
    return {};
}

}  // namespace

TopicChoice chooseTopics(const std::vector<bag::TopicInfo> &topics, const pipeline::Pipeline &remapped) {
    TopicChoice c;
    auto choose = [&](const char *type, std::initializer_list<const char *> preferred, const char *canonical) {
        // An explicit remapping of the canonical name wins over detection.
        std::string resolved = remapped.resolve(canonical);
        if (resolved != canonical) return resolved;
        return pick(topics, type, preferred);
    };
    c.scan = choose("sensor_msgs/msg/LaserScan", {"/scan"}, "/scan");
    c.imu = choose("sensor_msgs/msg/Imu", {"/imu/data", "/imu"}, "/imu/data");
    c.pose_array = choose("geometry_msgs/msg/PoseArray", {"/rover/pose_array"}, "/rover/pose_array");
    c.odometry = choose("nav_msgs/msg/Odometry", {"/odometry/wheels", "/odom"}, "/odometry/wheels");
    c.amcl_pose = choose("geometry_msgs/msg/PoseWithCovarianceStamped", {"/amcl_pose"}, "/amcl_pose");
    c.lost_reset = pick(topics, "std_msgs/msg/Empty", {"/lost_detector/reset"});
    c.map = choose("nav_msgs/msg/OccupancyGrid", {"/map"}, "/map");
    c.grid_map = pick(topics, "grid_map_msgs/msg/GridMap", {"/groundgrid/grid_map"});
    for (const auto &t : topics) {
        if (t.type == "tf2_msgs/msg/TFMessage") c.tf = true;
    }
    return c;
}

}  // namespace robometrics::evaluate
