#include <gtest/gtest.h>

#include "robometrics/sim/NavScenarios.hpp"
#include "robometrics/sim/Vehicle.hpp"

namespace robometrics::sim {

TEST(NavScenarios, TheRoutesKeepTheLaserClearOfObstaclesByMoreThan30Cm) {
    for (const char *name : {"nav2", "standstill", "stall", "scan_gap"}) {
        ScenarioSpec spec = makeScenario(name, 0, 1).value();
        EXPECT_EQ(spec.robot, RobotKind::TurtleBot3) << name;
        const std::int64_t ticks = tickOf(spec.duration_s);
        const OccupancyMap map = spec.world.map;
        Vehicle v(std::move(spec), Rng(1), 0);
        double closest = 1.0;
        for (std::int64_t t = 0; t < ticks; ++t) {
            v.step(t);
            const Pose2 laser = v.laserPose();
            closest = std::min(closest, map.clearance(laser.x, laser.y, 1.0));
        }
        v.finish();
        EXPECT_GE(closest, 0.3) << name;
        for (const Event &e : v.allEvents()) {
            EXPECT_NE(e.type, "collision") << name;
            EXPECT_NE(e.type, "close_pass") << name;  // nothing nearer than 0.5 m at 20 Hz either
        }
    }
}

TEST(NavScenarios, Nav2WaitsBetweenAtLeastThreeGoals) {
    const ScenarioSpec spec = *makeNavScenario("nav2");
    EXPECT_DOUBLE_EQ(spec.duration_s, 120.0);
    const auto &steps = spec.mission.steps;
    ASSERT_GE(steps.size(), 6u);
    EXPECT_EQ(steps[0].kind, MissionStep::Kind::Wait);
    EXPECT_DOUBLE_EQ(steps[0].duration_s, 8.0);
    int goals = 0;
    for (std::size_t i = 1; i < steps.size(); ++i) {
        if (steps[i].kind == MissionStep::Kind::Goal) {
            ++goals;
            continue;
        }
        EXPECT_EQ(steps[i].kind, MissionStep::Kind::Wait);
        EXPECT_GE(steps[i].duration_s, 5.0);
        EXPECT_LE(steps[i].duration_s, 10.0);
    }
    EXPECT_GE(goals, 3);
    // The last goal comes home, where the first one starts from, so the mission can repeat.
    const Waypoint &home =
        steps.back().kind == MissionStep::Kind::Goal ? steps.back().path.back() : steps[steps.size() - 2].path.back();
    EXPECT_DOUBLE_EQ(home.x, spec.start.x);
    EXPECT_DOUBLE_EQ(home.y, spec.start.y);
    EXPECT_FALSE(makeNavScenario("office"));
}

TEST(NavScenarios, ShorterRunsShortenTheWaitsAndScripts) {
    const ScenarioSpec spec = makeScenario("stall", 30, 1).value();  // half the 60 s default
    EXPECT_DOUBLE_EQ(spec.duration_s, 30.0);
    EXPECT_DOUBLE_EQ(spec.mission.steps[0].duration_s, 1.5);
    ASSERT_TRUE(spec.stall);
    EXPECT_DOUBLE_EQ(spec.stall->after_s, 6.0);
    EXPECT_DOUBLE_EQ(spec.stall->duration_s, 5.0);
    const ScenarioSpec longer = makeScenario("stall", 600, 1).value();  // longer runs repeat the goals
    EXPECT_DOUBLE_EQ(longer.stall->duration_s, 10.0);
    // A rover on the same mission drives at its own indoor speed.
    RunProfile rover;
    rover.robot = RobotKind::Rover;
    EXPECT_DOUBLE_EQ(makeScenario("stall", 0, 1, std::nullopt, rover).value().max_speed, 0.5);
    EXPECT_DOUBLE_EQ(makeScenario("stall", 0, 1).value().max_speed, 0.26);
    // The goals are laid out in the office: a user map does not apply.
    auto on_map = makeScenario("nav2", 0, 1, makeOfficeWorld().map.toMessage());
    ASSERT_FALSE(on_map.ok());
    EXPECT_NE(on_map.message().find("--map does not apply"), std::string::npos);
}

}  // namespace robometrics::sim
