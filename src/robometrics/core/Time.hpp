#pragma once
// Time in robometrics is int64 nanoseconds of message time (bag log time or header stamps),
// never the wall clock, so a bag replay and a live run give the same numbers.

#include <cstdint>

namespace robometrics {

using TimeNs = std::int64_t;

constexpr TimeNs kNsPerSecond = 1'000'000'000;

inline double toSeconds(TimeNs t) { return static_cast<double>(t) * 1e-9; }
inline TimeNs fromSeconds(double s) { return static_cast<TimeNs>(s * 1e9 + (s >= 0 ? 0.5 : -0.5)); }

}  // namespace robometrics
