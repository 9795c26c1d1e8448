#include "robometrics/nodes/TopicChoice.hpp"

#include <fmt/format.h>

#include "robometrics/nodes/ActivityNode.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::nodes {

namespace {

/// The preferred topic name if the bag has it with that type, else the first topic of the type.
std::string pick(const std::vector<bag::TopicInfo> &topics, const std::string &type,
                 std::initializer_list<std::string> preferred) {
    for (const std::string &name : preferred) {
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
    // Each node's default topic is preferred; an explicit remapping of it wins over detection.
    auto choose = [&](const NodeInput &input, std::initializer_list<std::string> preferred) {
        std::string resolved = remapped.resolve(input.topic);
        if (resolved != input.topic) return resolved;
        return pick(topics, input.type, preferred);
    };
    const NodeSpec &traversal = TraversalNode::spec();
    const NodeSpec &slam = SlamRunNode::spec();
    const NodeSpec &lost = LostNode::spec();
    c.scan = choose(traversal.input("scan"), {traversal.input("scan").topic});
    // "/imu" is what many IMU drivers publish when no filter runs.
    c.imu = choose(traversal.input("imu"), {traversal.input("imu").topic, "/imu"});
    c.pose_array = choose(traversal.input("pose"), {traversal.input("pose").topic});
    // A Nav2 robot records /odom: the SLAM evaluation's default.
    c.odometry = choose(traversal.input("odometry"), {traversal.input("odometry").topic, slam.input("odometry").topic});
    c.amcl_pose = choose(lost.input("pose"), {lost.input("pose").topic});
    c.lost_reset = pick(topics, lost.input("reset").type, {lost.input("reset").topic});
    c.map = choose(slam.input("map"), {slam.input("map").topic});
    const NodeInput &grid_map = CostmapNode::spec().input("grid_map");
    c.grid_map = pick(topics, grid_map.type, {grid_map.topic});
    for (const auto &t : topics) {
        if (t.type == slam.input("tf").type) c.tf = true;
    }
    const NodeSpec &activity = ActivityNode::spec();
    c.cmd_vel = choose(activity.input("cmd_vel"), {activity.input("cmd_vel").topic});
    if (c.cmd_vel.empty()) {
        c.cmd_vel_stamped = choose(activity.input("cmd_vel_stamped"), {activity.input("cmd_vel_stamped").topic});
    }
    // Goal status only under its own name: every action server has a status topic of this type.
    for (const char *role : {"navigate_status", "follow_path_status"}) {
        const NodeInput &input = activity.input(role);
        std::string &chosen = std::string(role) == "navigate_status" ? c.navigate_status : c.follow_path_status;
        for (const auto &t : topics) {
            if (t.name == remapped.resolve(input.topic) && t.type == input.type) chosen = t.name;
        }
    }
    return c;
}

std::vector<std::string> missingInputs(const std::string &bag, const std::map<std::string, std::string> &inputs,
                                       const std::vector<bag::TopicInfo> &topics) {
    std::vector<std::string> warnings;
    for (const auto &[role, topic] : inputs) {
        bool found = false;
        for (const bag::TopicInfo &t : topics) found = found || t.name == topic;
        if (!found) warnings.push_back(fmt::format("{}: no topic {} ({} input; remap with --topic)", bag, topic, role));
    }
    return warnings;
}

}  // namespace robometrics::nodes
