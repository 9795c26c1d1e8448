#include "robometrics/evaluate/CloudSensors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
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
    const std::string f = lowercase(frame);
    static const char *world_frames[] = {"map", "odom", "world", "earth", "utm", "camera_init"};
    for (const char *w : world_frames) {
        if (f == w || endsWith(f, std::string("/") + w) || endsWith(f, std::string("_") + w)) {
            return fmt::format(
                "its clouds are in frame '{}', fixed to the world, not to the robot: an accumulated or "
                "registered cloud, not a range sensor's own",
                frame);
        }
    }
    return {};
}

bool hasRangeCloud(const std::vector<bag::TopicInfo> &topics) {
    return std::any_of(topics.begin(), topics.end(), [](const bag::TopicInfo &t) {
        return t.type == msgs::TypeInfo<msgs::PointCloud2>::name && cloudNameRule(t.name).empty();
    });
}

CloudSensors::CloudSensors(const std::vector<bag::TopicInfo> &topics, const traversal::ScanCollisionsConfig &config,
                           const traversal::CloudFootprint &shape)
    : shape_(shape), tf_(std::numeric_limits<TimeNs>::max() / 4) {
    const std::string cloud_type(msgs::TypeInfo<msgs::PointCloud2>::name);
    const std::string tf_type(msgs::TypeInfo<msgs::TFMessage>::name);
    for (const bag::TopicInfo &t : topics) {
        if (t.type == tf_type && endsWith(t.name, "tf_static")) tf_static_topics_.push_back(t.name);
        if (t.type != cloud_type) continue;
        Topic topic{{}, std::nullopt, traversal::ScanCollisions(config)};
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
    for (const std::string &name : tf_static_topics_) {
        pipe.subscribe<msgs::TFMessage>(name, [this](const msgs::TFMessage &m, const pipeline::Envelope &) {
            terrain::addTransforms(tf_, m, true);
        });
    }
}

bool CloudSensors::place(Topic &topic, const std::string &frame) {
    for (const std::string &base : baseCandidates(frame)) {
        if (frame == base) {
            topic.base_T_cloud = Eigen::Isometry3d::Identity();
        } else if (tf_.hasFrame(base) && tf_.hasFrame(frame)) {
            auto found = tf_.lookup(base, frame, 0);
            if (!found) continue;
            topic.base_T_cloud = *found;
        } else {
            continue;
        }
        topic.use.base_frame = base;
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
    // The first frame decides; a topic whose frame changes keeps its first placement rule.
    if (!topic.base_T_cloud && !place(topic, use.frame)) {
        ++use.unplaced;
        return;
    }
    auto clearance = traversal::cloudClearance(cloud, *topic.base_T_cloud, shape_);
    if (!clearance) {
        if (use.malformed++ == 0) use.first_error = clearance.message();
        return;
    }
    ++use.clouds;
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
        if (use.used || !use.why.empty()) {
            if (use.used) use.why.clear();
        } else if (use.malformed > 0) {
            use.why = fmt::format("none of its {} clouds could be read: {}", use.malformed, use.first_error);
        } else if (use.unplaced > 0) {
            use.why = fmt::format(
                "no static transform (/tf_static) from its frame '{}' to base_footprint or "
                "base_link: its points cannot be placed on the robot",
                use.frame);
        } else {
            use.why = "no cloud was recorded on it";
        }
        out.push_back(std::move(use));
    }
    return out;
}

}  // namespace robometrics::evaluate
