#include "robometrics/evaluate/TfGroundTruth.hpp"

#include <cmath>

#include "robometrics/io/TfRecording.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/nodes/TopicChoice.hpp"

namespace robometrics::evaluate {

void TfGroundTruthScan::subscribe(pipeline::Pipeline &pipe, const std::vector<bag::TopicInfo> &topics) {
    io::subscribeToTf(pipe, topics, [this](const msgs::TFMessage &m, bool is_static) { add(m, is_static); });
}

void TfGroundTruthScan::add(const msgs::TFMessage &message, bool is_static) {
    if (!is_static && messages_++ >= kMessagesScanned) return;
    for (const msgs::TransformStamped &t : message.transforms) {
        if (t.child_frame_id.empty() || t.header.frame_id.empty()) continue;
        parent_.emplace(t.child_frame_id, t.header.frame_id);
        if (!is_static) moving_.insert(t.child_frame_id);
    }
}

std::optional<std::pair<std::string, std::string>> TfGroundTruthScan::chain() const {
    std::optional<std::string> truth;
    for (const std::string &frame : moving_) {
        if (!nodes::looksLikeGroundTruth(frame)) continue;
        const bool base = frame.find("base") != std::string::npos;
        if (!truth || (base && truth->find("base") == std::string::npos)) truth = frame;
    }
    if (!truth) return std::nullopt;
    std::string root = *truth;
    for (std::size_t hops = 0; hops < parent_.size(); ++hops) {  // bounded: a cycle ends the walk
        auto up = parent_.find(root);
        if (up == parent_.end()) break;
        root = up->second;
    }
    if (root == *truth) return std::nullopt;
    return std::make_pair(root, *truth);
}

std::optional<activity::Track> tfTrackOnSystemClock(const std::string &bag, const std::string &parent,
                                                    const std::string &child, const RunClock &clock,
                                                    const std::optional<bag::LogWindow> &window) {
    io::TrajectoryLoadOptions options;
    options.window = window;
    auto poses = io::readTrajectory(io::TrajectorySource::bagTf(bag, parent, child), options);
    if (!poses || poses->size() < 2) return std::nullopt;
    std::vector<activity::TrackPoint> points;
    points.reserve(poses->size());
    for (std::size_t i = 0; i < poses->size(); ++i) {
        const Eigen::Quaterniond &q = poses->orientations[i];
        const double yaw = std::atan2(2 * (q.w() * q.z() + q.x() * q.y()), 1 - 2 * (q.y() * q.y() + q.z() * q.z()));
        const TimeNs t = clock.axisOrigin() + fromSeconds(clock.stampSinceStart(poses->stamps[i]));
        points.push_back({t, poses->positions[i].x(), poses->positions[i].y(), yaw});
    }
    return activity::Track(std::move(points));
}

}  // namespace robometrics::evaluate
