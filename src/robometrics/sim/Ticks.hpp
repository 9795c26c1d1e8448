#pragma once
// The simulator's time base: everything advances in 10 ms ticks of simulated time, and scripted
// times are rounded to the nearest tick.

#include <cmath>
#include <cstdint>

#include "robometrics/core/Time.hpp"

namespace robometrics::sim {

constexpr TimeNs kTickNs = 10'000'000;  ///< 100 Hz base tick
constexpr double kTickS = 0.01;

inline std::int64_t tickOf(double seconds) { return std::llround(seconds / kTickS); }

/// The messages of a topic published at `rate_hz` (a divisor of 1e9 ns or not, e.g. 30 Hz) are
/// due at k * 1e9 / rate_hz ns after the start. Returns the offset of the one due in `tick`
/// ([tick, tick + 1) * 10 ms), or -1. At most one is due per tick for rates up to 100 Hz.
inline TimeNs dueInTick(std::int64_t tick, std::int64_t rate_hz) {
    const std::int64_t k = (tick * rate_hz + 99) / 100;  // first k with k * 1e9 / rate >= tick * 1e7
    const TimeNs offset = k * kNsPerSecond / rate_hz;
    return offset < (tick + 1) * kTickNs ? offset : -1;
}

}  // namespace robometrics::sim
