#pragma once
// scenario.json of a multi-robot run (docs/simulate.md, "Several robots"): the run's profiles,
// topics and events as for one robot, plus a `robots` list (each robot's namespace, mission,
// truth, true trajectory file and expected verdict); every event and expected anomaly names its
// robot. Pure: builds the JSON from each robot's own report.

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/sim/Fleet.hpp"
#include "robometrics/sim/ScenarioReport.hpp"

namespace robometrics::sim {

/// The true trajectory file of robot i: "robot1/gt_trajectory.tum".
std::string fleetTrajectoryFile(std::size_t i, const OutputFiles &files);

/// The report of a finished fleet run; `message_counts` per topic as written (namespaced names).
nlohmann::json fleetReport(const Fleet &fleet, const std::map<std::string, std::uint64_t> &message_counts,
                           const OutputFiles &files = {});

}  // namespace robometrics::sim
