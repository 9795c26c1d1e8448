#include <gtest/gtest.h>

#include "robometrics/core/ClockTrack.hpp"
#include "TestSupport.hpp"

namespace robometrics {
namespace {

constexpr TimeNs kWall = 1'700'000'000LL * kNsPerSecond;
using test::kMs;

TEST(ClockTrack, ASteadyRealTimeFactorIsOneSegment) {
    // /clock every 10 ms of sim time at a real-time factor of 0.5: 20 ms of log time each.
    ClockTrack track;
    for (int i = 0; i <= 1000; ++i) track.add(kWall + i * 20 * kMs, 12 * kNsPerSecond + i * 10 * kMs);
    track.finish();
    EXPECT_EQ(track.vertices().size(), 2u);
    EXPECT_EQ(track.toSystem(kWall + 10 * kNsPerSecond), 17 * kNsPerSecond);  // 10 s of log = 5 s of sim
    EXPECT_EQ(track.toSystem(kWall + 30 * kMs), 12 * kNsPerSecond + 15 * kMs);
}

TEST(ClockTrack, APauseIsAFlatStretch) {
    // 2 s at real time, a 10 s pause (no /clock), 2 s at real time again.
    ClockTrack track;
    for (int i = 0; i <= 200; ++i) track.add(kWall + i * 10 * kMs, i * 10 * kMs + kNsPerSecond);
    const TimeNs resume = kWall + 12 * kNsPerSecond;
    for (int i = 1; i <= 200; ++i) track.add(resume + i * 10 * kMs, 3 * kNsPerSecond + i * 10 * kMs);
    track.finish();
    EXPECT_EQ(track.vertices().size(), 4u);  // start, pause begins, pause ends, end
    // During the pause sim time stands (it creeps by the one 10 ms tick over 10 s).
    EXPECT_NEAR(static_cast<double>(track.toSystem(kWall + 7 * kNsPerSecond)), 3.005e9, 1e6);
    EXPECT_EQ(track.toSystem(kWall + 2 * kNsPerSecond), 3 * kNsPerSecond);
    EXPECT_EQ(track.toSystem(resume + kNsPerSecond), 4 * kNsPerSecond);
}

TEST(ClockTrack, SamplesThatGoBackAreIgnoredAndEmptyIsIdentity) {
    ClockTrack empty;
    EXPECT_EQ(empty.toSystem(kWall), kWall);
    ClockTrack track;
    track.add(kWall, 5 * kNsPerSecond);
    track.add(kWall + kNsPerSecond, 6 * kNsPerSecond);
    track.add(kWall + 2 * kNsPerSecond, 1 * kNsPerSecond);  // a reset: not one-to-one, ignored
    track.add(kWall + kNsPerSecond, 7 * kNsPerSecond);      // log time not advancing: ignored
    track.finish();
    EXPECT_EQ(track.vertices().size(), 2u);
    EXPECT_EQ(track.toSystem(kWall + 3 * kNsPerSecond), 8 * kNsPerSecond);  // the last segment's rate
}

}  // namespace
}  // namespace robometrics
