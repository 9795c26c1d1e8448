#pragma once
// Each robot's ATE in a multi-robot recording (docs/evaluate.md, "Several robots"), against its
// own ground truth only: `--gt-traj robot2=FILE`, else its folder's robot2/gt_trajectory.* beside
// the bag (as `simulate --scenario two_robots` writes them), else a ground-truth topic under its
// namespace (/robot2/ground_truth/odom, found by GroundTruthChoice's rules on its own topics).
// A robot without one has no ATE and the reason says what was looked for: never a value
// computed from another robot's inputs.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/evaluate/EvaluateOptions.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/evaluate/TrajectoryStage.hpp"
#include "robometrics/io/TrajectorySource.hpp"
#include "robometrics/nodes/Robots.hpp"

namespace robometrics::evaluate {

/// A robot's own ground truth, or (source empty) why it has none.
struct RobotGroundTruth {
    std::optional<io::TrajectorySource> source;
    std::string why_none;
};

/// `robot`'s own ground truth by the rule above. `with_topic`: whether its ground-truth topic
/// counts (the first robot's is the run's, chosen as in a one-robot recording).
RobotGroundTruth robotGroundTruth(const RunInputs &inputs, const EvaluateOptions &options, const nodes::Robot &robot,
                                  bool with_topic = true);

/// Every `--gt-traj NAME=FILE` names a robot of `robots`; else an error that lists them.
Status checkRobotGroundTruths(const EvaluateOptions &options, const std::vector<nodes::Robot> &robots);

/// The options of the run's own (first) robot: in a multi-robot recording, or with `--robot`, its
/// own ground-truth file replaces the plain one; else `options` as given.
EvaluateOptions firstRobotOptions(const RunInputs &inputs, const EvaluateOptions &options,
                                  const std::vector<nodes::Robot> &robots);

/// Each robot's ATE into `e.robots`: the first's is the run's (`e.trajectory`, measured on `run`);
/// each other's is measured here on its own ground truth and estimate (its AMCL pose, else its
/// odometry). An error: a ground truth that cannot be read.
Status judgeRobotTrajectories(Evaluation &e, const TrajectorySetup &run, const EvaluateOptions &options,
                              const std::vector<nodes::Robot> &robots);

}  // namespace robometrics::evaluate
