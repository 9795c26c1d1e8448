#pragma once
// The time a speed is measured over between two samples of a moving pose (docs/conventions.md,
// Time bases, rule 5): the header-stamp interval when both samples carry stamps and the later one
// is later, else the log-time interval. Recorders batch messages microseconds apart in log time,
// so log times alone would make a robot fast; callers also merge steps shorter than
// kMinSpeedIntervalS into the next ones. Shared by slam::summariseMotion (the run's motion) and
// the traversal distance's jump check, so both judge speed the same way.

#include <optional>

#include "robometrics/core/Time.hpp"

namespace robometrics {

/// Speeds are measured over at least this long (s): short enough for 100 Hz odometry.
constexpr double kMinSpeedIntervalS = 0.01;

struct SpeedInterval {
    double seconds = 0;        ///< may be zero or negative (log time repeated or going back)
    bool from_stamps = false;  ///< true when the header stamps gave it
};

/// A header stamp of zero is an unset one (a publisher that never filled it).
inline std::optional<TimeNs> stampIfSet(TimeNs stamp) {
    return stamp != 0 ? std::optional<TimeNs>(stamp) : std::nullopt;
}

/// `from_log_s`/`to_log_s`: log times in seconds on any common origin; stamps empty when unset.
inline SpeedInterval speedInterval(double from_log_s, std::optional<TimeNs> from_stamp, double to_log_s,
                                   std::optional<TimeNs> to_stamp) {
    if (from_stamp && to_stamp && *to_stamp > *from_stamp) return {toSeconds(*to_stamp - *from_stamp), true};
    return {to_log_s - from_log_s, false};
}

}  // namespace robometrics
