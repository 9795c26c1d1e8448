#pragma once
// The trajectory and map stage of the evaluate pass (docs/architecture.md, "The evaluate pass"):
// which ground truth and which estimate the ATE compares, what the pass keeps from the bag for
// them (TF chains, the last map), the ATE, the map comparison, the robot's motion, and the paths
// the report draws when there is no ATE.

#include <future>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/evaluate/BagPass.hpp"
#include "robometrics/evaluate/EvaluateOptions.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/evaluate/OdometryPaths.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/io/TrajectorySource.hpp"

namespace robometrics::evaluate {

/// What the stage compares, from the run's files, its topics and the user's choices.
struct TrajectorySetup {
    std::string bag;
    /// The ATE's reference: --gt-traj, else the run directory's gt_trajectory file, else the ground
    /// truth recorded in the bag (a topic, or a TF chain the pass found); none: no ATE.
    std::optional<io::TrajectorySource> ground_truth;
    std::optional<std::string> ground_truth_map;  ///< --gt-map, else the run directory's gt_map.yaml
    /// The estimates tried in turn: the user's, else TF map->base_link, the AMCL pose, odometry.
    std::vector<io::TrajectorySource> estimate_candidates;
    std::string odometry_topic;  ///< empty: the bag has no odometry
    std::string map_topic;       ///< the bag's OccupancyGrid, empty when none
    double t_max_diff = 0.01;
    int threads = 2;
    /// `--start/--end`: the trajectories in the bag are read over this window only (their poses
    /// logged in it, io::TrajectoryLoadOptions::window); none: the whole bag.
    std::optional<bag::LogWindow> window;
};

/// `tf_ground_truth`: the TF chain (parent, child) the pass found to be a ground truth, if any
/// (PassResult::tf_ground_truth); before the pass, none.
TrajectorySetup trajectorySetup(const RunInputs &inputs, const nodes::TopicChoice &topics,
                                const EvaluateOptions &options,
                                const std::optional<std::pair<std::string, std::string>> &tf_ground_truth = {});

/// What the pass must keep from the bag for this stage.
PassWants passWants(const TrajectorySetup &setup);

/// What the stage reads from the pass's TF recording, taken before it runs so that the recording
/// is released first.
struct TfChains {
    std::optional<Result<slam::PoseLog>> estimate;  ///< map -> base_link (on disk), when it is an ATE candidate
    std::optional<RunPath> odometry_in_map;         ///< the odometry through map -> odom, when it chains
};

/// The chains the pass's TF recording built; what may make them differ from chains built after
/// reading goes into `caveats`.
TfChains takeTfChains(const TrajectorySetup &setup, const RunClock &clock, const OdometryLog &odometry,
                      PassRecordings &pass, std::vector<std::string> &caveats);

/// The ground-truth trajectory's poses, being read from their file (invalid without one): on a
/// second thread when there are two and the file is small, else when the ATE needs it.
using GroundTruthRead = std::future<Result<slam::Trajectory>>;
GroundTruthRead readGroundTruth(const TrajectorySetup &setup);

/// What a stage found, or (value empty) the note that says why it found nothing.
template <class T>
struct StageFinding {
    std::optional<T> value;
    std::string note;
};

/// The ATE of the first estimate candidate that matches the ground truth, or a note saying why
/// there is none. An error: the ground truth cannot be read.
Result<StageFinding<TrajectoryResult>> evaluateTrajectory(const TrajectorySetup &setup, TfChains &chains,
                                                          GroundTruthRead ground_truth);

/// The map comparison, or a note saying why there is none. `trajectory`: the ATE's result, whose
/// reference start anchors the comparison, when there is one.
Result<StageFinding<slam::MapEvalResult>> evaluateMap(const TrajectorySetup &setup, PassRecordings &pass,
                                                      const std::optional<TrajectoryResult> &trajectory);

/// Motion (e.motion, e.motion_source) from the odometry, else from the moving TF chain of a
/// TF-only recording (`tf_only`, which also gives a drawn path), else a note.
void evaluateMotion(Evaluation &e, const OdometryLog &odometry, const io::TfRecording *tf_only);

/// Without an ATE the report draws the estimated paths, the odometry first: brought into map
/// through the recorded TF map -> odom when the bag has it, else as recorded in odom. With an ATE
/// the paths are dropped (the report draws its trajectories).
void addOdometryPath(Evaluation &e, TfChains &chains, const OdometryLog &odometry);

}  // namespace robometrics::evaluate
