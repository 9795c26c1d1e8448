#pragma once
// Runs every analysis that applies to a run: one pass over the bag drives the streaming
// analyzers (traversal, topic statistics, lost detector, odometry motion, costmap) and keeps
// what the trajectory and map comparisons need afterwards (the transforms, the last map);
// resource use comes from run.json/system.csv.
// Anomalies of all analyses are gathered into one verdict.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

struct EvaluateOptions {
    std::optional<std::string> gt_trajectory;   ///< overrides the run directory's gt_trajectory.*
    std::optional<std::string> gt_map;          ///< overrides the run directory's gt_map.yaml
    std::optional<std::string> est_trajectory;  ///< BAG:TOPIC or BAG:tf:PARENT:CHILD; default: TF map->base_link
    std::optional<std::string> params_file;     ///< ROS 2 params (metrics_node, lost_detector, slam_eval nodes)
    std::vector<std::string> param_overrides;   ///< name:=value
    std::vector<std::string> remaps;            ///< name=/topic
    double t_max_diff = 0.01;                   ///< trajectory association, seconds
    double cpu_budget_percent = 100.0;
    double topic_drop_ratio = 0.05;  ///< a topic with more estimated drops than this share is an anomaly
    bool progress = false;
    int threads = 2;  ///< 2: the bag is read on a second thread (same results as 1)
    /// Refuse a recording cut short or damaged (an error) instead of reading what is readable and
    /// raising `recording_truncated` (docs/evaluate.md, Recordings cut short).
    bool strict = false;
};

Result<Evaluation> evaluateRun(const RunInputs &inputs, const EvaluateOptions &options);

/// evaluateRun() into `e`, calling `pass_done` (when given) once what the pass over the bag alone
/// decides is final: e.traversal, e.topic_windows, e.lost and e.clock are not changed after it,
/// nor `e` moved, so their files can be written while the analyses after the pass run
/// (EvaluationWriter::startPassParts). `e` must be empty on entry.
Status evaluateRun(const RunInputs &inputs, const EvaluateOptions &options, Evaluation &e,
                   const std::function<void(const Evaluation &)> &pass_done);

}  // namespace robometrics::evaluate
