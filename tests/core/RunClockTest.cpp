#include <gtest/gtest.h>

#include "robometrics/core/RunClock.hpp"

namespace robometrics {
namespace {

constexpr TimeNs kLogStart = 1'700'000'000 * kNsPerSecond;

TEST(RunClock, WallClockStampsAreNotSimTimeAndMapByTheirDelay) {
    RunClock clock;
    for (int i = 0; i < 50; ++i)
        clock.observe(kLogStart + TimeNs{i} * 100'000'000 + 3'000'000, kLogStart + TimeNs{i} * 100'000'000);
    clock.finish();
    EXPECT_FALSE(clock.simTime());
    EXPECT_NEAR(*clock.stampOffsetSeconds(), 0.003, 1e-12);
    // A stamp maps to when the recorder saw it: 3 ms later than the stamp itself.
    EXPECT_NEAR(clock.stampSinceStart(kLogStart + 2 * kNsPerSecond), 2.0, 1e-9);
    EXPECT_DOUBLE_EQ(clock.durationSeconds(), 4.9);
    EXPECT_NE(clock.describe().find("wall clock"), std::string::npos);
}

TEST(RunClock, SimTimeStampsNearZeroAreMappedOntoLogTime) {
    RunClock clock;
    const TimeNs sim = 100 * kNsPerSecond;
    // The simulation runs at half real time: 1 s of log time is 0.5 s of sim time.
    for (int i = 0; i <= 40; ++i) clock.observe(kLogStart + TimeNs{i} * 250'000'000, sim + TimeNs{i} * 125'000'000);
    clock.finish();
    EXPECT_TRUE(clock.simTime());
    // The axis is the system's clock, simulated time: a stamp is itself, a log time is mapped.
    EXPECT_NEAR(clock.stampSinceStart(sim), 0.0, 1e-9);
    EXPECT_NEAR(clock.stampSinceStart(sim + 2 * kNsPerSecond), 2.0, 1e-9);
    EXPECT_NEAR(clock.sinceStart(kLogStart + 4 * kNsPerSecond), 2.0, 1e-6);  // 4 s of log = 2 s of sim time
    EXPECT_NEAR(clock.durationSeconds(), 5.0, 1e-6);
    EXPECT_NEAR(clock.wallDurationSeconds(), 10.0, 1e-9);
    EXPECT_STREQ(clock.clockName(), "simulated time");
    EXPECT_NE(clock.describe().find("simulated time"), std::string::npos);
}

TEST(RunClock, ClockTopicMeansSimTimeAndNoStampsMeansIdentity) {
    RunClock clock;
    clock.markClockTopic();
    clock.observe(kLogStart);
    clock.observe(kLogStart + kNsPerSecond);
    clock.finish();
    EXPECT_TRUE(clock.simTime());
    EXPECT_FALSE(clock.stampOffsetSeconds());
    EXPECT_DOUBLE_EQ(clock.stampSinceStart(kLogStart + kNsPerSecond / 2), 0.5);
}

TEST(RunClock, BatchedMessagesDoNotMoveTheAnchor) {
    RunClock clock;
    for (int i = 0; i < 20; ++i) {
        const TimeNs stamp = kLogStart + TimeNs{i} * 50'000'000;
        // Every 4th message is logged 1 us after the one before it.
        const TimeNs log = i % 4 == 3 ? kLogStart + TimeNs{i - 1} * 50'000'000 + 1'000'000 + 1000 : stamp + 1'000'000;
        clock.observe(log, stamp);
    }
    clock.finish();
    EXPECT_NEAR(*clock.stampOffsetSeconds(), 0.001, 1e-12);
}

}  // namespace
}  // namespace robometrics

namespace robometrics {
namespace {

TEST(RunClock, APausedSimulationIsNotTimeOnTheAxis) {
    // Gazebo at a real-time factor of 0.5 with /clock every 10 ms of sim time, paused for 10 s of
    // wall time after 2 s of sim time (4 s of wall time), then 2 s more of sim time.
    RunClock clock;
    clock.markClockTopic();
    const TimeNs ms = 1'000'000, wall = 1'700'000'000LL * kNsPerSecond, sim = 12 * kNsPerSecond;
    for (int i = 0; i <= 200; ++i) {
        clock.observe(wall + i * 20 * ms, sim + i * 10 * ms);
        clock.observeClock(wall + i * 20 * ms, sim + i * 10 * ms);
    }
    const TimeNs resume = wall + 14 * kNsPerSecond;
    for (int i = 1; i <= 200; ++i) {
        clock.observe(resume + i * 20 * ms, sim + 2 * kNsPerSecond + i * 10 * ms);
        clock.observeClock(resume + i * 20 * ms, sim + 2 * kNsPerSecond + i * 10 * ms);
    }
    clock.finish();
    EXPECT_TRUE(clock.simTime());
    EXPECT_NEAR(clock.durationSeconds(), 4.0, 1e-9);
    EXPECT_NEAR(clock.wallDurationSeconds(), 18.0, 1e-9);
    EXPECT_NEAR(clock.pausedWallSeconds(), 10.0, 0.05);
    // A message logged 1 s into the pause sits at the pause on the axis; one 2 s of wall time
    // after the resume is 1 s of sim time later.
    EXPECT_NEAR(clock.sinceStart(wall + 5 * kNsPerSecond), 2.0, 0.01);
    EXPECT_NEAR(clock.sinceStart(resume + 2 * kNsPerSecond), 3.0, 1e-6);
    EXPECT_NE(clock.describe().find("paused 10.0 s"), std::string::npos) << clock.describe();
}

}  // namespace
}  // namespace robometrics
