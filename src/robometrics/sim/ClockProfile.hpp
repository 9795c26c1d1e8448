#pragma once
// Which clock the robot's system runs on (`simulate --clock`). On the wall clock header stamps
// and the recorder's log times are the same epoch-scale time. Under Gazebo with use_sim_time
// the stamps are simulated time from a small start (the world loaded, then the robot spawned),
// the recorder logs on the wall clock, the simulation runs at a real-time factor below 1, and
// the user pauses it once.

#include <optional>
#include <string>
#include <vector>

namespace robometrics::sim {

struct ClockProfile {
    enum class Kind { Wall, Gazebo };
    Kind kind = Kind::Wall;
    /// Simulated seconds per wall second (Gazebo only): 0.6 means the wall clock runs 1/0.6
    /// times faster than the simulated one.
    double real_time_factor = 0.6;
};

/// "wall", "gazebo" in documentation order.
const std::vector<std::string> &clockNames();
std::string clockName(ClockProfile::Kind kind);
std::optional<ClockProfile::Kind> parseClock(const std::string &name);

}  // namespace robometrics::sim
