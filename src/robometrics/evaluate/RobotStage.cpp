#include "robometrics/evaluate/RobotStage.hpp"

#include "robometrics/evaluate/ActivityStage.hpp"

namespace robometrics::evaluate {

nodes::NodeTopics odometryOnly(const nodes::NodeTopics &t) {
    nodes::NodeTopics only;
    only.odometry = t.odometry;
    return only;
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

LostStage::LostStage(const localization::LostDetectorConfig &config, pipeline::Pipeline &pipe)
    : topic_(config.pose_topic), node_(config) {
    node_.handReadingsTo(
        [this](const localization::LostReading &r) { readings_.push_back(localization::LostSample::of(r)); });
    node_.subscribe(pipe, nodes::LostNode::topicsOf(config));
}

LostResult LostStage::finish(const RunClock &clock, std::optional<RunPath> &path) {
    node_.finish();
    RunPath amcl_path{topic_, "map", node_.path().t, node_.path().x, node_.path().y};
    for (double &time : amcl_path.t) time = clock.sinceStart(fromSeconds(time));
    localization::LostRun run = node_.takeRun();
    if (!amcl_path.t.empty()) path = std::move(amcl_path);
    return LostResult{topic_, std::move(readings_), std::move(run.episodes)};
}

RobotPass::RobotPass(const nodes::Robot &robot, const activity::IntentConfig &intent,
                     const localization::LostDetectorConfig &lost, const traversal::TraversalConfig &traversal,
                     pipeline::Pipeline &pipe)
    : robot_(robot), activity_(intent) {
    slam_run_.handOdometryTo([this](const slam::OdomSample &s) { odometry_.push_back(s); });
    slam_run_.subscribe(pipe, odometryOnly(robot_.topics));
    activity_.subscribe(pipe, robot_.topics);
    const nodes::TopicChoice &t = robot_.topics;
    if (nodes::hasTraversalInput(t)) {
        traversal_.emplace(traversal, [](const traversal::TraversalRow &) {});
        traversal_->setDistanceFromOdometry(nodes::distanceFromOdometry(t));
        traversal_->subscribe(pipe, t);
    }
    if (!robot_.topics.amcl_pose.empty()) {
        localization::LostDetectorConfig own = lost;
        own.pose_topic = robot_.topics.amcl_pose;
        own.reset_topic = robot_.topics.lost_reset;
        lost_.emplace(own, pipe);
    }
}

RobotJudgement RobotPass::finish(const RunClock &clock, const std::function<TimeNs(TimeNs)> &to_system,
                                 const activity::StuckConfig &stuck, const TimeIntervals &unread,
                                 std::vector<std::string> &notes, std::vector<RobotActivityRun> &runs) {
    RobotJudgement j = robotJudgement(robot_);
    activity_.finish();
    auto run = std::make_unique<nodes::ActivityRun>(activity_.takeRun(to_system, clock.systemEnd()));
    std::vector<std::string> own;
    j.activity = activityOf(*run, j.topics, clock, stuck, unread, own);
    runs.push_back({j.name, std::move(run)});
    for (const std::string &note : own) notes.push_back(j.name + ": " + note);
    j.motion = motionOf(odometry_, clock);
    odometry_.clear();
    if (traversal_) {
        traversal_->endAt(clock.end());
        traversal_->finish();
        j.traversal = traversal_->summary();
        traversal_.reset();
    }
    if (lost_) {
        std::optional<RunPath> path;  // the report draws the first robot's paths only
        j.lost = lost_->finish(clock, path);
        lost_.reset();
    }
    return j;
}

}  // namespace robometrics::evaluate
