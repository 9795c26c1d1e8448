#pragma once
// Carries out a Mission tick by tick, as Nav2's bt_navigator and controller do for the goals an
// operator sends: waits, teleop holds and goals one after the other, a new WaypointFollower
// for each goal's path. Keeps what happened (the goals with their times, the steps as events)
// for the topics that report it (/goal_pose, the action status) and for scenario.json.
//
// Without a mission the robot follows the scenario's route forever, as one goal sent at the
// start that never ends (the rover scenarios).

#include <vector>

#include "robometrics/sim/EventLog.hpp"
#include "robometrics/sim/Mission.hpp"
#include "robometrics/sim/WaypointFollower.hpp"

namespace robometrics::sim {

struct GoalRecord {
    Waypoint target;      ///< the goal position
    double yaw = 0;       ///< the goal heading: along the last leg of the path
    double sent_s = 0;    ///< when it was sent and accepted
    double ended_s = -1;  ///< when it was reached; < 0 while it executes
};

class MissionRunner {
public:
    MissionRunner(Mission mission, std::vector<Waypoint> route, double cruise_speed, const Pose2 &start);

    /// The velocity command at time `now` (s) for the robot at `pose`; moves on to the next
    /// step when the current one is over. `stopped`: a scripted stop of the route scenarios (the
    /// command is zero and the route is not advanced).
    Command update(double now, const Pose2 &pose, bool stopped);

    MissionStep::Kind phase() const { return phase_; }
    /// A goal is executing: Nav2's controller commands the robot.
    bool navigating() const { return phase_ == MissionStep::Kind::Goal; }
    /// Nav2 commands the robot on /cmd_vel: a goal or a backup.
    bool commanding() const { return navigating() || phase_ == MissionStep::Kind::Backup; }
    double phaseStart() const { return phase_start_; }
    /// Every goal sent so far, in order; the last one executes while navigating().
    const std::vector<GoalRecord> &goals() const { return goals_; }
    /// The follower of the current goal (the kidnapping skips its waypoints).
    WaypointFollower &follower() { return follower_; }

    /// The steps so far as events (goal, idle, stop); the current one ends at `now`.
    std::vector<Event> events(double now) const;

private:
    void begin(std::size_t step, double now, const Pose2 &pose);
    Event stepEvent(double end) const;

    Mission mission_;
    double cruise_;
    std::size_t step_ = 0;
    MissionStep::Kind phase_ = MissionStep::Kind::Goal;
    double phase_start_ = 0;
    WaypointFollower follower_;
    std::vector<GoalRecord> goals_;
    std::vector<Event> done_;
    Pose2 backup_from_;  ///< where the current step began (a backup's distance counts from here)
};

}  // namespace robometrics::sim
