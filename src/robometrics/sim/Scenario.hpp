#pragma once
// A scenario: the world, the route or the mission, the timing of the scripted events, the
// noise levels, and the profiles it runs with (robot, clock, recorder, sensors). Scripted times
// scale with the duration so that a short test run still contains every event.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/sim/ClockProfile.hpp"
#include "robometrics/sim/Mission.hpp"
#include "robometrics/sim/Pose2.hpp"
#include "robometrics/sim/RecorderKind.hpp"
#include "robometrics/sim/RobotKind.hpp"
#include "robometrics/sim/RobotOutputs.hpp"
#include "robometrics/sim/SensorProfile.hpp"
#include "robometrics/sim/World.hpp"

namespace robometrics::sim {

/// The rover stands still from `start_s` for `duration_s` seconds (commanded stop).
struct StopScript {
    double start_s = 0;
    double duration_s = 0;
};

/// At `start_s` the rover is picked up and put down `skip` waypoints further along the route
/// (a ground-truth teleport that odometry does not see). Localization is lost until
/// `recover_s`, when it relocalizes on the true pose.
struct KidnapScript {
    double start_s = 0;
    double recover_s = 0;
    int skip = 2;
};

struct ScenarioSpec {
    std::string name;
    std::string description;
    World world;
    Pose2 start;
    std::vector<Waypoint> waypoints;  ///< followed in order, then again from the first (no mission)
    Mission mission;                  ///< goals, waits and holds; empty: follow `waypoints`
    double duration_s = 90;
    double max_speed = 0.5;            ///< m/s, the cruise speed
    double lidar_max_range = 12.0;     ///< m, 2-D scan
    double traction = 1.0;             ///< ground speed / wheel speed on smooth ground (stuck: ~0)
    double localization_sigma = 0.04;  ///< m, stationary std of the localization error
    std::optional<StopScript> stop;
    std::optional<KidnapScript> kidnap;
    bool stuck = false;
    std::optional<GoalScript> stall;     ///< wheels blocked during a goal (the controller keeps commanding)
    std::optional<GoalScript> scan_gap;  ///< the laser driver silent during a goal
    std::optional<GoalScript> slip;      ///< wheels spin on the spot during a goal (odometry counts, the robot stays)
    /// The goal (0-based) after whose start the silence of /amcl_pose is reported as an event; -1: none.
    int amcl_watch_goal = -1;
    RobotOutputs outputs;         ///< sensors beyond the standard robot, topics recorded
    bool report_verdict = false;  ///< scenario.json states the verdict evaluate must give (the truth profiles)
    RobotKind robot = RobotKind::Rover;
    ClockProfile clock;
    RecorderKind recorder = RecorderKind::Plain;
    SensorProfile sensors = SensorProfile::Standard;
};

/// The profiles `simulate` runs a scenario with, each independent of the others.
struct RunProfile {
    std::optional<RobotKind> robot;  ///< empty: the scenario's own robot
    ClockProfile clock;
    RecorderKind recorder = RecorderKind::Plain;
    SensorProfile sensors = SensorProfile::Standard;
};

/// The names `simulate` accepts, in documentation order: makeScenario's, then the multi-robot
/// scenarios of makeFleet.
const std::vector<std::string> &scenarioNames();

/// Builds a scenario. `duration_s` <= 0 picks the scenario's default. A `map` replaces the
/// built-in world (flat ground) and the route is drawn from `seed` through its free space (the
/// route scenarios only: the goals of the navigation scenarios are laid out in the office).
Result<ScenarioSpec> makeScenario(const std::string &name, double duration_s, std::uint64_t seed,
                                  const std::optional<msgs::OccupancyGrid> &map = std::nullopt,
                                  const RunProfile &profile = {});

/// The robots of a multi-robot scenario (two_robots), each with `duration_s` (<= 0: the
/// scenario's default) and the profiles applied as makeScenario applies them.
Result<std::vector<ScenarioSpec>> makeFleet(const std::string &name, double duration_s, const RunProfile &profile = {});

}  // namespace robometrics::sim
