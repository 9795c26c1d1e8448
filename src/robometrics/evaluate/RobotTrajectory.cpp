#include "robometrics/evaluate/RobotTrajectory.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

namespace robometrics::evaluate {

namespace {

namespace fs = std::filesystem;

/// The robot's folder's ground truth beside the bag (robot2/gt_trajectory.tum), if there is one.
std::optional<std::string> folderGroundTruth(const RunInputs &inputs, const std::string &robot) {
    const fs::path folder = fs::path(inputs.bag).parent_path() / robot;
    for (const char *name : {"gt_trajectory.tum", "gt_trajectory.txt", "gt_trajectory.csv"}) {
        std::error_code ec;
        if (fs::is_regular_file(folder / name, ec)) return (folder / name).string();
    }
    return std::nullopt;
}

/// Whether `robot` has a name of its own (a namespace), so that its own files can be looked for.
bool named(const nodes::Robot &robot) { return !robot.name.empty() && robot.name != "/"; }

RobotAte robotAte(const std::string &ground_truth, const TrajectoryResult &t) {
    return RobotAte{ground_truth, t.estimate_source, t.se3, t.worst};
}

/// The last note of the trajectory stage ("trajectory: ATE skipped: ..."), without its prefix.
std::string trajectoryNote(const std::vector<std::string> &notes) {
    constexpr std::string_view kPrefix = "trajectory: ";
    for (auto it = notes.rbegin(); it != notes.rend(); ++it) {
        if (it->rfind(kPrefix, 0) == 0) return it->substr(kPrefix.size());
    }
    return "no ATE";
}

/// The ATE of robot `robot` (not the first) on its own ground truth, into `r`.
Status judgeOther(const Evaluation &e, const TrajectorySetup &run, const EvaluateOptions &options,
                  const nodes::Robot &robot, RobotJudgement &r) {
    const RobotGroundTruth truth = robotGroundTruth(e.inputs, options, robot);
    if (!truth.source) {
        r.ate_not_measured = truth.why_none;
        return Status::Ok();
    }
    TrajectorySetup own = run;
    own.ground_truth = truth.source;
    own.ground_truth_map.reset();
    own.estimate_candidates.clear();
    for (const std::string &topic : {robot.topics.amcl_pose, robot.topics.odometry}) {
        if (!topic.empty()) own.estimate_candidates.push_back(io::TrajectorySource::bagTopic(run.bag, topic));
    }
    own.odometry_topic = robot.topics.odometry;
    own.map_topic.clear();
    TfChains none;
    auto found = evaluateTrajectory(own, none, readGroundTruth(own));
    if (!found) return withContext("ground truth of " + robot.name, found.error());
    if (found->value) {
        r.ate = robotAte(truth.source->spelling(), *found->value);
    } else {
        r.ate_not_measured = found->note.substr(found->note.find(' ') + 1);  // without "trajectory: "
    }
    return Status::Ok();
}

}  // namespace

RobotGroundTruth robotGroundTruth(const RunInputs &inputs, const EvaluateOptions &options, const nodes::Robot &robot,
                                  bool with_topic) {
    RobotGroundTruth out;
    if (named(robot)) {
        if (auto given = options.robot_gt_trajectories.find(robot.name); given != options.robot_gt_trajectories.end()) {
            out.source = given->second;
            return out;
        }
        if (auto file = folderGroundTruth(inputs, robot.name)) {
            out.source = io::TrajectorySource::file(*file);
            return out;
        }
    }
    if (with_topic && !robot.topics.ground_truth.empty() && robot.topics.ground_truth_type != "tf") {
        out.source = io::TrajectorySource::bagTopic(inputs.bag, robot.topics.ground_truth);
        out.source->entry = robot.topics.ground_truth_entry;
        return out;
    }
    const std::string ns = named(robot) ? "/" + robot.name : std::string("the robot");
    out.why_none = fmt::format(
        "no ground truth for {} (no ground-truth topic under {}, no {}/gt_trajectory.tum "
        "beside the bag, no --gt-traj {}=FILE)",
        ns, ns, robot.name, robot.name);
    return out;
}

Status checkRobotGroundTruths(const EvaluateOptions &options, const std::vector<nodes::Robot> &robots) {
    for (const auto &[robot_name, source] : options.robot_gt_trajectories) {
        // A plain reference for the lambda: clang 14 (the sanitizer tree) cannot capture a structured binding.
        const std::string &name = robot_name;
        const bool found =
            std::any_of(robots.begin(), robots.end(), [&](const nodes::Robot &r) { return r.name == name; });
        if (found) continue;
        const bool several = robots.size() > 1 || named(robots.front());
        return Error{fmt::format("--gt-traj {}={}: no such robot in the recording (its robots: {})", name,
                                 source.spelling(), several ? nodes::robotNames(robots) : "one, without a namespace")};
    }
    return Status::Ok();
}

EvaluateOptions firstRobotOptions(const RunInputs &inputs, const EvaluateOptions &options,
                                  const std::vector<nodes::Robot> &robots) {
    EvaluateOptions own = options;
    if (robots.empty() || !named(robots.front())) return own;
    const RobotGroundTruth truth = robotGroundTruth(inputs, options, robots.front(), false);
    if (truth.source) own.gt_trajectory = truth.source;
    return own;
}

Status judgeRobotTrajectories(Evaluation &e, const TrajectorySetup &run, const EvaluateOptions &options,
                              const std::vector<nodes::Robot> &robots) {
    for (std::size_t i = 0; i < e.robots.size() && i < robots.size(); ++i) {
        RobotJudgement &r = e.robots[i];
        if (i > 0) {
            ROBOMETRICS_TRY(judgeOther(e, run, options, robots[i], r));
        } else if (e.trajectory && run.ground_truth) {
            r.ate = robotAte(run.ground_truth->spelling(), *e.trajectory);
        } else {
            r.ate_not_measured =
                run.ground_truth ? trajectoryNote(e.notes) : robotGroundTruth(e.inputs, options, robots[i]).why_none;
        }
    }
    return Status::Ok();
}

}  // namespace robometrics::evaluate
