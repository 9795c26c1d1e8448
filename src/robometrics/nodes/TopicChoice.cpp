#include "robometrics/nodes/TopicChoice.hpp"

#include <fmt/format.h>

#include <cctype>

#include "robometrics/nodes/ActivityNode.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::nodes {

namespace {

/// The preferred topic name if the bag has it with that type, else the first topic of the type
/// that is not ground truth (a simulator's /ground_truth is not the robot's own odometry).
std::string pick(const std::vector<bag::TopicInfo> &topics, const std::string &type,
                 std::initializer_list<std::string> preferred) {
    for (const std::string &name : preferred) {
        for (const auto &t : topics) {
            if (t.name == name && t.type == type) return t.name;
        }
    }
    for (const auto &t : topics) {
        if (t.type == type && !looksLikeGroundTruth(t.name) && !isGazeboPoseInfo(t.name)) return t.name;
    }
    return {};
}

}  // namespace

TopicChoice chooseTopics(const std::vector<bag::TopicInfo> &topics, const pipeline::Remaps &remapped) {
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
    chooseGroundTruth(topics, remapped, {}, c);
    if (c.amcl_pose == c.ground_truth) c.amcl_pose.clear();
    return c;
}

void chooseGroundTruth(const std::vector<bag::TopicInfo> &topics, const pipeline::Remaps &remapped,
                       GroundTruthHint hint, TopicChoice &c) {
    const std::string &default_name = ActivityNode::spec().input("ground_truth_odometry").topic;
    if (const std::string named = remapped.resolve(default_name); named != default_name) hint.named_topic = named;
    GroundTruthPick pick = chooseGroundTruthTopic(topics, hint);
    c.ground_truth = std::move(pick.topic);
    c.ground_truth_type = std::move(pick.type);
    c.ground_truth_entry = std::move(pick.entry);
    c.ground_truth_why = std::move(pick.why);
    c.ground_truth_passed_over = std::move(pick.passed_over);
}

bool looksLikeGroundTruth(const std::string &topic) {
    std::string name;
    for (char ch : topic) name += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    for (const char *word : {"ground_truth", "groundtruth", "ground-truth", "vicon", "mocap", "optitrack", "vrpn",
                             "qualisys", "motion_capture", "natnet"}) {
        if (name.find(word) != std::string::npos) return true;
    }
    // "gt" as a word of the name: /odom_gt, /gt/odom, /robot/gt_pose.
    for (std::size_t at = name.find("gt"); at != std::string::npos; at = name.find("gt", at + 1)) {
        const bool starts = at == 0 || name[at - 1] == '/' || name[at - 1] == '_';
        const bool ends = at + 2 == name.size() || name[at + 2] == '/' || name[at + 2] == '_';
        if (starts && ends) return true;
    }
    return false;
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
