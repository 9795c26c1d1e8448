#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/Scenario.hpp"

namespace robometrics::sim {

namespace {
// Smallest clearance along every leg of the route (sampled every 5 cm).
double routeClearance(const ScenarioSpec &s) {
    double best = 10;
    for (std::size_t i = 0; i < s.waypoints.size(); ++i) {
        const Waypoint &a = s.waypoints[i], &b = s.waypoints[(i + 1) % s.waypoints.size()];
        const double length = std::hypot(b.x - a.x, b.y - a.y);
        for (double d = 0; d <= length; d += 0.05) {
            const double f = length > 0 ? d / length : 0;
            best = std::min(best, s.world.map.clearance(a.x + f * (b.x - a.x), a.y + f * (b.y - a.y), 10));
        }
    }
    return best;
}
}  // namespace

TEST(Scenario, BuiltInScenariosHaveTheirDefaultsAndScripts) {
    auto office = makeScenario("office", 0, 1);
    ASSERT_TRUE(office.ok());
    EXPECT_DOUBLE_EQ(office->duration_s, 90);
    ASSERT_TRUE(office->stop.has_value());
    EXPECT_NEAR(office->stop->start_s, 49.5, 1e-9);
    EXPECT_DOUBLE_EQ(office->stop->duration_s, 5.0);
    EXPECT_FALSE(office->kidnap.has_value());
    EXPECT_NEAR(office->start.yaw, 0.0, 1e-12);  // the first leg runs along +x
    auto kidnap = makeScenario("kidnap", 40, 1);
    ASSERT_TRUE(kidnap.ok());
    ASSERT_TRUE(kidnap->kidnap.has_value());
    EXPECT_DOUBLE_EQ(kidnap->kidnap->start_s, 18.0);
    EXPECT_DOUBLE_EQ(kidnap->kidnap->recover_s, 28.0);
    auto stuck = makeScenario("stuck", 0, 1);
    ASSERT_TRUE(stuck.ok());
    EXPECT_TRUE(stuck->stuck);
    EXPECT_DOUBLE_EQ(stuck->traction, 0.004);
    EXPECT_DOUBLE_EQ(stuck->stop->start_s, 45.0);
    EXPECT_GT(stuck->world.terrain.roughness(-7.0, -5.0), 0.9);  // starts in the mud
    EXPECT_DOUBLE_EQ(makeScenario("terrain", 0, 1)->duration_s, 120);
    auto bad = makeScenario("moon", 0, 1);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.message().find("moon"), std::string::npos);
}

TEST(Scenario, BuiltInRoutesPassObstaclesOnlyWhereIntended) {
    // The office cabinet and the terrain rock are placed 0.12-0.13 m from a leg on purpose
    // (collisions); everything else keeps more room.
    EXPECT_NEAR(routeClearance(*makeScenario("office", 0, 1)), 0.15, 0.03);
    EXPECT_NEAR(routeClearance(*makeScenario("terrain", 0, 1)), 0.12, 0.06);
}

TEST(Scenario, UserMapGetsASeededRouteThroughFreeSpace) {
    OccupancyMap room(100, 80, 0.1, 0.0, 0.0);
    room.fillBox(0.0, 0.0, 10.0, 0.2, OccupancyMap::Occupied);
    room.fillBox(0.0, 7.8, 10.0, 8.0, OccupancyMap::Occupied);
    room.fillBox(0.0, 0.0, 0.2, 8.0, OccupancyMap::Occupied);
    room.fillBox(9.8, 0.0, 10.0, 8.0, OccupancyMap::Occupied);
    room.fillBox(4.0, 3.0, 6.0, 5.0, OccupancyMap::Occupied);
    auto a = makeScenario("office", 30, 7, room.toMessage());
    auto b = makeScenario("office", 30, 7, room.toMessage());
    auto c = makeScenario("office", 30, 8, room.toMessage());
    ASSERT_TRUE(a.ok()) << a.message();
    ASSERT_GE(a->waypoints.size(), 3u);
    EXPECT_GE(routeClearance(*a), 0.35 - 0.1);  // discIsFree works on cells: within a cell
    EXPECT_EQ(a->waypoints.size(), b->waypoints.size());
    EXPECT_DOUBLE_EQ(a->waypoints[1].x, b->waypoints[1].x);
    EXPECT_NE(a->waypoints[1].x, c->waypoints[1].x);
    EXPECT_TRUE(a->world.terrain.empty());
    OccupancyMap full(10, 10, 0.1, 0.0, 0.0);
    full.fillBox(0, 0, 1, 1, OccupancyMap::Occupied);
    EXPECT_FALSE(makeScenario("office", 30, 7, full.toMessage()).ok());
}

}  // namespace robometrics::sim
