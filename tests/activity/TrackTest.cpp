#include <gtest/gtest.h>

#include "robometrics/activity/Track.hpp"
#include "TestSupport.hpp"

namespace robometrics::activity {
namespace {

using test::kMs;

TEST(Track, PathBetweenInterpolatesInsideASample) {
    // 1 m along x every second, given out of order.
    Track track({{2000 * kMs, 2, 0, 0}, {0, 0, 0, 0}, {1000 * kMs, 1, 0, 0}});
    EXPECT_DOUBLE_EQ(track.pathBetween(500 * kMs, 1500 * kMs), 1.0);
    EXPECT_DOUBLE_EQ(track.pathBetween(-kMs, 5000 * kMs), 2.0);
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

}  // namespace
}  // namespace robometrics::activity
