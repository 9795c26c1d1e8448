#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/evaluate/OdometryPaths.hpp"

namespace robometrics::evaluate {
namespace {

/// A wall-clock run from 100 s to 110 s of log time.
RunClock clockFrom100s() {
    RunClock clock;
    clock.observe(fromSeconds(100.0));
    clock.observe(fromSeconds(110.0));
    clock.finish();
    return clock;
}

TEST(OdometryPaths, APathIsTheSamplesOnTheRunAxisInOdom) {
    const RunClock clock = clockFrom100s();
    OdometryLog log;
    log.push_back({100.5, 1.0, 2.0, fromSeconds(7.0)});
    log.push_back({101.0, 1.5, 2.5, std::nullopt});
    const RunPath path = odometryPath("/odom", log, clock);
    EXPECT_EQ(path.source, "/odom");
    EXPECT_EQ(path.frame, "odom");
    ASSERT_EQ(path.t.size(), 2u);
    EXPECT_DOUBLE_EQ(path.t[0], 0.5);
    EXPECT_DOUBLE_EQ(path.t[1], 1.0);
    EXPECT_EQ(path.x[1], 1.5);
    EXPECT_EQ(path.y[1], 2.5);
    EXPECT_DOUBLE_EQ(onRunAxis(clock, *log.begin()).t, 0.5);
}

TEST(OdometryPaths, InMapEachSampleTakesTheTransformInForceAtItsStampAndUnstampedOnesAreLeftOut) {
    const RunClock clock = clockFrom100s();
    // map -> odom: 1 m along x until 5 s, then also a quarter turn from 5 s on.
    slam::Trajectory map_odom;
    map_odom.stamps = {0.0, 5.0};
    map_odom.positions = {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(1, 0, 0)};
    map_odom.orientations = {Eigen::Quaterniond::Identity(),
                             Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()))};
    OdometryLog log;
    log.push_back({101.0, 2.0, 0.0, fromSeconds(1.0)});  // before the turn: (3, 0)
    log.push_back({102.0, 2.0, 0.0, std::nullopt});      // no stamp: left out
    log.push_back({103.0, 2.0, 0.0, fromSeconds(6.0)});  // after it: (1, 2)
    const RunPath path = odometryInMap("/odom via TF map->odom", log, clock, map_odom);
    EXPECT_EQ(path.frame, "map");
    ASSERT_EQ(path.t.size(), 2u);
    EXPECT_DOUBLE_EQ(path.t[0], 1.0);
    EXPECT_NEAR(path.x[0], 3.0, 1e-12);
    EXPECT_NEAR(path.y[0], 0.0, 1e-12);
    EXPECT_DOUBLE_EQ(path.t[1], 3.0);
    EXPECT_NEAR(path.x[1], 1.0, 1e-12);
    EXPECT_NEAR(path.y[1], 2.0, 1e-12);
    EXPECT_TRUE(odometryInMap("x", log, clock, slam::Trajectory{}).t.empty());
}

}  // namespace
}  // namespace robometrics::evaluate
