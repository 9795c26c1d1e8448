#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/Chassis.hpp"

namespace robometrics::sim {

TEST(Chassis, RestsOnFlatGroundWithoutAcceleration) {
    Terrain flat;
    Chassis c(flat);
    c.reset(Pose2{1, 2, 0.5});
    for (int i = 0; i < 10; ++i) c.update(0.01, Pose2{1, 2, 0.5});
    EXPECT_DOUBLE_EQ(c.state().position.z(), 0.0);
    EXPECT_DOUBLE_EQ(c.state().acceleration.norm(), 0.0);
    EXPECT_NEAR(c.state().yaw, 0.5, 1e-12);
}

TEST(Chassis, PitchesNoseUpDrivingUphillAndRollsOnSideSlopes) {
    Terrain ramp(101, 101, 0.1, 0.0, 0.0);
    ramp.addRampX(0.0, 10.0, 0.0, 10.0, 1.0);  // rises 0.1 m per m along +x
    Chassis c(ramp);
    c.reset(Pose2{5, 5, 0});
    EXPECT_NEAR(c.state().pitch, -std::atan(0.1), 1e-6);
    EXPECT_NEAR(c.state().roll, 0.0, 1e-9);
    EXPECT_NEAR(c.state().position.z(), 0.5, 1e-6);
    c.reset(Pose2{5, 5, kPi / 2});  // facing +y: the ground rises to the right, left side down
    EXPECT_NEAR(c.state().roll, -std::atan(0.1), 1e-6);
    EXPECT_NEAR(c.state().pitch, 0.0, 1e-9);
}

TEST(Chassis, SuspensionTurnsAStepIntoABoundedVerticalAcceleration) {
    Terrain step(101, 101, 0.1, 0.0, 0.0);
    step.addStep(5.0, 0.0, 10.0, 10.0, 0.1);
    Chassis c(step);
    c.reset(Pose2{4.8, 5, 0});  // the step edge is at x = 5
    double peak = 0;
    for (int i = 1; i <= 150; ++i) {
        c.update(0.01, Pose2{4.8 + 0.02 * i, 5, 0});  // 2 m/s over the step (0.1 m of ramp between samples)
        peak = std::max(peak, c.state().acceleration.z());
    }
    // A 2 Hz critically damped suspension: peak about omega^2 * 0.1 = 15.8 m/s^2, never more.
    EXPECT_GT(peak, 5.0);
    EXPECT_LT(peak, 16.0);
    EXPECT_NEAR(c.state().position.z(), 0.1, 0.01);
}

}  // namespace robometrics::sim
