#pragma once
// Time in robometrics is int64 nanoseconds of message time (bag log time or header stamps),
// never the wall clock, so a bag replay and a live run give the same numbers.

#include <cstdint>

namespace robometrics {

using TimeNs = std::int64_t;

constexpr TimeNs kNsPerSecond = 1'000'000'000;

/// Times before 2001-09-09 cannot be the wall clock of a recorded robot: a simulator's clock (or
/// an unset one) starts near zero. Used to tell simulated-time stamps from wall-clock log times.
constexpr TimeNs kEpochScale = 1'000'000'000 * kNsPerSecond;
/// `stamp` and `receive_time` are on different clocks: a sim-time stamp recorded on the wall clock.
inline bool simTimeStamp(TimeNs stamp, TimeNs receive_time) { return stamp < kEpochScale && receive_time >= kEpochScale; }

inline double toSeconds(TimeNs t) { return static_cast<double>(t) * 1e-9; }
inline TimeNs fromSeconds(double s) { return static_cast<TimeNs>(s * 1e9 + (s >= 0 ? 0.5 : -0.5)); }

}  // namespace robometrics
