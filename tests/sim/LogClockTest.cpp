#include <gtest/gtest.h>

#include "robometrics/sim/LogClock.hpp"

namespace robometrics::sim {

namespace {
constexpr TimeNs kWall = 1'700'000'000 * kNsPerSecond;
constexpr TimeNs kS = kNsPerSecond;

ClockProfile gazebo(double rtf) { return {ClockProfile::Kind::Gazebo, rtf}; }
}  // namespace

TEST(LogClock, OnTheWallClockStampsAreLogTimes) {
    const LogClock clock(ClockProfile{}, 60, kWall);
    EXPECT_FALSE(clock.simulated());
    EXPECT_EQ(clock.simStart(), kWall);
    EXPECT_EQ(clock.logTime(kWall + 17 * kS), kWall + 17 * kS);
    EXPECT_DOUBLE_EQ(clock.pauseWallS(), 0.0);
    EXPECT_DOUBLE_EQ(clock.wallDurationS(), 60.0);
    EXPECT_DOUBLE_EQ(clock.profile().real_time_factor, 1.0);
}

TEST(LogClock, GazeboStartsAt12SRunsSlowerThanTheWallAndPausesAt30Percent) {
    // 60 s at a real-time factor of 0.6: 100 wall seconds, a pause at 18 s of simulated time
    // (30 wall seconds in) of min(10, 0.1 * 60 / 0.6) = 10 s.
    const LogClock clock(gazebo(0.6), 60, kWall);
    EXPECT_EQ(clock.simStart(), 12 * kS);
    EXPECT_EQ(clock.logTime(12 * kS), kWall);
    EXPECT_EQ(clock.logTime(18 * kS), kWall + 10 * kS);                // 6 s simulated = 10 s of wall
    EXPECT_EQ(clock.logTime(29'990'000'000), kWall + 29'983'333'333);  // 17.99 s / 0.6, before the pause
    EXPECT_EQ(clock.logTime(30 * kS), kWall + 40 * kS);                // 18 s / 0.6 + the 10 s pause
    EXPECT_DOUBLE_EQ(clock.pauseAtSimS(), 18.0);
    EXPECT_DOUBLE_EQ(clock.pauseWallS(), 10.0);
    EXPECT_DOUBLE_EQ(clock.wallDurationS(), 110.0);
}

TEST(LogClock, ShortRunsPauseForATenthOfTheirWallLength) {
    const LogClock slow(gazebo(0.5), 20, kWall);  // 40 wall seconds: a 4 s pause at 6 s
    EXPECT_DOUBLE_EQ(slow.pauseWallS(), 4.0);
    EXPECT_DOUBLE_EQ(slow.pauseAtSimS(), 6.0);
    EXPECT_DOUBLE_EQ(slow.wallDurationS(), 44.0);
    const LogClock fast(gazebo(2.0), 60, kWall);  // 30 wall seconds: 3 s
    EXPECT_DOUBLE_EQ(fast.pauseWallS(), 3.0);
    EXPECT_EQ(fast.logTime(12 * kS + 4 * kS), kWall + 2 * kS);
}

TEST(LogClock, RobotSecondsAtInvertsTheLogTime) {
    const LogClock wall(ClockProfile{}, 60, kWall);
    EXPECT_DOUBLE_EQ(wall.robotSecondsAt(kWall + 17 * kS), 17.0);
    // Gazebo at 0.6: 10 wall seconds are 6 simulated; after the 10 s pause at 30 wall seconds
    // (18 s simulated) the pause is taken off; inside it simulated time stands at 18 s.
    const LogClock clock(gazebo(0.6), 60, kWall);
    EXPECT_NEAR(clock.robotSecondsAt(kWall + 10 * kS), 6.0, 1e-9);
    EXPECT_NEAR(clock.robotSecondsAt(kWall + 35 * kS), 18.0, 1e-9);
    EXPECT_NEAR(clock.robotSecondsAt(kWall + 50 * kS), 24.0, 1e-9);
    EXPECT_NEAR(clock.robotSecondsAt(clock.logTime(12 * kS + 42 * kS)), 42.0, 1e-9);
}

}  // namespace robometrics::sim
