#pragma once
// A whole SLAM run judged at once (`slam-eval`): ATE after SE(3) Umeyama and after first-pose
// alignment, RPE, the odometry's motion (2-D path length, fastest step, when it started to move),
// drift per metre, the estimated map against a ground-truth map, and the seed's failure
// heuristics. Pure: the caller reads the bag, the trajectories and the maps.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"
#include "robometrics/slam/FailureHeuristics.hpp"
#include "robometrics/slam/MapEvaluation.hpp"
#include "robometrics/slam/SlamRun.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::slam {

/// What one pass over the run's bag collects.
struct RunRecording {
    std::vector<OdomSample> odometry;
    std::size_t scans = 0;
    double start_s = 0;  ///< log time of the bag's first message
    double end_s = 0;    ///< and of its last
};

struct SlamRunConfig {
    TrajectoryEvalConfig trajectory;  ///< association and plane; the alignment is set per figure
    RpeConfig rpe;
    MotionConfig motion;
    FailureThresholds thresholds;
};

/// The inputs; `estimate` and `estimated_map` carry the reason when they could not be read (the
/// run is still judged without them). The maps are compared only when `gt_map` is given.
struct SlamRunInputs {
    const Trajectory &gt;
    const Result<Trajectory> &estimate;
    const RunRecording &recording;
    const msgs::OccupancyGrid *gt_map = nullptr;
    const Result<msgs::OccupancyGrid> *estimated_map = nullptr;
};

/// One trajectory error figure: its statistics, how many poses were matched, the alignment used.
struct RunTrajectoryError {
    ErrorStatistics stats;
    std::size_t matched = 0;
    Alignment alignment;
};

struct SlamRunResult {
    std::optional<RunTrajectoryError> ate;         ///< SE(3) Umeyama
    std::optional<RunTrajectoryError> ate_origin;  ///< first poses aligned
    std::optional<RunTrajectoryError> rpe;
    std::optional<std::string> ate_error;  ///< why there is no ATE (then no RPE is tried either)
    std::optional<std::string> rpe_error;
    RunMotion motion;
    std::size_t scans = 0;
    std::optional<double> drift_per_m;
    std::optional<double> movement_start_s;  ///< since the bag's first message
    std::optional<double> duration_s;        ///< from the start of movement to the bag's end
    std::optional<MapEvalResult> map;
    std::optional<std::string> map_error;  ///< why the estimated map could not be read
    FailureAssessment assessment;
    SlamRunConfig config;  ///< the thresholds and RPE delta the figures were made with
};

/// Fails only when a map is malformed; every other missing piece is reported in the result.
Result<SlamRunResult> evaluateSlamRun(const SlamRunInputs &inputs, const SlamRunConfig &config);

/// The `slam-eval --json` document (`bag` names the run).
nlohmann::json slamRunToJson(const SlamRunResult &result, const std::string &bag);

}  // namespace robometrics::slam
