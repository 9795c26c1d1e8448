#pragma once
// The summary `robometrics simulate` prints (docs/simulate.md): the scenario and its profiles,
// the files written and the injected events with the anomaly each must raise, read back from
// scenario.json.

#include <nlohmann/json.hpp>
#include <string>

namespace robometrics::sim {

/// `report` is scenario.json as sim::scenarioReport builds it; `out_dir` is where it was written.
std::string formatScenarioSummary(const std::string &out_dir, const nlohmann::json &report);

}  // namespace robometrics::sim
