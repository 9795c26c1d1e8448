#include "robometrics/io/BagTrajectory.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/TfBuffer.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::io {

namespace {

Eigen::Quaterniond toQuat(const msgs::Quaternion &q) { return Eigen::Quaterniond(q.w, q.x, q.y, q.z); }

void addPose(slam::Trajectory &t, const msgs::Time &stamp, const msgs::Pose &pose) {
    Eigen::Quaterniond q = toQuat(pose.orientation);
    if (!(q.norm() > 1e-12)) q = Eigen::Quaterniond::Identity();  // an unset orientation reads as identity
    t.add(toSeconds(stamp.toNs()), Eigen::Vector3d(pose.position.x, pose.position.y, pose.position.z), q.normalized());
}

Result<slam::Trajectory> readPoseTopic(const BagTrajectorySpec &spec) {
    auto source = bag::openBag(spec.path, bag::ReadOptions{{spec.topic}, {}, {}});
    if (!source) return source.error();
    std::string type;
    for (const auto &topic : (*source)->topics()) {
        if (topic.name == spec.topic) type = topic.type;
    }
    if (type.empty()) return Error{fmt::format("{}: no topic '{}' in the bag", spec.path, spec.topic)};
    slam::Trajectory t;
    pipeline::Pipeline pipeline;
    if (type == msgs::TypeInfo<msgs::Odometry>::name) {
        pipeline.subscribe<msgs::Odometry>(spec.topic, [&](const msgs::Odometry &m, const pipeline::Envelope &) {
            addPose(t, m.header.stamp, m.pose.pose);
        });
    } else if (type == msgs::TypeInfo<msgs::PoseStamped>::name) {
        pipeline.subscribe<msgs::PoseStamped>(spec.topic, [&](const msgs::PoseStamped &m, const pipeline::Envelope &) {
            addPose(t, m.header.stamp, m.pose);
        });
    } else if (type == msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name) {
        pipeline.subscribe<msgs::PoseWithCovarianceStamped>(
            spec.topic, [&](const msgs::PoseWithCovarianceStamped &m, const pipeline::Envelope &) {
                addPose(t, m.header.stamp, m.pose.pose);
            });
    } else if (type == msgs::TypeInfo<msgs::PoseArray>::name) {
        pipeline.subscribe<msgs::PoseArray>(spec.topic, [&](const msgs::PoseArray &m, const pipeline::Envelope &) {
            if (!m.poses.empty()) addPose(t, m.header.stamp, m.poses.front());
        });
    } else {
        return Error{
            fmt::format("{}: topic '{}' has type {}; expected nav_msgs/msg/Odometry, "
                        "geometry_msgs/msg/PoseStamped, PoseWithCovarianceStamped or PoseArray",
                        spec.path, spec.topic, type)};
    }
    ROBOMETRICS_TRY(pipeline.run(**source));
    if (t.empty()) return Error{fmt::format("{}: topic '{}' holds no poses", spec.path, spec.topic)};
    return t;
}

/// The frames from `frame` up to its root, following the last known parent of each frame.
std::vector<std::string> chainUp(const std::map<std::string, std::string> &parent_of, std::string frame) {
    std::vector<std::string> chain{frame};
    std::set<std::string> seen{frame};
    for (auto it = parent_of.find(frame); it != parent_of.end(); it = parent_of.find(frame)) {
        frame = it->second;
        if (!seen.insert(frame).second) break;  // a cycle: stop rather than loop
        chain.push_back(frame);
    }
    return chain;
}

Result<slam::Trajectory> readTfChain(const BagTrajectorySpec &spec) {
    auto source = bag::openBag(spec.path, bag::ReadOptions{{"/tf", "/tf_static"}, {}, {}});
    if (!source) return source.error();
    // The whole bag stays in the buffer: the chain is sampled after reading.
    TfBuffer buffer(std::numeric_limits<TimeNs>::max() / 4);
    std::map<std::string, std::string> parent_of;
    std::map<std::string, std::vector<TimeNs>> dynamic_stamps;  // by child frame
    auto onTf = [&](const msgs::TFMessage &m, bool is_static) {
        for (const auto &tf : m.transforms) {
            Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
            pose.translation() =
                Eigen::Vector3d(tf.transform.translation.x, tf.transform.translation.y, tf.transform.translation.z);
            Eigen::Quaterniond q = toQuat(tf.transform.rotation);
            pose.linear() = (q.norm() > 1e-12 ? q.normalized() : Eigen::Quaterniond::Identity()).toRotationMatrix();
            const TimeNs stamp = tf.header.stamp.toNs();
            buffer.setTransform(tf.header.frame_id, tf.child_frame_id, stamp, pose, is_static);
            parent_of[tf.child_frame_id] = tf.header.frame_id;
            if (!is_static) dynamic_stamps[tf.child_frame_id].push_back(stamp);
        }
    };
    pipeline::Pipeline pipeline;
    bool has_tf = false, has_static = false;
    for (const auto &topic : (*source)->topics()) {
        has_tf |= topic.name == "/tf";
        has_static |= topic.name == "/tf_static";
    }
    if (!has_tf && !has_static) return Error{spec.path + ": the bag has neither /tf nor /tf_static"};
    if (has_tf) {
        pipeline.subscribe<msgs::TFMessage>(
            "/tf", [&](const msgs::TFMessage &m, const pipeline::Envelope &) { onTf(m, false); });
    }
    if (has_static) {
        pipeline.subscribe<msgs::TFMessage>(
            "/tf_static", [&](const msgs::TFMessage &m, const pipeline::Envelope &) { onTf(m, true); });
    }
    ROBOMETRICS_TRY(pipeline.run(**source));
    for (const std::string *frame : {&spec.parent, &spec.child}) {
        if (!buffer.hasFrame(*frame))
            return Error{fmt::format("{}: frame '{}' never appears in /tf or /tf_static", spec.path, *frame)};
    }
    // The moving edges between the two frames decide when the chain has a new pose.
    std::vector<std::string> up_child = chainUp(parent_of, spec.child), up_parent = chainUp(parent_of, spec.parent);
    std::set<std::string> on_parent_side(up_parent.begin(), up_parent.end());
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
        return Error{fmt::format("{}: frames '{}' and '{}' are not connected in the TF tree", spec.path, spec.parent,
                                 spec.child)};
    }
    for (const auto &f : up_parent) {
        if (f == common) break;
        path_children.push_back(f);
    }
    std::vector<TimeNs> times;
    for (const auto &f : path_children) {
        auto it = dynamic_stamps.find(f);
        if (it != dynamic_stamps.end()) times.insert(times.end(), it->second.begin(), it->second.end());
    }
    if (times.empty()) times.push_back(0);  // an all-static chain: one pose
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    slam::Trajectory t;
    for (TimeNs time : times) {
        auto pose = buffer.lookup(spec.parent, spec.child, time);
        if (!pose) continue;  // before or after some edge's samples: no pose there
        t.add(toSeconds(time), pose->translation(), Eigen::Quaterniond(pose->linear()).normalized());
    }
    if (t.empty()) {
        return Error{fmt::format("{}: the chain {} -> {} has no time at which every transform on it is known",
                                 spec.path, spec.parent, spec.child)};
    }
    return t;
}

}  // namespace

Result<BagTrajectorySpec> parseBagTrajectorySpec(const std::string &spec) {
    BagTrajectorySpec out;
    if (auto tf = spec.find(":tf:"); tf != std::string::npos) {
        out.path = spec.substr(0, tf);
        std::string frames = spec.substr(tf + 4);
        auto colon = frames.find(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == frames.size()) {
            return Error{"'" + spec + "': a TF chain is given as PATH:tf:PARENT:CHILD"};
        }
        out.parent = frames.substr(0, colon);
        out.child = frames.substr(colon + 1);
    } else {
        auto colon = spec.rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size()) {
            return Error{"'" + spec + "': a bag trajectory is given as PATH:TOPIC or PATH:tf:PARENT:CHILD"};
        }
        out.path = spec.substr(0, colon);
        out.topic = spec.substr(colon + 1);
    }
    if (out.path.empty()) return Error{"'" + spec + "': the bag path is empty"};
    return out;
}

Result<slam::Trajectory> readBagTrajectory(const BagTrajectorySpec &spec) {
    return spec.isTf() ? readTfChain(spec) : readPoseTopic(spec);
}

}  // namespace robometrics::io
