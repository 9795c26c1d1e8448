#pragma once
// rosbag2 under load takes messages in bursts: its writer wakes up every 50 ms and logs what
// arrived since the last wake-up, one after the other. A message arriving in
// (k * 50 ms - 50 ms, k * 50 ms] is logged at k * 50 ms + i * 2 us, i its place in that burst
// (arrival order). Arrival times must not decrease; the log times then do not either.

#include <cstdint>

#include "robometrics/core/Time.hpp"

namespace robometrics::sim {

class LogTimeBatcher {
public:
    static constexpr TimeNs kWakeNs = 50'000'000;
    static constexpr TimeNs kSpacingNs = 2'000;

    /// The log time of the next message, which arrived at `arrival`.
    TimeNs logTime(TimeNs arrival);

private:
    std::int64_t burst_ = -1;  // none yet (log times are positive)
    std::int64_t index_ = 0;
};

}  // namespace robometrics::sim
