#include "robometrics/sim/NavScenarios.hpp"

#include <cmath>

namespace robometrics::sim {

namespace {

MissionStep wait(double s) { return {MissionStep::Kind::Wait, s, {}}; }
MissionStep hold(double s) { return {MissionStep::Kind::Hold, s, {}}; }
MissionStep goal(std::vector<Waypoint> path) { return {MissionStep::Kind::Goal, 0, std::move(path)}; }

/// Start at `from`, facing the first point of the first goal.
Pose2 startFacing(const Waypoint &from, const Mission &mission) {
    for (const MissionStep &s : mission.steps) {
        if (s.kind != MissionStep::Kind::Goal) continue;
        return {from.x, from.y, std::atan2(s.path.front().y - from.y, s.path.front().x - from.x)};
    }
    return {from.x, from.y, 0};
}

/// Along the corridor's lower lane (y = 6.8: 0.75 m from the wall, 0.55 m from the pillar) to
/// x = 11.5 and back, with short waits: room for a fault in the middle of a long straight goal.
Mission corridorShuttle(MissionStep first) {
    return {{std::move(first), goal({{11.5, 6.8}}), wait(5), goal({{1.5, 6.8}}), wait(5)}, 1};
}

}  // namespace

std::optional<ScenarioSpec> makeNavScenario(const std::string &name) {
    ScenarioSpec s;
    s.name = name;
    s.world = makeOfficeWorld();
    s.robot = RobotKind::TurtleBot3;
    s.max_speed = 0.5;  // a rover sent on these missions drives at its indoor speed
    s.lidar_max_range = 12.0;
    s.localization_sigma = 0.04;
    Waypoint from{1.5, 6.8};
    if (name == "nav2") {
        // Through the door of the lower-left room, back out and along the corridor, into the
        // upper-left room, and home; idle waits of 5-9 s between the goals.
        from = {1.5, 7.0};
        s.mission = {{wait(8), goal({{3.6, 7.0}, {3.6, 4.6}}), wait(6), goal({{3.6, 7.0}, {6.6, 7.0}}), wait(9),
                      goal({{6.6, 9.6}, {5.0, 10.6}}), wait(5), goal({{6.6, 9.6}, {6.6, 7.0}, {1.5, 7.0}}), wait(7)},
                     1};
        s.duration_s = 120;
        s.description = "Nav2 robot waiting between goals in the office: idle periods, no fault";
    } else if (name == "standstill") {
        s.mission = {{hold(60), goal({{6.5, 6.8}}), wait(10), goal({{1.5, 6.8}}), wait(10)}, 1};
        s.duration_s = 90;
        s.description = "robot told to stand still (teleop holds a zero command for 60 s), then one goal";
    } else if (name == "stall") {
        s.mission = corridorShuttle(wait(3));
        s.stall = GoalScript{0, 12.0, 10.0};
        s.duration_s = 60;
        s.description = "wheels blocked for 10 s during a goal while the controller keeps commanding cruise speed";
    } else if (name == "scan_gap") {
        s.mission = corridorShuttle(wait(3));
        s.scan_gap = GoalScript{0, 15.0, 5.0};
        s.duration_s = 60;
        s.description = "the laser driver is silent for 5 s during a goal (AMCL does not update then)";
    } else {
        return std::nullopt;
    }
    s.start = startFacing(from, s.mission);
    return s;
}

void scaleMission(ScenarioSpec &spec, double factor) {
    for (MissionStep &step : spec.mission.steps) step.duration_s *= factor;
    for (std::optional<GoalScript> *script : {&spec.stall, &spec.scan_gap}) {
        if (!*script) continue;
        (*script)->after_s *= factor;
        (*script)->duration_s *= factor;
    }
}

}  // namespace robometrics::sim
