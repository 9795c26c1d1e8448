#include "robometrics/evaluate/CloudSensors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <utility>

#include "robometrics/terrain/TfFeed.hpp"

namespace robometrics::evaluate {

namespace {

std::string lowercase(std::string text) {
    for (char &c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

bool endsWith(const std::string &text, const std::string &tail) {
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

/// The frames a cloud's clearance is measured in, best first: the robot's ground-level frame,
/// then its body, each first under the cloud frame's own prefix ("robot1/lidar" -> "robot1/...").
std::vector<std::string> baseCandidates(const std::string &frame) {
    std::vector<std::string> out;
    const std::size_t slash = frame.rfind('/');
    const std::string prefix = slash == std::string::npos ? "" : frame.substr(0, slash + 1);
    for (const char *base : {"base_footprint", "base_link"}) {
        if (!prefix.empty()) out.push_back(prefix + base);
        out.emplace_back(base);
    }
    return out;
}

}  // namespace

std::string cloudNameRule(const std::string &topic) {
    static const std::pair<const char *, const char *> rules[] = {
        {"ground", "a ground-segmentation output"},
        {"map", "a map"},
        {"registered", "a registered cloud (placed in the world by SLAM or odometry)"},
        {"accumulated", "an accumulated cloud"},
        {"assembled", "an accumulated cloud"},
        {"aggregated", "an accumulated cloud"},
        {"downsampled", "a downsampled copy"},
        {"voxel", "a downsampled copy (voxel filter) or a costmap's voxel grid"},
        {"decimated", "a downsampled copy"},
        {"costmap", "a costmap's output"},
        {"feature", "features extracted for SLAM"},
        {"corner", "features extracted for SLAM"},
        {"surf", "features extracted for SLAM"},
        {"keyframe", "a SLAM keyframe"},
        {"global", "a global (world-fixed) cloud"},
        {"elevation", "an elevation map's cloud"},
    };
    const std::string name = lowercase(topic);
    for (const auto &[word, what] : rules) {
        if (name.find(word) != std::string::npos) {
            return fmt::format("named as {} ('{}' in the name), not a range sensor's own cloud", what, word);
        }
    }
    return {};
}

std::string cloudFrameRule(const std::string &frame) {
    if (frame.empty()) return "its clouds have no frame_id: they cannot be placed on the robot";
    return {};
}

bool hasRangeCloud(const std::vector<bag::TopicInfo> &topics) {
    return std::any_of(topics.begin(), topics.end(), [](const bag::TopicInfo &t) {
        return t.type == msgs::TypeInfo<msgs::PointCloud2>::name && cloudNameRule(t.name).empty();
    });
}

CloudSensors::CloudSensors(const std::vector<bag::TopicInfo> &topics, const traversal::ScanCollisionsConfig &config,
                           const traversal::CloudFootprint &shape)
    : shape_(shape), sync_(kTfTolerance, kWaitingClouds) {
    const std::string cloud_type(msgs::TypeInfo<msgs::PointCloud2>::name);
    const std::string tf_type(msgs::TypeInfo<msgs::TFMessage>::name);
    for (const bag::TopicInfo &t : topics) {
        if (t.type == tf_type) (endsWith(t.name, "tf_static") ? tf_static_topics_ : tf_topics_).push_back(t.name);
        if (t.type != cloud_type) continue;
        Topic topic{{}, traversal::ScanCollisions(config)};
        topic.use.topic = t.name;
        topic.use.why = cloudNameRule(t.name);
        topics_.push_back(std::move(topic));
    }
}

void CloudSensors::subscribe(pipeline::Pipeline &pipe) {
    bool any = false;
    for (std::size_t i = 0; i < topics_.size(); ++i) {
        if (!topics_[i].use.why.empty()) continue;  // not a range sensor by its name: never decoded
        any = true;
        pipe.subscribe<msgs::PointCloud2>(
            topics_[i].use.topic,
            [this, i](const msgs::PointCloud2 &cloud, const pipeline::Envelope &e) { add(i, cloud, e.log_time); });
    }
    if (!any) return;
    for (const bool is_static : {true, false}) {
        for (const std::string &name : is_static ? tf_static_topics_ : tf_topics_) {
            pipe.subscribe<msgs::TFMessage>(name,
                                            [this, is_static](const msgs::TFMessage &m, const pipeline::Envelope &e) {
                                                addTf(m, is_static, e.log_time);
                                            });
        }
    }
}

void CloudSensors::addTf(const msgs::TFMessage &message, bool is_static, TimeNs log_time) {
    sync_.addTf(message, is_static, log_time);
}

void CloudSensors::finish() { sync_.finish(); }

bool CloudSensors::chooseBase(Topic &topic) const {
    const std::string &frame = topic.use.frame;
    for (const std::string &base : baseCandidates(frame)) {
        std::string how;
        if (frame == base) {
            how = "none";
        } else if (auto latest = sync_.tf().latestCommonTime(base, frame); latest) {
            how = *latest == std::numeric_limits<TimeNs>::max() ? "tf_static" : "tf";
        } else {
            continue;  // not connected (yet)
        }
        topic.use.base_frame = base;
        topic.use.transform = how;
        return true;
    }
    return false;
}

void CloudSensors::add(std::size_t index, const msgs::PointCloud2 &cloud, TimeNs t) {
    Topic &topic = topics_[index];
    CloudUse &use = topic.use;
    if (!use.why.empty()) return;
    if (use.frame.empty() && use.clouds + use.unplaced + use.malformed == 0) {
        use.frame = cloud.header.frame_id;
        use.why = cloudFrameRule(use.frame);
        if (!use.why.empty()) return;
    }
    // The first frame decides; a topic whose frame changes keeps its first frame's base.
    if (use.base_frame.empty() && !chooseBase(topic)) {
        ++use.unplaced;
        return;
    }
    const TimeNs stamp = terrain::stampOr(cloud.header, t);
    if (use.base_frame == use.frame) {
        placed(index, cloud, Eigen::Isometry3d::Identity(), true, t);
        return;
    }
    // Fixed to the robot and nothing waiting before it: placed at once, without a copy.
    const auto latest = sync_.tf().latestCommonTime(use.base_frame, use.frame);
    if (sync_.size() == 0 && latest && *latest == std::numeric_limits<TimeNs>::max()) {
        placed(index, cloud, sync_.tf().lookup(use.base_frame, use.frame, stamp), true, t);
        return;
    }
    auto copy = std::make_shared<msgs::PointCloud2>(cloud);
    sync_.push(stamp, t, {{use.base_frame, use.frame}}, [this, index, copy, t](const terrain::StampedTransforms &tf) {
        placed(index, *copy, tf.transforms[0], tf.interpolated, t);
    });
}

void CloudSensors::placed(std::size_t index, const msgs::PointCloud2 &cloud,
                          const Result<Eigen::Isometry3d> &base_T_cloud, bool interpolated, TimeNs t) {
    Topic &topic = topics_[index];
    CloudUse &use = topic.use;
    if (!base_T_cloud) {  // never used untransformed
        ++use.unplaced;
        if (use.transform_error.empty()) use.transform_error = base_T_cloud.message();
        return;
    }
    auto clearance = traversal::cloudClearance(cloud, *base_T_cloud, shape_);
    if (!clearance) {
        if (use.malformed++ == 0) use.first_error = clearance.message();
        return;
    }
    ++use.clouds;
    if (!interpolated) ++use.held;
    use.returns += clearance->returns;
    use.self_filtered += clearance->self;
    use.in_band += clearance->in_band;
    topic.collisions.addClearance(clearance->clearance, t);
}

std::vector<ScannerResult> CloudSensors::results() const {
    std::vector<ScannerResult> out;
    for (const Topic &topic : topics_) {
        if (topic.use.clouds == 0) continue;
        ScannerResult r{topic.use.topic, topic.collisions.summary()};
        r.sensor = "PointCloud2";
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<CloudUse> CloudSensors::uses() const {
    std::vector<CloudUse> out;
    for (const Topic &topic : topics_) {
        CloudUse use = topic.use;
        use.footprint = fmt::format("{}, points {:.2f} to {:.2f} m above the base frame", shape_.describe(),
                                    shape_.min_obstacle_height, shape_.max_obstacle_height);
        use.used = use.clouds > 0;
        use.self_filter = shape_.self_filter.has_value();
        if (use.used || !use.why.empty()) {
            if (use.used) use.why.clear();
        } else if (use.malformed > 0) {
            use.why = fmt::format("none of its {} clouds could be read: {}", use.malformed, use.first_error);
        } else if (use.unplaced > 0 && !use.transform_error.empty()) {
            use.why = fmt::format(
                "no transform from its frame '{}' to {} at its clouds' stamps ({}): its points "
                "cannot be placed on the robot",
                use.frame, use.base_frame, use.transform_error);
        } else if (use.unplaced > 0) {
            use.why = fmt::format(
                "no transform (/tf_static or /tf) from its frame '{}' to base_footprint or base_link: its "
                "points cannot be placed on the robot",
                use.frame);
        } else {
            use.why = "no cloud was recorded on it";
        }
        out.push_back(std::move(use));
    }
    return out;
}

std::string selfFilterSummary(const CloudUse &use) {
    if (!use.used || !use.self_filter) return {};
    const double share =
        use.returns > 0 ? 100.0 * static_cast<double>(use.self_filtered) / static_cast<double>(use.returns) : 0;
    return fmt::format("the self-filter box removed {} of {} returns ({:.1f} %), {} left in the height band",
                       use.self_filtered, use.returns, share, use.in_band);
}

std::vector<std::string> selfFilterCaveats(const std::vector<CloudUse> &uses) {
    std::vector<std::string> out;
    for (const CloudUse &use : uses) {
        if (!use.used || !use.self_filter || use.self_filtered * 2 <= use.returns) continue;
        out.push_back(
            fmt::format("point cloud {}: {}: a box larger than the robot's body hides real obstacles (check "
                        "self_filter.min_x .. self_filter.max_z against the robot)",
                        use.topic, selfFilterSummary(use)));
    }
    return out;
}

}  // namespace robometrics::evaluate
