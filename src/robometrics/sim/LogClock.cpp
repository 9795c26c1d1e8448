#include "robometrics/sim/LogClock.hpp"

#include <algorithm>
#include <cmath>

#include "robometrics/sim/Ticks.hpp"

namespace robometrics::sim {

namespace {
constexpr double kPauseAt = 0.3;      // fraction of the run
constexpr double kPauseWallS = 10.0;  // wall seconds, shortened for short runs
}  // namespace

LogClock::LogClock(ClockProfile profile, double sim_duration_s, TimeNs wall_start)
    : profile_(profile), sim_duration_s_(sim_duration_s), wall_start_(wall_start), sim_start_(wall_start) {
    if (!simulated()) {
        profile_.real_time_factor = 1.0;
        return;
    }
    sim_start_ = kGazeboSimStart;
    pause_at_ns_ = tickOf(kPauseAt * sim_duration_s) * kTickNs;
    const double pause_s = std::min(kPauseWallS, 0.1 * sim_duration_s / profile_.real_time_factor);
    pause_wall_ns_ = std::llround(pause_s * kNsPerSecond);
}

TimeNs LogClock::logTime(TimeNs sim_time) const {
    if (!simulated()) return sim_time;
    const TimeNs offset = sim_time - sim_start_;
    const TimeNs wall = std::llround(static_cast<double>(offset) / profile_.real_time_factor);
    return wall_start_ + wall + (offset >= pause_at_ns_ ? pause_wall_ns_ : 0);
}

double LogClock::robotSecondsAt(TimeNs log_time) const {
    TimeNs wall = log_time - wall_start_;
    if (simulated()) {
        const TimeNs pause_wall_at = std::llround(static_cast<double>(pause_at_ns_) / profile_.real_time_factor);
        if (wall >= pause_wall_at) wall = std::max(pause_wall_at, wall - pause_wall_ns_);
    }
    return static_cast<double>(wall) * profile_.real_time_factor / kNsPerSecond;
}

double LogClock::pauseAtSimS() const { return static_cast<double>(pause_at_ns_) / kNsPerSecond; }

double LogClock::wallDurationS() const { return sim_duration_s_ / profile_.real_time_factor + pauseWallS(); }

}  // namespace robometrics::sim
