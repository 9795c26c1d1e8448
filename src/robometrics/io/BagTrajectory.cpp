#include "robometrics/io/BagTrajectory.hpp"

#include <fmt/format.h>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/MissingTopic.hpp"
#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/io/GroundTruthEntry.hpp"
#include "robometrics/io/TfRecording.hpp"
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

/// A ground truth read by its entry (GroundTruthEntry.hpp): a TransformStamped, or the robot's pose
/// of a PoseArray or TFMessage. Each pose has its message's header stamp; a TFMessage's transforms
/// carry their own, which ros_gz_bridge leaves zero for Gazebo's pose/info: then the log time.
bool subscribeEntryTopic(pipeline::Pipeline &pipeline, const TrajectorySource &named, const std::string &type,
                         slam::Trajectory &out, std::optional<GroundTruthEntry> &entry) {
    auto add = [&out](const msgs::Pose &pose, TimeNs t) { addPose(out, msgs::Time::fromNs(t), pose); };
    const std::string &topic = named.topic;
    if (type == msgs::TypeInfo<msgs::TransformStamped>::name) {
        pipeline.subscribe<msgs::TransformStamped>(topic,
                                                   [add](const msgs::TransformStamped &m, const pipeline::Envelope &) {
                                                       add(poseOf(m.transform), m.header.stamp.toNs());
                                                   });
    } else if (type == msgs::TypeInfo<msgs::PoseArray>::name) {
        entry.emplace(named.entry, add);
        pipeline.subscribe<msgs::PoseArray>(topic, [&entry](const msgs::PoseArray &m, const pipeline::Envelope &) {
            entry->add(namedPoses(m), m.header.stamp.toNs());
        });
    } else if (type == msgs::TypeInfo<msgs::TFMessage>::name) {
        entry.emplace(named.entry, add);
        pipeline.subscribe<msgs::TFMessage>(topic, [&entry](const msgs::TFMessage &m, const pipeline::Envelope &e) {
            const TimeNs stamp = m.transforms.empty() ? 0 : m.transforms.front().header.stamp.toNs();
            entry->add(namedPoses(m), stamp != 0 ? stamp : e.log_time);
        });
    } else {
        return false;
    }
    return true;
}

// The bag is read as every command reads it (ReadOptions::recover): a damaged chunk costs only its
// own messages; the command's whole read of the bag says what was lost. In a window, only the
// messages logged in it (the chunks that hold them).
Result<slam::Trajectory> readPoseTopic(const TrajectorySource &named, const TrajectoryLoadOptions &options) {
    bag::ReadOptions read{{named.topic}, {}, {}, true};
    if (options.window) {
        read.start_time = options.window->start;
        read.end_time = options.window->end;
    }
    auto source = bag::openBag(named.path, read);
    if (!source) return source.error();
    std::string type;
    for (const auto &topic : (*source)->topics()) {
        if (topic.name == named.topic) type = topic.type;
    }
    if (type.empty()) return Error{bag::missingTopicMessage(named.path, named.topic, (*source)->topics())};
    slam::Trajectory t;
    pipeline::Pipeline pipeline;
    std::optional<GroundTruthEntry> entry;
    // A TFMessage is a trajectory only with its entry named (`BAG:/tf` is no pose topic: use BAG:tf:PARENT:CHILD).
    const bool by_entry = !named.entry.empty() || type == msgs::TypeInfo<msgs::TransformStamped>::name;
    if (by_entry ? !subscribeEntryTopic(pipeline, named, type, t, entry)
                 : !subscribeTrajectoryTopic(pipeline, named.topic, type, t)) {
        return Error{
            fmt::format("{}: topic '{}' has type {}; expected nav_msgs/msg/Odometry, "
                        "geometry_msgs/msg/PoseStamped, PoseWithCovarianceStamped, PoseArray or nav_msgs/msg/Path",
                        named.path, named.topic, type)};
    }
    (*source)->loadAhead();  // a whole read: chunks loaded on other threads (bag/BagThreads.hpp)
    ROBOMETRICS_TRY(pipeline.run(**source));
    if (t.empty() && entry && !entry->why().empty())
        return Error{fmt::format("{}: topic '{}': {}", named.path, named.topic, entry->why())};
    if (t.empty()) return Error{fmt::format("{}: topic '{}' holds no poses", named.path, named.topic)};
    return t;
}

/// The log time of the bag's first message, any topic: where evo before 1.36.4 starts its TF lookups. Messages
/// come in log-time order, so the first one read is the earliest.
Result<TimeNs> bagStartTime(const std::string &path) {
    auto source = bag::openBag(path, bag::ReadOptions{{}, {}, {}, true});
    if (!source) return source.error();
    bag::Message first;
    auto read = (*source)->next(first);
    if (!read) return read.error();
    if (!*read) return Error{path + ": the bag holds no message"};
    return first.log_time;
}

