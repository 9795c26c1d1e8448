#pragma once
// What the user sets for one evaluation (`robometrics evaluate`'s options, bench jobs, the
// recording contract, the Python module): read by the stages of the evaluate pass.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/io/TrajectorySource.hpp"
#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::evaluate {

struct EvaluateOptions {
    std::optional<io::TrajectorySource> gt_trajectory;   ///< overrides the run directory's gt_trajectory.*
    /// `--gt-traj robot2=FILE`: a robot's own ground truth in a multi-robot recording, by its name
    /// (docs/evaluate.md, "Several robots"); overrides its folder's robot2/gt_trajectory.*.
    std::map<std::string, io::TrajectorySource> robot_gt_trajectories;
    std::optional<std::string> gt_map;                   ///< overrides the run directory's gt_map.yaml
    std::optional<io::TrajectorySource> est_trajectory;  ///< a bag topic or TF chain; default: TF map->base_link
    std::optional<std::string> params_file;     ///< ROS 2 params (metrics_node, lost_detector, slam_eval nodes)
    std::vector<std::string> param_overrides;   ///< name:=value
    pipeline::Remaps remaps;                    ///< --topic name=/topic, parsed where it came in
    double t_max_diff = 0.01;                   ///< trajectory association, seconds
    double cpu_budget_percent = 100.0;
    double topic_drop_ratio = 0.05;  ///< a topic with more estimated drops than this share is an anomaly
    bool progress = false;
    int threads = 2;  ///< 2: the bag is read on a second thread (same results as 1)
    /// Refuse a recording cut short or damaged (an error) instead of reading what is readable and
    /// raising `recording_truncated` (docs/evaluate.md, Recordings cut short).
    bool strict = false;
    /// Judge only this window of the recording (`--start`, `--end`); times stay on the
    /// recording's axis (docs/evaluate.md, A window of a long run).
    bag::WindowSpec window;
    /// Judge only this robot of a multi-robot recording (`--robot NS`; docs/evaluate.md,
    /// Several robots); empty: every robot found.
    std::string robot;
};

}  // namespace robometrics::evaluate
