#include "robometrics/core/RunClock.hpp"

#include <gtest/gtest.h>

namespace robometrics {
namespace {

constexpr TimeNs kWall = 1'700'000'000 * kNsPerSecond;

TEST(RunClock, WallClockStampsAreNotSimTimeAndMapByTheirDelay) {
    RunClock clock;
    for (int i = 0; i < 50; ++i) clock.observe(kWall + TimeNs{i} * 100'000'000 + 3'000'000, kWall + TimeNs{i} * 100'000'000);
    clock.finish();
    EXPECT_FALSE(clock.simTime());
    EXPECT_NEAR(*clock.stampOffsetSeconds(), 0.003, 1e-12);
    // A stamp maps to when the recorder saw it: 3 ms later than the stamp itself.
    EXPECT_NEAR(clock.stampSinceStart(kWall + 2 * kNsPerSecond), 2.0, 1e-9);
    EXPECT_DOUBLE_EQ(clock.durationSeconds(), 4.9);
    EXPECT_NE(clock.describe().find("wall clock"), std::string::npos);
}

TEST(RunClock, SimTimeStampsNearZeroAreMappedOntoLogTime) {
    RunClock clock;
    const TimeNs sim = 100 * kNsPerSecond;
    // The simulation runs at half real time: 1 s of log time is 0.5 s of sim time.
    for (int i = 0; i <= 40; ++i) clock.observe(kWall + TimeNs{i} * 250'000'000, sim + TimeNs{i} * 125'000'000);
    clock.finish();
    EXPECT_TRUE(clock.simTime());
    EXPECT_NEAR(clock.stampSinceStart(sim), 0.0, 1e-9);
    EXPECT_NEAR(clock.stampSinceStart(sim + 2 * kNsPerSecond), 4.0, 1e-6);  // 2 s of sim time = 4 s of log
    EXPECT_NE(clock.describe().find("simulated time"), std::string::npos);
}

TEST(RunClock, ClockTopicMeansSimTimeAndNoStampsMeansIdentity) {
    RunClock clock;
    clock.markClockTopic();
    clock.observe(kWall);
    clock.observe(kWall + kNsPerSecond);
    clock.finish();
    EXPECT_TRUE(clock.simTime());
    EXPECT_FALSE(clock.stampOffsetSeconds());
    EXPECT_DOUBLE_EQ(clock.stampSinceStart(kWall + kNsPerSecond / 2), 0.5);
}

TEST(RunClock, BatchedMessagesDoNotMoveTheAnchor) {
    RunClock clock;
    for (int i = 0; i < 20; ++i) {
        const TimeNs stamp = kWall + TimeNs{i} * 50'000'000;
        // Every 4th message is logged 1 us after the one before it.
        const TimeNs log = i % 4 == 3 ? kWall + TimeNs{i - 1} * 50'000'000 + 1'000'000 + 1000 : stamp + 1'000'000;
        clock.observe(log, stamp);
    }
    clock.finish();
    EXPECT_NEAR(*clock.stampOffsetSeconds(), 0.001, 1e-12);
}

}  // namespace
}  // namespace robometrics
