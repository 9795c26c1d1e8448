#include "robometrics/evaluate/RobotStage.hpp"

#include "robometrics/evaluate/ActivityStage.hpp"

namespace robometrics::evaluate {

namespace {
/// The activity node's input role for the recording's ground-truth topic, by its type.
std::string groundTruthRole(const nodes::TopicChoice &t) {
    if (t.ground_truth_type == msgs::TypeInfo<msgs::PoseStamped>::name) return "ground_truth_pose";
    if (t.ground_truth_type == msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name) return "ground_truth_pose_cov";
    if (t.ground_truth_type == msgs::TypeInfo<msgs::TransformStamped>::name) return "ground_truth_transform";
    if (t.ground_truth_type == msgs::TypeInfo<msgs::PoseArray>::name) return "ground_truth_pose_array";
    if (t.ground_truth_type == msgs::TypeInfo<msgs::TFMessage>::name) return "ground_truth_tf";
    return "ground_truth_odometry";
}
}  // namespace

nodes::NodeTopics activityTopics(const nodes::TopicChoice &t) {
    return {{"cmd_vel", t.cmd_vel},
            {"cmd_vel_stamped", t.cmd_vel_stamped},
            {"navigate_status", t.navigate_status},
            {"follow_path_status", t.follow_path_status},
            {"odometry", t.odometry},
            {"pose", t.pose_array},
            {groundTruthRole(t), t.pose_array.empty() ? t.ground_truth : std::string()}};
}

std::optional<slam::RunMotion> motionOf(const OdometryLog &odometry, const RunClock &clock) {
    if (odometry.empty()) return std::nullopt;
    slam::MotionSummary motion;
    for (const slam::OdomSample &s : odometry) motion.add(onRunAxis(clock, s));
    return motion.result();
}

RobotJudgement robotJudgement(const nodes::Robot &robot) {
    RobotJudgement j;
    j.name = robot.name;
    j.topics = robot.topics;
    j.tf_topic = robot.tf_topic;
    j.frame_prefix = robot.frame_prefix;
    return j;
}

RobotPass::RobotPass(const nodes::Robot &robot, const activity::IntentConfig &intent, pipeline::Pipeline &pipe)
    : robot_(robot), activity_(intent) {
    slam_run_.handOdometryTo([this](const slam::OdomSample &s) { odometry_.push_back(s); });
    slam_run_.subscribe(pipe, {{"odometry", robot_.topics.odometry}, {"scan", ""}});
    activity_.pickGroundTruthEntry(robot_.topics.ground_truth_entry);
    activity_.subscribe(pipe, activityTopics(robot_.topics));
}

RobotJudgement RobotPass::finish(const RunClock &clock, const std::function<TimeNs(TimeNs)> &to_system,
                                 const activity::StuckConfig &stuck, const TimeIntervals &unread,
                                 std::vector<std::string> &notes, std::vector<RobotActivityRun> &runs) {
    RobotJudgement j = robotJudgement(robot_);
    auto run = std::make_unique<nodes::ActivityRun>(activity_.finish(to_system, clock.systemEnd()));
    std::vector<std::string> own;
    j.activity = activityOf(*run, j.topics, clock, stuck, unread, own);
    runs.push_back({j.name, std::move(run)});
    for (const std::string &note : own) notes.push_back(j.name + ": " + note);
    j.motion = motionOf(odometry_, clock);
    odometry_.clear();
    return j;
}

}  // namespace robometrics::evaluate
