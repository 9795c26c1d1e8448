#include "robometrics/nodes/ActivityNode.hpp"

#include <cmath>
#include <limits>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::nodes {

namespace {

template <class T>
std::string typeName() {
    return std::string(msgs::TypeInfo<T>::name);
}

/// The input role of a recorded ground truth of type `type`.
std::string groundTruthRole(const std::string &type) {
    if (type == msgs::TypeInfo<msgs::PoseStamped>::name) return "ground_truth_pose";
    if (type == msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name) return "ground_truth_pose_cov";
    if (type == msgs::TypeInfo<msgs::TransformStamped>::name) return "ground_truth_transform";
    if (type == msgs::TypeInfo<msgs::PoseArray>::name) return "ground_truth_pose_array";
    if (type == msgs::TypeInfo<msgs::TFMessage>::name) return "ground_truth_tf";
    return "ground_truth_odometry";
}

}  // namespace

std::optional<activity::TrackPoint> trackPointOf(const msgs::Pose &p, TimeNs t) {
    if (!std::isfinite(p.position.x) || !std::isfinite(p.position.y)) return std::nullopt;
    const msgs::Quaternion &q = p.orientation;
    const double yaw = std::atan2(2.0 * (q.w * q.z + q.x * q.y), 1.0 - 2.0 * (q.y * q.y + q.z * q.z));
    return activity::TrackPoint{t, p.position.x, p.position.y, yaw};
}

const NodeSpec &ActivityNode::spec() {
    const NodeSpec &traversal = TraversalNode::spec();
    static const NodeSpec spec{
        "robot_activity",
        {{"cmd_vel", "/cmd_vel", typeName<msgs::Twist>(), &NodeTopics::cmd_vel},
         {"cmd_vel_stamped", "/cmd_vel", typeName<msgs::TwistStamped>(), &NodeTopics::cmd_vel_stamped},
         {"navigate_status", "/navigate_to_pose/_action/status", typeName<msgs::GoalStatusArray>(),
          &NodeTopics::navigate_status},
         {"follow_path_status", "/follow_path/_action/status", typeName<msgs::GoalStatusArray>(),
          &NodeTopics::follow_path_status},
         traversal.input("odometry"),
         traversal.input("pose"),
         // Ground truth as simulators and motion capture publish it (Gazebo's p3d plugin:
         // nav_msgs/Odometry; mocap: a PoseStamped or PoseWithCovarianceStamped); chosen by
         // TopicChoice from the names they are commonly published on.
         {"ground_truth_odometry", "/ground_truth", typeName<msgs::Odometry>()},
         {"ground_truth_pose", "/ground_truth/pose", typeName<msgs::PoseStamped>()},
         {"ground_truth_pose_cov", "/ground_truth/pose_cov", typeName<msgs::PoseWithCovarianceStamped>()},
         // vicon_bridge's /vicon/<subject>/<segment>; a whole world's poses (Gazebo's
         // /world/<world>/pose/info through ros_gz_bridge): the robot's entry (io::GroundTruthEntry).
         {"ground_truth_transform", "/ground_truth/transform", typeName<msgs::TransformStamped>()},
         {"ground_truth_pose_array", "/ground_truth/pose_array", typeName<msgs::PoseArray>()},
         {"ground_truth_tf", "/ground_truth/tf", typeName<msgs::TFMessage>()}},
        {}};
    return spec;
}

