#include <gtest/gtest.h>

#include "robometrics/sim/Ticks.hpp"

namespace robometrics::sim {

TEST(Ticks, ThirtyHertzFallsBetweenTicksAtItsExactInstants) {
    // k / 30 s: 0, 33.333333 ms (in tick 3: 30..40 ms), 66.666666 ms (tick 6), 100 ms (tick 10).
    EXPECT_EQ(dueInTick(0, 30), 0);
    EXPECT_EQ(dueInTick(1, 30), -1);
    EXPECT_EQ(dueInTick(2, 30), -1);
    EXPECT_EQ(dueInTick(3, 30), 33'333'333);
    EXPECT_EQ(dueInTick(6, 30), 66'666'666);
    EXPECT_EQ(dueInTick(9, 30), -1);
    EXPECT_EQ(dueInTick(10, 30), 100'000'000);
    int per_second = 0;
    for (std::int64_t t = 0; t < 100; ++t) per_second += dueInTick(t, 30) >= 0;
    EXPECT_EQ(per_second, 30);
}

TEST(Ticks, RatesThatDivideTheTickRateLandOnTicks) {
    for (std::int64_t t = 0; t < 40; ++t) {
        EXPECT_EQ(dueInTick(t, 20), t % 5 == 0 ? t * kTickNs : -1) << t;
        EXPECT_EQ(dueInTick(t, 5), t % 20 == 0 ? t * kTickNs : -1) << t;
        EXPECT_EQ(dueInTick(t, 100), t * kTickNs) << t;
    }
    EXPECT_EQ(tickOf(27.0), 2700);
    EXPECT_EQ(tickOf(0.004), 0);
}

}  // namespace robometrics::sim
