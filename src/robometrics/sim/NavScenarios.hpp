#pragma once
// The navigation scenarios (nav2, standstill, stall, scan_gap): a TurtleBot3's Nav2 missions in
// the office world, goal paths laid out by hand with at least 0.5 m between the planned path
// and any obstacle (so that the scan origin keeps clear by more than 0.3 m on the way).

#include <optional>
#include <string>

#include "robometrics/sim/Scenario.hpp"

namespace robometrics::sim {

/// The scenario at its default duration, or nothing when `name` is not a navigation scenario.
std::optional<ScenarioSpec> makeNavScenario(const std::string &name);

/// Shortens the waits, holds and goal scripts by `factor` (<= 1) for a shorter run.
void scaleMission(ScenarioSpec &spec, double factor);

}  // namespace robometrics::sim