void ActivityNode::subscribe(pipeline::Pipeline &pipe, const NodeTopics &topics) {
    truth_entry_spelling_ = topics.ground_truth_entry;
    // The rover's PoseArray, when read, is the ground truth; else a recorded one, read under the
    // role of its type.
    const std::string truth_role = topics.pose_array.empty() ? groundTruthRole(topics.ground_truth_type) : "";
    auto topic = [&](const char *role) {
        if (role == truth_role) return topics.ground_truth;
        const NodeInput &in = spec().input(role);
        return in.field ? topics.*in.field : std::string();
    };
    auto command = [this](const msgs::Twist &t, TimeNs log) {
        commands_.push_back({log, std::hypot(t.linear.x, t.linear.y), std::abs(t.angular.z)});
    };
    if (const std::string t = topic("cmd_vel"); !t.empty()) {
        pipe.subscribe<msgs::Twist>(
            t, [command](const msgs::Twist &m, const pipeline::Envelope &e) { command(m, e.log_time); });
    }
    if (const std::string t = topic("cmd_vel_stamped"); !t.empty()) {
        pipe.subscribe<msgs::TwistStamped>(
            t, [command](const msgs::TwistStamped &m, const pipeline::Envelope &e) { command(m.twist, e.log_time); });
    }
    for (const char *role : {"navigate_status", "follow_path_status"}) {
        if (const std::string t = topic(role); !t.empty()) {
            pipe.subscribe<msgs::GoalStatusArray>(
                t, [this](const msgs::GoalStatusArray &m, const pipeline::Envelope &e) {
                    for (const msgs::GoalStatus &s : m.status_list) {
                        statuses_.push_back({e.log_time, s.goal_info.goal_id.uuid, s.status});
                    }
                });
        }
    }
    if (const std::string t = topic("odometry"); !t.empty()) {
        pipe.subscribe<msgs::Odometry>(t, [this](const msgs::Odometry &m, const pipeline::Envelope &e) {
            if (auto point = trackPointOf(m.pose.pose, e.log_time)) odometry_.push_back(*point);
        });
    }
    auto truth = [this](const msgs::Pose &p, TimeNs log) {
        if (auto point = trackPointOf(p, log)) poses_.push_back(*point);
    };
    if (const std::string t = topic("pose"); !t.empty()) {
        pipe.subscribe<msgs::PoseArray>(t, [truth](const msgs::PoseArray &m, const pipeline::Envelope &e) {
            if (!m.poses.empty()) truth(m.poses.front(), e.log_time);
        });
    }
    if (const std::string t = topic("ground_truth_odometry"); !t.empty()) {
        pipe.subscribe<msgs::Odometry>(
            t, [truth](const msgs::Odometry &m, const pipeline::Envelope &e) { truth(m.pose.pose, e.log_time); });
    }
    if (const std::string t = topic("ground_truth_pose"); !t.empty()) {
        pipe.subscribe<msgs::PoseStamped>(
            t, [truth](const msgs::PoseStamped &m, const pipeline::Envelope &e) { truth(m.pose, e.log_time); });
    }
    if (const std::string t = topic("ground_truth_transform"); !t.empty()) {
        pipe.subscribe<msgs::TransformStamped>(t,
                                               [truth](const msgs::TransformStamped &m, const pipeline::Envelope &e) {
                                                   truth(io::poseOf(m.transform), e.log_time);
                                               });
    }
    if (const std::string t = topic("ground_truth_pose_array"); !t.empty()) {
        truth_entry_.emplace(truth_entry_spelling_, truth);
        pipe.subscribe<msgs::PoseArray>(t, [this](const msgs::PoseArray &m, const pipeline::Envelope &e) {
            truth_entry_->add(io::namedPoses(m), e.log_time);
        });
    }
    if (const std::string t = topic("ground_truth_tf"); !t.empty()) {
        truth_entry_.emplace(truth_entry_spelling_, truth);
        pipe.subscribe<msgs::TFMessage>(t, [this](const msgs::TFMessage &m, const pipeline::Envelope &e) {
            truth_entry_->add(io::namedPoses(m), e.log_time);
        });
    }
    if (const std::string t = topic("ground_truth_pose_cov"); !t.empty()) {
        pipe.subscribe<msgs::PoseWithCovarianceStamped>(
            t, [truth](const msgs::PoseWithCovarianceStamped &m, const pipeline::Envelope &e) {
                truth(m.pose.pose, e.log_time);
            });
    }
}

template <class Timed>
std::vector<Timed> ActivityNode::onSystemClock(SpillLog<Timed> &log, const std::function<TimeNs(TimeNs)> &to_system) {
    std::vector<Timed> out;
    out.reserve(log.size());
    for (Timed item : log) {
        item.t = to_system(item.t);
        out.push_back(item);
    }
    log.clear();
    return out;
}

std::optional<TimeIntervals> ActivityNode::movingInOrder(const SpillLog<activity::TrackPoint> &log,
                                                         const std::function<TimeNs(TimeNs)> &to_system) {
    activity::MovingIntervals moving;
    TimeNs last = std::numeric_limits<TimeNs>::min();
    for (activity::TrackPoint p : log) {
        p.t = to_system(p.t);
        if (p.t < last) return std::nullopt;  // a track would sort them first
        last = p.t;
        moving.add(p);
    }
    return moving.result();
}

ActivityRun ActivityNode::takeRun(const std::function<TimeNs(TimeNs)> &to_system, TimeNs end) {
    // Everything on the recorder's receive time mapped onto the system's clock: one clock for
    // commands, goals and tracks, whatever clock their publishers stamped them with. The logs are
    // read back one at a time and each is released as soon as its part of the run is built, so
    // that no two of a long run's logs or tracks are in memory at once.
    activity::IntentBuilder builder(config_);
    builder.addCommands(onSystemClock(commands_, to_system));
    for (const Status &s : statuses_) builder.addGoalStatus(to_system(s.log), s.id, s.status);
    std::vector<Status>().swap(statuses_);
    ActivityRun run;
    run.intent = builder.finish(end);
    // When the robot moved: from the odometry (what AMCL sees), else from the ground truth. Real
    // progress: the ground truth when recorded, else the odometry.
    run.has_odometry = odometry_.size() >= 2;
    if (run.has_odometry) {
        std::optional<TimeIntervals> moving;
        // With a ground truth the odometry only says when the robot moved: judged as it is read
        // back, without a track, as long as it comes in time order on the system's clock.
        if (poses_.size() >= 2) moving = movingInOrder(odometry_, to_system);
        if (moving) {
            run.moving = std::move(*moving);
        } else {
            activity::Track odometry(onSystemClock(odometry_, to_system));
            run.moving = odometry.moving();
            if (poses_.size() < 2) run.progress = std::move(odometry);
        }
    }
    odometry_.clear();
    if (poses_.size() >= 2) {
        run.progress = activity::Track(onSystemClock(poses_, to_system));
        run.progress_from_ground_truth = true;
        if (!run.has_odometry) run.moving = run.progress->moving();
    }
    poses_.clear();
    return run;
}

}  // namespace robometrics::nodes
