#pragma once
// The files an ape/rpe run writes besides stdout: -o DIR, evo's --plot/--save_plot and
// --save_results (a JSON results file that `robometrics res` reads; schema in docs/ape.md).

#include <nlohmann/json.hpp>
#include <string>

#include "TrajectoryCommandSupport.hpp"

namespace robometrics::app {

/// The results file: `summary` (what --json prints) with the per-pose arrays and an info block.
nlohmann::json resultsJson(const std::string &metric, const std::string &title, const TrajectoryOptions &o,
                           const slam::TrajectoryErrorResult &r, const nlohmann::json &summary);

/// Writes what the options ask for (-o, --plot, --save_plot, --save_results). `stem` is "ape" or "rpe".
Status writeTrajectoryOutputs(const std::string &stem, const std::string &title, const std::string &unit,
                              const TrajectoryOptions &o, const slam::TrajectoryErrorResult &r,
                              const nlohmann::json &summary);

}  // namespace robometrics::app
