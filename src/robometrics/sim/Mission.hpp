#pragma once
// What the robot is asked to do: a sequence of navigation goals, waits and teleop holds, as an
// operator or a mission script drives Nav2. A scenario without a mission follows its route
// forever instead (the rover scenarios).

#include <cstddef>
#include <vector>

namespace robometrics::sim {

struct Waypoint {
    double x = 0, y = 0;
};

struct MissionStep {
    enum class Kind {
        Wait,    ///< idle: no goal, nobody commands the robot
        Hold,    ///< a teleop node holds a zero velocity command (stand still)
        Goal,    ///< navigate along `path`; the step ends when its last point is reached
        Backup,  ///< Nav2's BackUp behaviour: straight backwards at `speed` for `distance_m` (true travel)
    };
    Kind kind = Kind::Wait;
    double duration_s = 0;       ///< Wait and Hold
    std::vector<Waypoint> path;  ///< Goal: the planned path from where the previous step ended
    double speed = 0;            ///< m/s; Goal: 0 drives at the cruise speed; Backup: the reverse speed
    double distance_m = 0;       ///< Backup
};

struct Mission {
    std::vector<MissionStep> steps;
    std::size_t repeat_from = 0;  ///< after the last step the mission goes on from this one
    bool empty() const { return steps.empty(); }
};

/// A fault scripted against a goal: it begins `after_s` seconds after goal number `goal`
/// (0-based, in the order sent) and lasts `duration_s`.
struct GoalScript {
    int goal = 0;
    double after_s = 0;
    double duration_s = 0;
};

}  // namespace robometrics::sim
