#pragma once
// The rule of `sensor_silent` (docs/evaluate.md, Anomalies), written once for the two places that
// judge it: `evaluate`'s anomaly and `check`'s per-topic `forbid_sensor_silent`. A sensor that
// falls silent for many of its periods while the robot drives is a fault whatever its share of
// the whole run; a silence while the robot stands still is not (many drivers stop publishing).

#include <algorithm>
#include <optional>

namespace robometrics::topicstats {

struct SensorSilenceRule {
    static constexpr double kPeriods = 20;       ///< a silence counts from this many periods
    static constexpr double kSeconds = 2.0;      ///< and from this long
    static constexpr double kMovingShare = 0.5;  ///< the robot moving for at least this share of it

    /// The shortest silence that counts for a topic whose period is `period_s`.
    static double least(double period_s) { return std::max(kSeconds, kPeriods * period_s); }

    /// Whether a silence of `silence_s` counts, the robot having moved for `moving_s` of it
    /// (empty: its motion is unknown, and the silence counts).
    static bool counts(double silence_s, std::optional<double> moving_s, double period_s) {
        if (silence_s < least(period_s)) return false;
        return !moving_s || *moving_s >= kMovingShare * silence_s;
    }
};

}  // namespace robometrics::topicstats
