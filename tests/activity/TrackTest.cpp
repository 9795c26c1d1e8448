#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/activity/Track.hpp"

namespace robometrics::activity {
namespace {

using test::kMs;

TEST(Track, PathBetweenInterpolatesInsideASample) {
    // 1 m along x every second, given out of order.
    Track track({{2000 * kMs, 2, 0, 0}, {0, 0, 0, 0}, {1000 * kMs, 1, 0, 0}});
    EXPECT_DOUBLE_EQ(track.pathBetween(500 * kMs, 1500 * kMs), 1.0);
    EXPECT_DOUBLE_EQ(track.pathBetween(-kMs, 5000 * kMs), 2.0);
}

TEST(Track, TimeAfterPathIsWhenTheRobotHadCoveredThatFar) {
    // 1 m along x every second from 0 to 2 s, then standing until 4 s.
    Track track({{0, 0, 0, 0}, {1000 * kMs, 1, 0, 0}, {2000 * kMs, 2, 0, 0}, {4000 * kMs, 2, 0, 0}});
    EXPECT_EQ(track.timeAfterPath(500 * kMs, 0.25), 750 * kMs);  // inside a step
    EXPECT_EQ(track.timeAfterPath(0, 1.0), 1000 * kMs);
    EXPECT_EQ(track.timeAfterPath(1500 * kMs, 0.5), 2000 * kMs);  // the first time it got there
    EXPECT_FALSE(track.timeAfterPath(1500 * kMs, 0.6).has_value());  // it never did
}

TEST(Track, MovingCoversDrivingAndTurningButNotStanding) {
    std::vector<TrackPoint> points;
    // 0-2 s drive at 0.5 m/s, 2-4 s stand, 4-6 s turn in place at 0.5 rad/s (samples every 100 ms).
    for (int i = 0; i <= 60; ++i) {
        const double t = i * 0.1;
        const double x = std::min(t, 2.0) * 0.5;
        const double yaw = t > 4.0 ? (t - 4.0) * 0.5 : 0.0;
        points.push_back({i * 100 * kMs, x, 0, yaw});
    }
    const TimeIntervals moving = Track(points).moving();
    ASSERT_EQ(moving.spans().size(), 2u);
    EXPECT_EQ(moving.spans()[0].start, 0);
    EXPECT_EQ(moving.spans()[0].end, 2000 * kMs);
    EXPECT_EQ(moving.spans()[1].start, 4000 * kMs);
    EXPECT_EQ(moving.spans()[1].end, 6000 * kMs);
}

TEST(Track, MovingIntervalsOnePointAtATimeAreTheTracksMoving) {
    // A wobbling drive with stops, a turn and a 3 s hole in the samples (longer than
    // max_sample_gap_s): the streamed judgement equals the track's, span for span.
    std::vector<TrackPoint> points;
    TimeNs t = 0;
    for (int i = 0; i < 2000; ++i) {
        t += (i == 700 ? 3000 : 50 + (i % 7)) * kMs;
        const double phase = 0.01 * i;
        const double speed = (i / 150) % 3 == 0 ? 0.0 : 0.4;
        points.push_back({t, speed * phase + 0.001 * std::sin(i), 0.002 * std::cos(3.0 * i), i > 1500 ? phase : 0.0});
    }
    MovingIntervals streamed;
    for (const TrackPoint &p : points) streamed.add(p);
    const TimeIntervals whole = Track(points).moving();
    ASSERT_FALSE(whole.empty());
    ASSERT_EQ(streamed.result().spans().size(), whole.spans().size());
    for (std::size_t k = 0; k < whole.spans().size(); ++k) {
        EXPECT_EQ(streamed.result().spans()[k].start, whole.spans()[k].start) << k;
        EXPECT_EQ(streamed.result().spans()[k].end, whole.spans()[k].end) << k;
    }
}

}  // namespace
}  // namespace robometrics::activity
