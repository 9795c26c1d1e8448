#include <gtest/gtest.h>

#include "robometrics/activity/StuckDetector.hpp"
#include "TestSupport.hpp"

namespace robometrics::activity {
namespace {

using test::kMs;

// Commanded 0.5 m/s every 50 ms from 0 to 30 s; the robot drives except from 10 s to 20 s.
Intent drivingIntent() {
    IntentBuilder b;
    for (int i = 0; i <= 600; ++i) b.addCommand({i * 50 * kMs, 0.5, 0});
    b.addCommand({30'050 * kMs, 0, 0});
    return b.finish(40'000 * kMs);
}

Track stalledTrack() {
    std::vector<TrackPoint> points;
    double x = 0;
    for (int i = 0; i <= 400; ++i) {
        const TimeNs t = i * 100 * kMs;
        const bool stalled = t > 10'000 * kMs && t <= 20'000 * kMs;
        const bool driving = t <= 30'000 * kMs;
        if (i > 0 && driving && !stalled) x += 0.05;
        points.push_back({t, x, 0, 0});
    }
    return Track(points);
}

TEST(StuckDetector, AStallUnderCommandIsOneEpisodeWithItsSpan) {
    const std::vector<StuckEpisode> episodes = findStuckEpisodes(drivingIntent(), stalledTrack());
    ASSERT_EQ(episodes.size(), 1u);
    const StuckEpisode &e = episodes[0];
    // Windows of 5 s every 0.5 s find it: stalled while a window covers under 25 % of the 2.5 m
    // asked, from the one starting at 9 s (0.5 m of 2.5 m is 20 %) to the one ending at 21 s.
    // It is then trimmed on spans of 0.5 s probed every 50 ms: a span stalls when it covers under
    // 25 % of its 0.25 m, 0.0625 m. The robot stops at 10 s: the span from 9.9 s covers 0.05 m
    // (stalls), the one from 9.85 s 0.075 m (does not). It moves again at 20 s: the last span
    // that stalls is the one from 19.6 s to 20.1 s (0.05 m). Onset and end within 0.1 s of truth.
    EXPECT_EQ(e.start, 9900 * kMs);
    EXPECT_EQ(e.end, 20'100 * kMs);
    EXPECT_NEAR(e.covered_m, 0.1, 1e-9);
    EXPECT_NEAR(e.commandedSpeed(), 0.5, 1e-9);
}

TEST(StuckDetector, StandingStillWithoutACommandIsNotStuck) {
    IntentBuilder b;
    for (int i = 0; i <= 1200; ++i) b.addCommand({i * 50 * kMs, 0, 0});  // told to hold still
    std::vector<TrackPoint> still;
    for (int i = 0; i <= 600; ++i) still.push_back({i * 100 * kMs, 1, 1, 0});
    EXPECT_TRUE(findStuckEpisodes(b.finish(60'000 * kMs), Track(still)).empty());
    // And a robot that drives as told is not stuck either.
    IntentBuilder drive;
    std::vector<TrackPoint> moving;
    for (int i = 0; i <= 600; ++i) {
        drive.addCommand({i * 50 * kMs, 0.5, 0});
        if (i <= 300) moving.push_back({i * 100 * kMs, 0.05 * i, 0, 0});
    }
    EXPECT_TRUE(findStuckEpisodes(drive.finish(30'000 * kMs), Track(moving)).empty());
}

}  // namespace
}  // namespace robometrics::activity
