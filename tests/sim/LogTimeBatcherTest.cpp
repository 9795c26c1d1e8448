#include <gtest/gtest.h>

#include "robometrics/sim/LogTimeBatcher.hpp"

namespace robometrics::sim {

TEST(LogTimeBatcher, MessagesOfABurstAreLoggedAtTheWakeUp2UsApart) {
    const TimeNs t0 = 1'700'000'000 * kNsPerSecond;  // a multiple of 50 ms
    const TimeNs ms = 1'000'000, us = 1'000;
    LogTimeBatcher b;
    EXPECT_EQ(b.logTime(t0), t0);                      // on a wake-up: logged there
    EXPECT_EQ(b.logTime(t0 + 10 * ms), t0 + 50 * ms);  // (t0, t0 + 50 ms] -> t0 + 50 ms
    EXPECT_EQ(b.logTime(t0 + 20 * ms), t0 + 50 * ms + 2 * us);
    EXPECT_EQ(b.logTime(t0 + 20 * ms), t0 + 50 * ms + 4 * us);  // same arrival, next in line
    EXPECT_EQ(b.logTime(t0 + 50 * ms), t0 + 50 * ms + 6 * us);  // the interval is closed on the right
    EXPECT_EQ(b.logTime(t0 + 50 * ms + 1), t0 + 100 * ms);
    EXPECT_EQ(b.logTime(t0 + 230 * ms), t0 + 250 * ms);  // a quiet stretch: no empty bursts in between
}

}  // namespace robometrics::sim
