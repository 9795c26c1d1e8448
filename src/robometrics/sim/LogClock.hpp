#pragma once
// Maps the simulated time at which a message is published to the time the recorder logs it.
// On the wall clock the two are the same. Under Gazebo (use_sim_time) header stamps count
// simulated time from kGazeboSimStart, while the recorder's wall clock starts at the epoch-scale
// `wall_start` and runs 1 / real_time_factor times faster; at 0.3 of the run the user pauses the
// simulation for a while: simulated time stands still and nothing is published, so every
// message after that point is logged that much later.

#include <cstdint>

#include "robometrics/core/Time.hpp"
#include "robometrics/sim/ClockProfile.hpp"

namespace robometrics::sim {

/// Simulated time when the recording starts under Gazebo: the world has loaded and the robot
/// has spawned (never 0: a zero stamp means "no time" to tf2).
constexpr TimeNs kGazeboSimStart = 12 * kNsPerSecond;

class LogClock {
public:
    LogClock(ClockProfile profile, double sim_duration_s, TimeNs wall_start);

    const ClockProfile &profile() const { return profile_; }
    bool simulated() const { return profile_.kind == ClockProfile::Kind::Gazebo; }
    /// The header stamp of the first tick.
    TimeNs simStart() const { return sim_start_; }
    TimeNs wallStart() const { return wall_start_; }
    /// The log time of a message published at simulated time `sim_time`.
    TimeNs logTime(TimeNs sim_time) const;

    /// Seconds on the robot's clock (simulated under Gazebo) since the first tick when the recorder
    /// logs at `log_time`; a log time inside the pause maps to the pause's instant.
    double robotSecondsAt(TimeNs log_time) const;

    /// Simulated seconds from the start at which the pause happens, and its wall length (0
    /// without a pause).
    double pauseAtSimS() const;
    double pauseWallS() const { return static_cast<double>(pause_wall_ns_) / kNsPerSecond; }
    /// The recording's wall length for `sim_duration_s` simulated seconds.
    double wallDurationS() const;

private:
    ClockProfile profile_;
    double sim_duration_s_;
    TimeNs wall_start_;
    TimeNs sim_start_;
    TimeNs pause_at_ns_ = 0;  ///< simulated offset of the pause
    TimeNs pause_wall_ns_ = 0;
};

}  // namespace robometrics::sim
