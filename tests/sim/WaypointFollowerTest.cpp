#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/DiffDrive.hpp"
#include "robometrics/sim/WaypointFollower.hpp"

namespace robometrics::sim {

TEST(WaypointFollower, TurnsInPlaceWhenFarOffHeading) {
    WaypointFollower f({{0, 0}, {0, 2}}, 0.5);
    const Command c = f.update(Pose2{0, 0, 0});  // goal straight left: 90 degrees off
    EXPECT_DOUBLE_EQ(c.v, 0.0);
    EXPECT_NEAR(c.w, 2.0 * kPi / 2, 1e-12);
    const Command straight = f.update(Pose2{0, 0, kPi / 2});
    EXPECT_NEAR(straight.v, 0.5, 1e-12);
    EXPECT_NEAR(straight.w, 0.0, 1e-12);
}

TEST(WaypointFollower, DrivesASquareAndLoops) {
    WaypointFollower f({{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 0.5);
    DiffDrive d(Pose2{0, 0, 0});
    double max_off_track = 0;
    std::size_t visited = 0, last_target = f.target();
    for (int i = 0; i < 6000 && visited < 4; ++i) {
        const Command c = f.update(d.pose());
        if (f.target() != last_target) {
            ++visited;
            last_target = f.target();
        }
        d.step(0.01, c.v, c.w, 1.0);
        const Pose2 &p = d.pose();
        // Distance to the square's outline.
        const double off = std::min({std::abs(p.y), std::abs(p.x - 2), std::abs(p.y - 2), std::abs(p.x)});
        max_off_track = std::max(max_off_track, off);
    }
    EXPECT_EQ(visited, 4u);
    EXPECT_EQ(f.target(), 1u);  // back to the first leg
    EXPECT_LT(max_off_track, 0.15);
}

TEST(WaypointFollower, AGoalStopsAtItsLastWaypoint) {
    WaypointFollower f({{0, 0}, {1, 0}}, 0.5, false);
    EXPECT_NEAR(f.update(Pose2{0, 0, 0}).v, 0.5, 1e-12);
    EXPECT_FALSE(f.finished());
    const Command at_goal = f.update(Pose2{0.95, 0, 0});  // within the 0.1 m reach
    EXPECT_TRUE(f.finished());
    EXPECT_DOUBLE_EQ(at_goal.v, 0.0);
    EXPECT_DOUBLE_EQ(f.update(Pose2{0, 0, 0}).v, 0.0);  // stays finished
    EXPECT_EQ(f.target(), 1u);
}

}  // namespace robometrics::sim
