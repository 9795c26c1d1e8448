#include <gtest/gtest.h>

#include "robometrics/sim/AmclGate.hpp"

namespace robometrics::sim {

TEST(AmclGate, UpdatesOnTheFirstScanThenAfterEnoughMotion) {
    AmclGate gate;                                       // update_min_d 0.25 m, update_min_a 0.2 rad
    EXPECT_TRUE(gate.scanReceived({1.0, 2.0, 0.0}));     // the initial pose
    EXPECT_FALSE(gate.scanReceived({1.0, 2.0, 0.0}));    // waiting: no update
    EXPECT_FALSE(gate.scanReceived({1.2, 2.0, 0.0}));    // 0.2 m
    EXPECT_TRUE(gate.scanReceived({1.26, 2.0, 0.0}));    // 0.26 m since the last update
    EXPECT_FALSE(gate.scanReceived({1.26, 2.2, 0.15}));  // 0.2 m and 0.15 rad
    EXPECT_TRUE(gate.scanReceived({1.26, 2.2, 0.25}));   // 0.25 rad
    // nav2_amcl compares x and y separately: 0.2 m along both (0.28 m diagonally) is not enough.
    EXPECT_FALSE(gate.scanReceived({1.46, 2.4, 0.25}));
    EXPECT_TRUE(gate.scanReceived({1.46, 1.9, 0.25}));  // -0.3 m in y
    // Turning across +-pi counts the short way round.
    AmclGate wrap;
    EXPECT_TRUE(wrap.scanReceived({0, 0, 3.1}));
    EXPECT_FALSE(wrap.scanReceived({0, 0, -3.1}));  // 0.083 rad
}

}  // namespace robometrics::sim
