#pragma once
// `slam-eval` from its files: reads the run's bag (odometry, scans, the estimate's TF or topic,
// the estimated map), the ground-truth trajectory and, when given, the ground-truth map, then
// judges the run with slam::evaluateSlamRun. The request holds what the command line says, with
// the defaults in one place.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/slam/SlamRunEvaluation.hpp"

namespace robometrics::evaluate {

struct SlamRunRequest {
    std::string bag;
    std::string gt_traj;                        ///< TUM/KITTI/EuRoC file or BAG:TOPIC
    std::string gt_map;                         ///< map_server YAML; empty: no map metrics
    std::string est_traj = "tf:map:base_link";  ///< tf:PARENT:CHILD or /topic in the bag, or any trajectory argument
    std::string map_topic = nodes::SlamRunNode::spec().input("map").topic;
    std::string odom_topic = nodes::SlamRunNode::spec().input("odometry").topic;
    std::string scan_topic = nodes::SlamRunNode::spec().input("scan").topic;
    double t_max_diff = 0.01;
    double rpe_delta = 1.0;
    std::string rpe_unit = "f";
    std::string plane;  ///< empty: no projection
    slam::FailureThresholds thresholds;
    bool no_scan_required = false;
    slam::MotionConfig motion;
};

/// Fails when the bag, the ground-truth trajectory or the ground-truth map cannot be read, or an
/// option is invalid; a missing estimate or estimated map is reported in the result instead.
Result<slam::SlamRunResult> evaluateSlamRunFiles(const SlamRunRequest &request);

}  // namespace robometrics::evaluate
