#pragma once
// What the robot was told to do, on the system's clock: when motion was commanded (velocity
// commands on cmd_vel, Twist or TwistStamped, and navigation goals executing on a Nav2 action
// server) and at what linear speed. A command holds until the next one or until the base's
// command timeout (diff_drive_controller's cmd_vel_timeout, 0.5 s by default): a controller that
// stops publishing stops the robot.

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/core/TimeIntervals.hpp"

namespace robometrics::activity {

struct IntentConfig {
    double command_timeout_s = 0.5;  ///< how long a velocity command holds without a newer one
    double min_linear_mps = 0.01;    ///< a command below this (and below min_angular) is a stop
    double min_angular_rps = 0.05;
};

/// One velocity command: when (system clock) and its speeds.
struct VelocityCommand {
    TimeNs t = 0;
    double linear_mps = 0;   ///< |(linear.x, linear.y)|
    double angular_rps = 0;  ///< |angular.z|
};

/// A held linear command: the robot was told to drive at `speed_mps` from `start` to `end`.
struct HeldCommand {
    TimeNs start = 0;
    TimeNs end = 0;
    double speed_mps = 0;
};

struct Intent {
    bool has_commands = false;        ///< a velocity command topic had messages
    bool has_goals = false;           ///< a navigation action status topic had messages
    TimeIntervals commanded;          ///< motion commanded (any non-zero command held) or a goal executing
    TimeIntervals goals;              ///< a navigation goal executing
    std::vector<HeldCommand> linear;  ///< non-zero linear commands as held, in time order
    std::size_t goal_count = 0;
    /// Something told when the robot should move.
    bool known() const { return has_commands || has_goals; }
};

class IntentBuilder {
public:
    explicit IntentBuilder(IntentConfig config = {}) : config_(config) {}

    /// A velocity command; commands may come in any order (two publishers), they are sorted.
    void addCommand(const VelocityCommand &command) { commands_.push_back(command); }
    /// A goal's status (action_msgs/GoalStatus codes) at `t`: 1 accepted, 2 executing,
    /// 3 canceling keep it active; 4 succeeded, 5 canceled, 6 aborted end it.
    void addGoalStatus(TimeNs t, const std::array<std::uint8_t, 16> &goal_id, int status);

    /// Many commands at once, taken over without a copy (a long run holds hundreds of thousands).
    void addCommands(std::vector<VelocityCommand> &&commands);

    /// The intent of the run that ended at `end` (system clock). Called once: the commands are
    /// sorted in place and released on the way (a long run holds hundreds of thousands).
    Intent finish(TimeNs end);

private:
    struct GoalSpan {
        TimeNs start = 0;
        TimeNs end = 0;
        bool open = true;
    };
    IntentConfig config_;
    std::vector<VelocityCommand> commands_;
    std::map<std::array<std::uint8_t, 16>, GoalSpan> goals_;
};

}  // namespace robometrics::activity
