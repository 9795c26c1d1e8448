#pragma once
// One robot of a multi-robot recording judged on its own (issue 61; docs/evaluate.md, "Several
// robots"): during the pass, its odometry and what it was told (RobotPass, subscribed beside the
// other nodes) and its AMCL pose's lost detector; after it, its activity, stuck episodes and motion, by the same
// functions that judge a one-robot run (activityOf, motionOf). The first robot is the run's own (Evaluation's topics,
// activity, motion); the others each have a RobotPass.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/RunClock.hpp"
#include "robometrics/core/TimeIntervals.hpp"
#include "robometrics/evaluate/ActivityStage.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/evaluate/OdometryPaths.hpp"
#include "robometrics/nodes/ActivityNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/Robots.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::evaluate {

/// The odometry of `t` alone: what the SLAM run node reads in the pass (the scanners count scans).
nodes::NodeTopics odometryOnly(const nodes::NodeTopics &t);

/// The motion of an odometry log (t: log time) on the run's axis; empty without samples.
std::optional<slam::RunMotion> motionOf(const OdometryLog &odometry, const RunClock &clock);

/// `robot` as the evaluation names it, before what it did is known.
RobotJudgement robotJudgement(const nodes::Robot &robot);

/// The lost detector on one robot's AMCL pose (`config`'s pose and reset topics), its readings
/// kept on disk for the evaluation.
class LostStage {
public:
    LostStage(const localization::LostDetectorConfig &config, pipeline::Pipeline &pipe);
    LostStage(const LostStage &) = delete;
    LostStage &operator=(const LostStage &) = delete;

    /// After the pass: its episodes and readings; the AMCL pose's path (run axis) into `path`
    /// when it has poses. Called once.
    LostResult finish(const RunClock &clock, std::optional<RunPath> &path);

private:
    std::string topic_;
    nodes::LostNode node_;
    SpillLog<localization::LostSample> readings_;
};

/// The nodes of one more robot in the pass: its odometry, its activity, its traversal metrics
/// and its lost detector.
class RobotPass {
public:
    /// `lost`: the lost detector's settings, its topics replaced by the robot's own; `traversal`
    /// the run's traversal settings, applied to the robot's own scan, IMU and odometry.
    RobotPass(const nodes::Robot &robot, const activity::IntentConfig &intent,
              const localization::LostDetectorConfig &lost, const traversal::TraversalConfig &traversal,
              pipeline::Pipeline &pipe);
    RobotPass(const RobotPass &) = delete;
    RobotPass &operator=(const RobotPass &) = delete;

    /// After the pass: the robot's activity, stuck episodes, motion and traversal summary (its notes prefixed with
    /// its name into `notes`); what it did goes into `runs` for its topics' health. Called once.
    RobotJudgement finish(const RunClock &clock, const std::function<TimeNs(TimeNs)> &to_system,
                          const activity::StuckConfig &stuck, const TimeIntervals &unread,
                          std::vector<std::string> &notes, std::vector<RobotActivityRun> &runs);

private:
    nodes::Robot robot_;
    nodes::SlamRunNode slam_run_;
    OdometryLog odometry_;
    nodes::ActivityNode activity_;
    /// Only its summary is kept: the per-second rows (traversal.csv, the plots) are the first robot's.
    std::optional<nodes::TraversalNode> traversal_;
    std::optional<LostStage> lost_;
};

}  // namespace robometrics::evaluate
