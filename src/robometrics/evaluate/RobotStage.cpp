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

RobotPass::RobotPass(const nodes::Robot &robot, const activity::IntentConfig &intent, pipeline::Pipeline &pipe)
    : robot_(robot), activity_(intent) {
    slam_run_.handOdometryTo([this](const slam::OdomSample &s) { odometry_.push_back(s); });
    slam_run_.subscribe(pipe, odometryOnly(robot_.topics));
    activity_.subscribe(pipe, robot_.topics);
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
    return j;
}

}  // namespace robometrics::evaluate
