#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/MissionRunner.hpp"

namespace robometrics::sim {

namespace {
MissionStep wait(double s) { return {MissionStep::Kind::Wait, s, {}}; }
MissionStep hold(double s) { return {MissionStep::Kind::Hold, s, {}}; }
MissionStep goal(std::vector<Waypoint> path) { return {MissionStep::Kind::Goal, 0, std::move(path)}; }
}  // namespace

TEST(MissionRunner, WaitsHoldsAndGoalsFollowEachOther) {
    MissionRunner m({{wait(1), goal({{1, 0}}), hold(0.5), goal({{0, 0}})}, 0}, {}, 0.26, Pose2{0, 0, 0});
    EXPECT_EQ(m.phase(), MissionStep::Kind::Wait);
    EXPECT_TRUE(m.goals().empty());
    EXPECT_DOUBLE_EQ(m.update(0.5, {0, 0, 0}, false).v, 0.0);
    // The wait ends at 1 s and the goal starts in the same tick: straight ahead at cruise speed.
    EXPECT_DOUBLE_EQ(m.update(1.0, {0, 0, 0}, false).v, 0.26);
    EXPECT_TRUE(m.navigating());
    ASSERT_EQ(m.goals().size(), 1u);
    EXPECT_DOUBLE_EQ(m.goals()[0].sent_s, 1.0);
    EXPECT_DOUBLE_EQ(m.goals()[0].target.x, 1.0);
    EXPECT_DOUBLE_EQ(m.goals()[0].yaw, 0.0);
    EXPECT_LT(m.goals()[0].ended_s, 0.0);
    // Within 0.1 m of the goal: reached, and the hold begins.
    EXPECT_DOUBLE_EQ(m.update(2.0, {0.95, 0, 0}, false).v, 0.0);
    EXPECT_EQ(m.phase(), MissionStep::Kind::Hold);
    EXPECT_DOUBLE_EQ(m.goals()[0].ended_s, 2.0);
    EXPECT_DOUBLE_EQ(m.phaseStart(), 2.0);
    // After the hold the way back starts with a turn on the spot (the goal is behind).
    const Command turn = m.update(2.5, {0.95, 0, 0}, false);
    EXPECT_DOUBLE_EQ(turn.v, 0.0);
    EXPECT_NEAR(std::abs(turn.w), 2 * kPi, 1e-9);
    ASSERT_EQ(m.goals().size(), 2u);
    EXPECT_NEAR(m.goals()[1].yaw, kPi, 1e-12);

    const std::vector<Event> events = m.events(3.0);
    ASSERT_EQ(events.size(), 4u);
    const std::vector<std::tuple<std::string, double, double>> expected{
        {"idle", 0.0, 1.0}, {"goal", 1.0, 2.0}, {"stop", 2.0, 2.5}, {"goal", 2.5, 3.0}};
    for (std::size_t i = 0; i < events.size(); ++i) {
        EXPECT_EQ(events[i].type, std::get<0>(expected[i]));
        EXPECT_DOUBLE_EQ(events[i].t_start, std::get<1>(expected[i]));
        EXPECT_DOUBLE_EQ(events[i].t_end, std::get<2>(expected[i]));
        EXPECT_TRUE(events[i].anomaly.empty());
    }
    EXPECT_EQ(events[1].details["result"], "succeeded");
    EXPECT_EQ(events[3].details["result"], "executing");
    EXPECT_EQ(events[2].details["intentional"], true);
}

TEST(MissionRunner, RepeatsFromTheGivenStep) {
    MissionRunner m({{wait(1), goal({{1, 0}}), wait(1)}, 1}, {}, 0.5, Pose2{0, 0, 0});
    m.update(1.0, {0, 0, 0}, false);
    m.update(2.0, {0.95, 0, 0}, false);  // reached: wait 1 s
    EXPECT_EQ(m.phase(), MissionStep::Kind::Wait);
    // The wait is over: the goal again (step 1). The robot is already there, so it is reached
    // at once and the wait begins again.
    m.update(3.0, {0.95, 0, 0}, false);
    ASSERT_EQ(m.goals().size(), 2u);
    EXPECT_DOUBLE_EQ(m.goals()[1].sent_s, 3.0);
    EXPECT_DOUBLE_EQ(m.goals()[1].ended_s, 3.0);
    EXPECT_EQ(m.phase(), MissionStep::Kind::Wait);
    EXPECT_DOUBLE_EQ(m.phaseStart(), 3.0);
}

TEST(MissionRunner, WithoutAMissionTheRouteIsOneEndlessGoal) {
    MissionRunner m({}, {{0, 0}, {2, 0}, {2, 2}}, 0.5, Pose2{0, 0, 0});
    EXPECT_TRUE(m.navigating());
    ASSERT_EQ(m.goals().size(), 1u);
    EXPECT_DOUBLE_EQ(m.goals()[0].target.y, 2.0);  // the route's last waypoint
    EXPECT_DOUBLE_EQ(m.update(0.01, {0, 0, 0}, false).v, 0.5);
    EXPECT_DOUBLE_EQ(m.update(0.02, {0, 0, 0}, true).v, 0.0);  // a scripted stop
    EXPECT_TRUE(m.events(5.0).empty());
}

TEST(MissionRunner, ABackupDrivesStraightBackForItsDistanceAndAGoalMayHaveItsOwnSpeed) {
    MissionStep back{MissionStep::Kind::Backup, 0, {}, 0.15, 1.0};
    MissionStep slow{MissionStep::Kind::Goal, 0, {{5, 0}}, 0.05};
    MissionRunner m({{back, slow}, 0}, {}, 0.26, Pose2{2, 0, 0});
    EXPECT_EQ(m.phase(), MissionStep::Kind::Backup);
    EXPECT_TRUE(m.commanding());
    EXPECT_FALSE(m.navigating());
    const Command c = m.update(0.5, {2, 0, 0}, false);
    EXPECT_DOUBLE_EQ(c.v, -0.15);
    EXPECT_DOUBLE_EQ(c.w, 0.0);
    EXPECT_DOUBLE_EQ(m.update(6.0, {1.01, 0, 0}, false).v, -0.15);  // 0.99 m travelled
    // 1 m travelled: the backup ends and the slow goal starts at its own speed, straight ahead.
    EXPECT_DOUBLE_EQ(m.update(7.0, {1.0, 0, 0}, false).v, 0.05);
    EXPECT_TRUE(m.navigating());
    const std::vector<Event> events = m.events(8.0);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].type, "backup");
    EXPECT_DOUBLE_EQ(events[0].t_start, 0.0);
    EXPECT_DOUBLE_EQ(events[0].t_end, 7.0);
    EXPECT_TRUE(events[0].anomaly.empty());
    EXPECT_DOUBLE_EQ(events[0].details["distance_m"].get<double>(), 1.0);
}

}  // namespace robometrics::sim
