#include "robometrics/nodes/GroundTruthChoice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/nodes/TopicChoice.hpp"

namespace robometrics::nodes {

namespace {

std::string lower(const std::string &text) {
    std::string out = text;
    for (char &ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

std::vector<std::string> segments(const std::string &topic) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= topic.size()) {
        const std::size_t slash = std::min(topic.find('/', at), topic.size());
        if (slash > at) out.push_back(topic.substr(at, slash - at));
        at = slash + 1;
    }
    return out;
}

/// The rank of a ground-truth type (lower is preferred), none for a type that holds no pose.
std::optional<int> typeRank(const std::string &type) {
    const std::string_view names[] = {msgs::TypeInfo<msgs::Odometry>::name,
                                      msgs::TypeInfo<msgs::PoseStamped>::name,
                                      msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name,
                                      msgs::TypeInfo<msgs::TransformStamped>::name,
                                      msgs::TypeInfo<msgs::PoseArray>::name,
                                      msgs::TypeInfo<msgs::TFMessage>::name};
    for (int i = 0; i < 6; ++i) {
        if (type == names[i]) return i;
    }
    return std::nullopt;
}

bool manyPoses(const std::string &type) {
    return type == msgs::TypeInfo<msgs::PoseArray>::name || type == msgs::TypeInfo<msgs::TFMessage>::name;
}

/// A body a motion-capture system tracks that is not a robot: its calibration wand, its origin.
bool calibrationBody(const std::string &body) {
    const std::string name = lower(body);
    for (const char *word : {"wand", "calib", "origin"}) {
        if (name.find(word) != std::string::npos) return true;
    }
    return false;
}

std::string entryOf(const std::string &type, const GroundTruthHint &hint) {
    if (!manyPoses(type)) return {};
    if (hint.index >= 0) return "index:" + std::to_string(hint.index);
    if (!hint.body.empty() && type == msgs::TypeInfo<msgs::TFMessage>::name) return "frame:" + hint.body;
    return "moving";
}

struct Candidate {
    const bag::TopicInfo *topic;
    int rank;
    std::string body;  ///< motion capture
    std::string why;
};

}  // namespace

bool isGazeboPoseInfo(const std::string &topic) {
    const std::vector<std::string> parts = segments(topic);
    return parts.size() == 4 && parts[0] == "world" && (parts[2] == "pose" || parts[2] == "dynamic_pose") &&
           parts[3] == "info" && topic.front() == '/';
}

std::string motionCaptureBody(const std::string &topic) {
    const std::vector<std::string> parts = segments(topic);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        const std::string part = lower(parts[i]);
        bool system = false;
        for (const char *word : {"vicon", "mocap", "optitrack", "natnet", "vrpn", "qualisys", "motion_capture"}) {
            system = system || part.find(word) != std::string::npos;
        }
        if (!system) continue;
        const std::string next = lower(parts[i + 1]);
        const bool leaf = i + 2 == parts.size();
        for (const char *generic : {"pose", "pose_cov", "odom", "odometry", "transform", "twist", "markers"}) {
            if (leaf && next == generic) return {};
        }
        return parts[i + 1];
    }
    return {};
}

GroundTruthPick chooseGroundTruthTopic(const std::vector<bag::TopicInfo> &topics, const GroundTruthHint &hint) {
    GroundTruthPick pick;
    std::vector<Candidate> candidates;
    for (const bag::TopicInfo &t : topics) {
        const std::optional<int> rank = typeRank(t.type);
        if (!hint.named_topic.empty()) {
            if (t.name != hint.named_topic) continue;
            if (!rank) {
                pick.passed_over.push_back(fmt::format("{}: type {} holds no pose", t.name, t.type));
                continue;
            }
            candidates.push_back({&t, *rank, {}, {}});
            continue;
        }
        if (!rank) continue;
        const bool pose_info = isGazeboPoseInfo(t.name) && manyPoses(t.type);
        if (!pose_info && !looksLikeGroundTruth(t.name)) continue;
        const std::string body = motionCaptureBody(t.name);
        if (!body.empty() && !hint.body.empty() && lower(body) != lower(hint.body)) {
            pick.passed_over.push_back(fmt::format("{}: body {} is not ground_truth_body {}", t.name, body, hint.body));
            continue;
        }
        if (!body.empty() && hint.body.empty() && calibrationBody(body)) {
            pick.passed_over.push_back(fmt::format("{}: body {} is a calibration tool, not the robot", t.name, body));
            continue;
        }
        // Why, when more than its name says it: the plain cases read "TOPIC (ground truth)".
        std::string why = pose_info       ? "Gazebo's world poses through ros_gz_bridge"
                          : !body.empty() ? "motion capture, body " + body
                                          : std::string();
        candidates.push_back({&t, *rank, body, std::move(why)});
    }
    // Several bodies of a motion-capture system and nothing naming the robot's: none is taken.
    std::vector<std::string> bodies;
    for (const Candidate &c : candidates) {
        if (!c.body.empty() && std::find(bodies.begin(), bodies.end(), c.body) == bodies.end())
            bodies.push_back(c.body);
    }
    if (bodies.size() > 1 && hint.body.empty()) {
        for (const Candidate &c : candidates) {
            if (c.body.empty()) continue;
            pick.passed_over.push_back(
                fmt::format("{}: one of {} motion-capture bodies ({}); name the robot's with "
                            "-p ground_truth_body:=NAME",
                            c.topic->name, bodies.size(), fmt::join(bodies, ", ")));
        }
        std::erase_if(candidates, [](const Candidate &c) { return !c.body.empty(); });
    }
    const Candidate *best = nullptr;
    for (const Candidate &c : candidates) {
        if (best == nullptr || c.rank < best->rank) best = &c;
    }
    if (best == nullptr) return pick;
    pick.topic = best->topic->name;
    pick.type = best->topic->type;
    pick.entry = entryOf(pick.type, hint);
    pick.why = best->why;
    return pick;
}

}  // namespace robometrics::nodes
