#include "robometrics/evaluate/SlamRunFiles.hpp"

#include <optional>

#include "robometrics/io/BagMap.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::evaluate {

namespace {

// "tf:PARENT:CHILD" and "/topic" are relative to the run's bag; anything else is a full argument.
std::string estimateArgument(const SlamRunRequest &r) {
    if (r.est_traj.rfind("tf:", 0) == 0 || r.est_traj.rfind('/', 0) == 0) return r.bag + ":" + r.est_traj;
    return r.est_traj;
}

Result<msgs::OccupancyGrid> readEstimatedMap(const SlamRunRequest &r) {
    auto map = io::readBagMap(r.bag + ":" + r.map_topic, r.map_topic);
    if (!map) return map.error();
    return std::move(map->grid);
}

/// One pass over the run's bag through the SLAM run node (odometry, scans, time span).
Result<slam::RunRecording> readRecording(const SlamRunRequest &r) {
    auto source = bag::openBag(r.bag);
    if (!source) return source.error();
    nodes::SlamRunNode node;
    pipeline::Pipeline pipe;
    nodes::NodeTopics topics;
    topics.odometry = r.odom_topic;
    topics.scan = r.scan_topic;
    node.subscribe(pipe, topics);
    ROBOMETRICS_TRY(pipe.run(**source));
    node.finish();
    return slam::RunRecording{std::move(node.odometry()), node.scans(), node.startSeconds(), node.endSeconds()};
}

}  // namespace

Result<slam::SlamRunResult> evaluateSlamRunFiles(const SlamRunRequest &r) {
    // The order of the reads and checks is the order in which errors are reported.
    auto recording = readRecording(r);
    if (!recording) return recording.error();
    auto gt = io::loadTrajectory(r.gt_traj);
    if (!gt) return gt.error();
    slam::SlamRunConfig config;
    config.trajectory.association.t_max_diff = r.t_max_diff;
    if (!r.plane.empty()) {
        auto plane = slam::parsePlane(r.plane);
        if (!plane) return plane.error();
        config.trajectory.plane = *plane;
    }
    auto unit = slam::parseDeltaUnit(r.rpe_unit);
    if (!unit) return unit.error();
    config.rpe.delta = r.rpe_delta;
    config.rpe.delta_unit = *unit;
    config.motion = r.motion;
    config.thresholds = r.thresholds;
    config.thresholds.require_scan = !r.no_scan_required;

    const Result<slam::Trajectory> estimate = io::loadTrajectory(estimateArgument(r));
    slam::SlamRunInputs inputs{*gt, estimate, *recording};
    std::optional<msgs::OccupancyGrid> gt_map;
    std::optional<Result<msgs::OccupancyGrid>> estimated_map;
    if (!r.gt_map.empty()) {
        auto read = io::readMapServerMap(r.gt_map);
        if (!read) return read.error();
        gt_map = std::move(*read);
        estimated_map = readEstimatedMap(r);
        inputs.gt_map = &*gt_map;
        inputs.estimated_map = &*estimated_map;
    }
    return slam::evaluateSlamRun(inputs, config);
}

}  // namespace robometrics::evaluate