/// The earliest stamp of the transforms on /tf logged from `window_start` on (none: no such
/// message yet): where the poses of a chain read in a window begin, the transforms read from
/// before it serving only to complete the chain at its start.
void subscribeFirstWindowStamp(pipeline::Pipeline &pipeline, const std::vector<bag::TopicInfo> &topics,
                               TimeNs window_start, std::optional<TimeNs> &first) {
    for (const bag::TopicInfo &topic : topics) {
        if (topic.name != "/tf" || topic.type != msgs::TypeInfo<msgs::TFMessage>::name) continue;
        pipeline.subscribe<msgs::TFMessage>(
            topic.name, [window_start, &first](const msgs::TFMessage &m, const pipeline::Envelope &e) {
                if (e.log_time < window_start) return;
                for (const msgs::TransformStamped &t : m.transforms) {
                    const TimeNs stamp = t.header.stamp.toNs();
                    if (!first || stamp < *first) first = stamp;
                }
            });
    }
}

/// The poses of `chain` stamped at `from` or later.
slam::Trajectory posesFrom(const slam::Trajectory &chain, TimeNs from) {
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        if (chain.stamps[i] >= toSeconds(from)) kept.push_back(i);
    }
    return slam::selectPoses(chain, kept);
}

Result<slam::Trajectory> readTfChain(const TrajectorySource &named, const TrajectoryLoadOptions &options) {
    const bag::ReadOptions read{{"/tf", "/tf_static"}, {}, {}, true};
    auto source = options.window ? bag::openWindow(named.path, *options.window, read) : bag::openBag(named.path, read);
    if (!source) return source.error();
    TfRecording recording;
    pipeline::Pipeline pipeline;
    if (!recording.subscribe(pipeline, (*source)->topics()))
        return Error{named.path + ": the bag has neither /tf nor /tf_static"};
    std::optional<TimeNs> first_in_window;
    if (options.window)
        subscribeFirstWindowStamp(pipeline, (*source)->topics(), options.window->start, first_in_window);
    (*source)->loadAhead();  // a whole read: chunks loaded on other threads (bag/BagThreads.hpp)
    ROBOMETRICS_TRY(pipeline.run(**source));
    Result<slam::Trajectory> chain = [&]() -> Result<slam::Trajectory> {
        if (options.tf_lookup_frequency <= 0) return recording.chain(named.path, named.parent, named.child);
        TfLookupStart from{options.tf_start, 0};
        if (options.tf_start == TfLookupStart::Anchor::BagStart) {
            auto start = bagStartTime(named.path);
            if (!start) return start.error();
            from.bag_start = *start;
        }
        return recording.chainAtFrequency(named.path, named.parent, named.child, options.tf_lookup_frequency, from);
    }();
    if (!chain || !options.window) return chain;
    if (!first_in_window)
        return Error{
            fmt::format("{}: no /tf message in the window {}", named.path, bag::describeWindow(*options.window))};
    return posesFrom(*chain, *first_in_window);
}

}  // namespace

std::string trajectoryKind(const std::string &type) {
    if (type == msgs::TypeInfo<msgs::Odometry>::name) return "odometry";
    if (type == msgs::TypeInfo<msgs::PoseStamped>::name) return "pose";
    if (type == msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name) return "pose_with_covariance";
    if (type == msgs::TypeInfo<msgs::PoseArray>::name) return "pose_array";
    if (type == msgs::TypeInfo<msgs::Path>::name) return "path";
    return {};
}

bool subscribeTrajectoryTopic(pipeline::Pipeline &pipeline, const std::string &topic, const std::string &type,
                              slam::Trajectory &out) {
    const std::string kind = trajectoryKind(type);
    if (kind == "odometry") {
        pipeline.subscribe<msgs::Odometry>(topic, [&out](const msgs::Odometry &m, const pipeline::Envelope &) {
            addPose(out, m.header.stamp, m.pose.pose);
        });
    } else if (kind == "pose") {
        pipeline.subscribe<msgs::PoseStamped>(topic, [&out](const msgs::PoseStamped &m, const pipeline::Envelope &) {
            addPose(out, m.header.stamp, m.pose);
        });
    } else if (kind == "pose_with_covariance") {
        pipeline.subscribe<msgs::PoseWithCovarianceStamped>(
            topic, [&out](const msgs::PoseWithCovarianceStamped &m, const pipeline::Envelope &) {
                addPose(out, m.header.stamp, m.pose.pose);
            });
    } else if (kind == "pose_array") {
        pipeline.subscribe<msgs::PoseArray>(topic, [&out](const msgs::PoseArray &m, const pipeline::Envelope &) {
            if (!m.poses.empty()) addPose(out, m.header.stamp, m.poses.front());
        });
    } else if (kind == "path") {
        // Each message replaces the whole path: the last one is the trajectory.
        pipeline.subscribe<msgs::Path>(topic, [&out](const msgs::Path &m, const pipeline::Envelope &) {
            out = slam::Trajectory{};
            for (const auto &pose : m.poses) addPose(out, pose.header.stamp, pose.pose);
        });
    } else {
        return false;
    }
    return true;
}

Result<slam::Trajectory> readBagTrajectory(const TrajectorySource &named, const TrajectoryLoadOptions &options) {
    return named.kind == TrajectorySource::Kind::BagTf ? readTfChain(named, options) : readPoseTopic(named, options);
}

}  // namespace robometrics::io
