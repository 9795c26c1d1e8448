#pragma once
// What `robometrics evaluate` is given: a bag, or a run directory holding a bag plus what
// `robometrics run` and `robometrics simulate` write next to it (run.json, system.csv,
// gt_map.yaml, gt_trajectory.tum, scenario.json). Finds each file that is present.

#include <optional>
#include <string>

#include "robometrics/core/Result.hpp"

namespace robometrics::evaluate {

struct RunInputs {
    std::string bag;  ///< an .mcap, a .db3 or a rosbag2 directory
    std::optional<std::string> run_json;
    std::optional<std::string> system_csv;
    std::optional<std::string> gt_map;         ///< map_server YAML
    std::optional<std::string> gt_trajectory;  ///< TUM/KITTI/EuRoC file
    std::optional<std::string> scenario_json;
};

/// Resolves INPUT: a bag file, a rosbag2 directory, or a run directory containing one bag
/// (`*.mcap`, `*.db3` or a rosbag2 sub-directory). Fails with a message naming the path when no
/// bag or more than one bag is found.
Result<RunInputs> findRunInputs(const std::string &input);

}  // namespace robometrics::evaluate
