#include "robometrics/sim/LogTimeBatcher.hpp"

namespace robometrics::sim {

TimeNs LogTimeBatcher::logTime(TimeNs arrival) {
    // Ceiling division: the wake-up at or after the arrival.
    const std::int64_t burst = (arrival + kWakeNs - 1) / kWakeNs;
    index_ = burst == burst_ ? index_ + 1 : 0;
    burst_ = burst;
    return burst * kWakeNs + index_ * kSpacingNs;
}

}  // namespace robometrics::sim
