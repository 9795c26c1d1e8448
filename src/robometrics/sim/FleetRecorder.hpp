#pragma once
// Records a multi-robot run (sim/Fleet.hpp) into one output directory: the bag with every
// robot's topics under its namespace, the shared true map, each robot's true trajectory in its
// own folder (robot1/gt_trajectory.tum) and scenario.json (sim/FleetReport.hpp).

#include <string>

#include "robometrics/sim/Fleet.hpp"
#include "robometrics/sim/Recorder.hpp"

namespace robometrics::sim {

/// Simulates `fleet` to the end and writes the files into `out_dir` (created if missing).
/// `options.kill_recorder_at_s` does not apply (an error).
Result<RecordResult> recordFleet(Fleet &fleet, const std::string &out_dir, const RecordOptions &options = {});

}  // namespace robometrics::sim
