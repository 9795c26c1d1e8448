#include "robometrics/io/TfRecording.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace robometrics::io {

// The whole bag stays in the buffer: chains are sampled after reading.
TfRecording::TfRecording() : buffer_(std::numeric_limits<TimeNs>::max() / 4) {}

bool TfRecording::subscribe(pipeline::Pipeline &pipeline, const std::vector<bag::TopicInfo> &topics) {
    bool any = false;
    for (const auto &topic : topics) {
        const bool is_static = topic.name == "/tf_static";
        if (topic.name != "/tf" && !is_static) continue;
        any = true;
        pipeline.subscribe<msgs::TFMessage>(
            topic.name, [this, is_static](const msgs::TFMessage &m, const pipeline::Envelope &) { add(m, is_static); });
    }
    return any;
}

void TfRecording::add(const msgs::TFMessage &message, bool is_static) {
    for (const auto &tf : message.transforms) {
        Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
        const auto &t = tf.transform.translation;
        const auto &r = tf.transform.rotation;
        pose.translation() = Eigen::Vector3d(t.x, t.y, t.z);
        Eigen::Quaterniond q(r.w, r.x, r.y, r.z);
        // An unset rotation (all zero) reads as identity, as for the pose topics.
        pose.linear() = (q.norm() > 1e-12 ? q.normalized() : Eigen::Quaterniond::Identity()).toRotationMatrix();
        const TimeNs stamp = tf.header.stamp.toNs();
        buffer_.setTransform(tf.header.frame_id, tf.child_frame_id, stamp, pose, is_static);
        parent_of_[tf.child_frame_id] = tf.header.frame_id;
        if (is_static) continue;
        dynamic_stamps_[tf.child_frame_id].push_back(stamp);
        earliest_dynamic_ = std::min(earliest_dynamic_, stamp);
        auto [first, inserted] = first_translation_.try_emplace(tf.child_frame_id, pose.translation());
        if (!inserted && (pose.translation() - first->second).norm() > 1e-3) translating_.insert(tf.child_frame_id);
    }
}

std::vector<std::string> TfRecording::chainUp(std::string frame) const {
    std::vector<std::string> chain{frame};
    std::set<std::string> seen{frame};
    for (auto it = parent_of_.find(frame); it != parent_of_.end(); it = parent_of_.find(frame)) {
        frame = it->second;
        if (!seen.insert(frame).second) break;  // a cycle: stop rather than loop
        chain.push_back(frame);
    }
    return chain;
}

Status TfRecording::checkFrames(const std::string &bag, const std::string &parent, const std::string &child) const {
    for (const std::string *frame : {&parent, &child}) {
        if (!buffer_.hasFrame(*frame))
            return Error{fmt::format("{}: frame '{}' never appears in /tf or /tf_static", bag, *frame)};
    }
    return Status::Ok();
}

Result<slam::Trajectory> TfRecording::lookUp(const std::string &bag, const std::string &parent,
                                             const std::string &child, const std::vector<TimeNs> &times) const {
    slam::Trajectory t;
    t.reserve(times.size());
    const bool connected = buffer_
                               .lookupEach(parent, child, times,
                                           [&](std::size_t i, const Eigen::Isometry3d &pose) {
                                               t.add(toSeconds(times[i]), pose.translation(),
                                                     Eigen::Quaterniond(pose.linear()).normalized());
                                           })
                               .ok();
    if (!connected || t.empty()) {
        return Error{fmt::format("{}: the chain {} -> {} has no time at which every transform on it is known", bag,
                                 parent, child)};
    }
    return t;
}

Result<slam::Trajectory> TfRecording::chainAtFrequency(const std::string &bag, const std::string &parent,
                                                       const std::string &child, TimeNs bag_start,
                                                       double frequency_hz) const {
    TimeNs start = bag_start;
    ROBOMETRICS_TRY(checkFrames(bag, parent, child));
    auto latest = buffer_.latestCommonTime(parent, child);
    if (!latest) {
        return Error{fmt::format("{}: frames '{}' and '{}' are not connected in the TF tree", bag, parent, child)};
    }
    // evo looks an all-static chain up once, at its latest common time, which tf2 gives as 0.
    if (*latest == std::numeric_limits<TimeNs>::max()) return lookUp(bag, parent, child, {0});
    const auto step = static_cast<TimeNs>(1e9 / frequency_hz);
    if (step <= 0) return Error{fmt::format("TF lookup frequency {} Hz is too high (under 1 ns a step)", frequency_hz)};
    std::vector<TimeNs> times;
    // Log times on another clock than the stamps (wall-clock recording of sim-time stamps): the
    // bag's start is no time of the chain, and evo 1.36 then starts at the first /tf stamp.
    if (start > *latest && earliest_dynamic_ <= *latest) start = earliest_dynamic_;
    if (*latest < start) times.push_back(*latest);
    for (TimeNs time = start; time <= *latest; time += step) times.push_back(time);
    return lookUp(bag, parent, child, times);
}

Result<slam::Trajectory> TfRecording::chain(const std::string &bag, const std::string &parent,
                                            const std::string &child) const {
    ROBOMETRICS_TRY(checkFrames(bag, parent, child));
    // The moving links between the two frames decide when the chain has a new pose.
    const std::vector<std::string> up_child = chainUp(child), up_parent = chainUp(parent);
    const std::set<std::string> on_parent_side(up_parent.begin(), up_parent.end());
    std::vector<std::string> path_children;
    std::string common;
    for (const auto &f : up_child) {
        if (on_parent_side.count(f)) {
            common = f;
            break;
        }
        path_children.push_back(f);
    }
    if (common.empty()) {
        return Error{fmt::format("{}: frames '{}' and '{}' are not connected in the TF tree", bag, parent, child)};
    }
    for (const auto &f : up_parent) {
        if (f == common) break;
        path_children.push_back(f);
    }
    std::vector<TimeNs> times;
    std::size_t stamps = 0;
    for (const auto &f : path_children) {
        if (auto it = dynamic_stamps_.find(f); it != dynamic_stamps_.end()) stamps += it->second.size();
    }
    times.reserve(stamps);  // every stamp of a long run: not held at up to twice its size
    for (const auto &f : path_children) {
        auto it = dynamic_stamps_.find(f);
        if (it != dynamic_stamps_.end()) times.insert(times.end(), it->second.begin(), it->second.end());
    }
    if (times.empty()) times.push_back(0);  // an all-static chain: one pose
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return lookUp(bag, parent, child, times);
}

std::vector<std::pair<std::string, std::string>> TfRecording::movingChains() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto &frame : translating_) {
        const std::vector<std::string> up = chainUp(frame);
        for (std::size_t i = 1; i < up.size(); ++i) {
            if (i + 1 == up.size() || translating_.count(up[i])) out.emplace_back(up[i], frame);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace robometrics::io
