#include "robometrics/nodes/Robots.hpp"

#include <array>
#include <map>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"

namespace robometrics::nodes {

namespace {

/// `topics` of one group with its namespace taken off (/robot1/odom -> /odom).
std::vector<bag::TopicInfo> withoutNamespace(const std::vector<bag::TopicInfo> &topics, const std::string &ns) {
    std::vector<bag::TopicInfo> out;
    for (const bag::TopicInfo &t : topics) {
        if (topicNamespace(t.name) != ns) continue;
        out.push_back(t);
        if (!ns.empty()) out.back().name = t.name.substr(ns.size() + 1);
    }
    return out;
}

/// Every topic field of a choice.
std::array<std::string TopicChoice::*, 13> topicFields() {
    return {&TopicChoice::scan,
            &TopicChoice::imu,
            &TopicChoice::pose_array,
            &TopicChoice::odometry,
            &TopicChoice::amcl_pose,
            &TopicChoice::lost_reset,
            &TopicChoice::map,
            &TopicChoice::grid_map,
            &TopicChoice::cmd_vel,
            &TopicChoice::cmd_vel_stamped,
            &TopicChoice::navigate_status,
            &TopicChoice::follow_path_status,
            &TopicChoice::ground_truth};
}

/// Every topic field of `c` with the namespace put back.
void putBack(TopicChoice &c, const std::string &ns) {
    for (std::string TopicChoice::*field : topicFields()) {
        if (!(c.*field).empty()) c.*field = "/" + ns + c.*field;
    }
}

/// A remap (`whole` against `plain`, the same choice without remaps) to a topic in the robot's
/// namespace is that robot's: `--topic scan=/robot2/scan_front`.
void applyRemaps(Robot &robot, const TopicChoice &whole, const TopicChoice &plain) {
    for (std::string TopicChoice::*field : topicFields()) {
        if (whole.*field == plain.*field || topicNamespace(whole.*field) != robot.name) continue;
        robot.topics.*field = whole.*field;
        if (field == &TopicChoice::ground_truth) robot.topics.ground_truth_type = whole.ground_truth_type;
    }
}

bool hasType(const std::vector<bag::TopicInfo> &topics, const std::string &name, std::string_view type) {
    for (const bag::TopicInfo &t : topics) {
        if (t.name == name && t.type == type) return true;
    }
    return false;
}

/// Whether a group whose own topics are `own` and whose choice is `c` is a robot: its own
/// odometry and one more sign of a robot.
bool isRobot(const TopicChoice &c, const std::vector<bag::TopicInfo> &own) {
    if (c.odometry.empty()) return false;
    bool cloud = false;
    for (const bag::TopicInfo &t : own) cloud = cloud || t.type == msgs::TypeInfo<msgs::PointCloud2>::name;
    return cloud || !c.scan.empty() || !c.cmd_vel.empty() || !c.cmd_vel_stamped.empty() || !c.amcl_pose.empty();
}

}  // namespace

std::vector<Robot> findRobots(const std::vector<bag::TopicInfo> &topics, const pipeline::Remaps &remapped) {
    std::map<std::string, std::vector<bag::TopicInfo>> groups;  // by namespace, the root ("") first
    for (const bag::TopicInfo &t : topics) groups[topicNamespace(t.name)];
    const pipeline::Remaps no_remaps;  // a remap names one topic of the whole bag, not one per robot
    std::vector<Robot> robots;
    for (auto &[ns, own] : groups) {
        if (!ns.empty() && looksLikeGroundTruth("/" + ns)) continue;  // /ground_truth/odom is no robot
        own = withoutNamespace(topics, ns);
        Robot robot;
        robot.topics = chooseTopics(own, no_remaps);
        if (!isRobot(robot.topics, own)) continue;
        robot.name = ns.empty() ? "/" : ns;
        if (!ns.empty()) putBack(robot.topics, ns);
        robots.push_back(std::move(robot));
    }
    const TopicChoice whole = chooseTopics(topics, remapped);
    if (robots.size() < 2) {
        Robot alone;
        alone.topics = whole;
        if (whole.tf) alone.tf_topic = SlamRunNode::spec().input("tf").topic;
        return {alone};
    }
    const TopicChoice plain = chooseTopics(topics, no_remaps);
    const NodeInput &tf = SlamRunNode::spec().input("tf");  // /tf, tf2_msgs/msg/TFMessage
    for (Robot &robot : robots) {
        applyRemaps(robot, whole, plain);
        if (robot.topics.map.empty() && topicNamespace(whole.map).empty()) robot.topics.map = whole.map;
        if (robot.topics.grid_map.empty() && topicNamespace(whole.grid_map).empty())
            robot.topics.grid_map = whole.grid_map;
        const std::string own_tf = robot.name == "/" ? tf.topic : "/" + robot.name + tf.topic;
        if (hasType(topics, own_tf, tf.type)) {
            robot.tf_topic = own_tf;
        } else if (hasType(topics, tf.topic, tf.type)) {
            robot.tf_topic = tf.topic;
            if (robot.name != "/") robot.frame_prefix = robot.name + "/";
        }
        robot.topics.tf = !robot.tf_topic.empty();
    }
    return robots;
}

std::string topicNamespace(const std::string &topic) {
    if (topic.size() < 2 || topic[0] != '/') return {};
    const std::size_t slash = topic.find('/', 1);
    if (slash == std::string::npos || slash + 1 >= topic.size()) return {};
    return topic.substr(1, slash - 1);
}

std::string robotNames(const std::vector<Robot> &robots) {
    std::string names;
    for (const Robot &r : robots) names += (names.empty() ? "" : ", ") + r.name;
    return names;
}

}  // namespace robometrics::nodes
