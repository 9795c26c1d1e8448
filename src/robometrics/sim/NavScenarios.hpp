#pragma once
// The navigation scenarios (nav2, standstill, stall, scan_gap): a TurtleBot3's Nav2 missions in
// the office world, goal paths laid out by hand with at least 0.5 m between the planned path
// and any obstacle (so that the scan origin keeps clear by more than 0.3 m on the way).

#include <optional>
#include <string>
#include <vector>

#include "robometrics/sim/Scenario.hpp"

namespace robometrics::sim {

/// The scenario at its default duration, or nothing when `name` is not a navigation scenario.
std::optional<ScenarioSpec> makeNavScenario(const std::string &name);

/// The truth profiles among them (rear_collision, wheel_slip, amcl_restart, tf_only, no_scanner,
/// gz_pose_info, cloud_collision, mocap_slip):
/// TurtleBot3-only recordings whose scenario.json states the verdict evaluate must give.
const std::vector<std::string> &truthProfileNames();

/// The robots of a multi-robot scenario (two_robots), in namespace order; empty when `name` is
/// not one. Each is a TurtleBot3 in the office at the scenario's default duration.
std::vector<ScenarioSpec> makeFleetScenario(const std::string &name);

/// The multi-robot scenarios (two_robots, and two_robots_gt: each robot's ground truth in the bag).
const std::vector<std::string> &fleetScenarioNames();

/// Shortens the waits, holds and goal scripts by `factor` (<= 1) for a shorter run.
void scaleMission(ScenarioSpec &spec, double factor);

}  // namespace robometrics::sim
