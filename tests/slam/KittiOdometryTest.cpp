#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/KittiOdometry.hpp"

using namespace robometrics::slam;
using robometrics::slam::test::yawQuat;

namespace {

/// 251 poses 1 m apart along x: 100 m segments start at frames 0..140, 200 m ones at 0..40.
Trajectory straight(double step, double yaw_step = 0.0) {
    Trajectory t;
    t.timestamped = false;
    for (int i = 0; i <= 250; ++i) t.add(i, {step * i, 0, 0}, yawQuat(yaw_step * i));
    return t;
}

}  // namespace

TEST(KittiOdometry, ScaleDriftGivesTranslationalErrorPerLength) {
    auto r = computeKittiOdometry(straight(1.0), straight(1.01));
    ASSERT_TRUE(r.ok()) << r.message();
    // A 100 m segment ends at frame f + 101 (first dist > dist[f] + 100): error 1.01 m / 100 m;
    // 200 m: 2.01 m / 200 m. Mean over 15 + 5 segments = (15 * 1.01 + 5 * 1.005) / 20 %.
    EXPECT_EQ(r->n_segments, 20u);
    EXPECT_NEAR(r->t_err_pct, (15 * 1.01 + 5 * 1.005) / 20.0, 1e-5);
    EXPECT_NEAR(r->r_err_deg_per_m, 0.0, 1e-9);
    EXPECT_EQ(r->per_length[0].n, 15u);
    EXPECT_NEAR(r->per_length[0].t_err_pct, 1.01, 1e-5);
    EXPECT_EQ(r->per_length[1].n, 5u);
    EXPECT_NEAR(r->per_length[1].t_err_pct, 1.005, 1e-5);
    EXPECT_EQ(r->per_length[2].n, 0u);
    EXPECT_EQ(r->segments.front().last_frame, 101u);
}

TEST(KittiOdometry, YawDriftGivesRotationalErrorPerLength) {
    // Orientation drifts 1e-4 rad per frame: a 100 m segment (101 frames) has 0.0101 rad error.
    auto r = computeKittiOdometry(straight(1.0), straight(1.0, 1e-4));
    ASSERT_TRUE(r.ok());
    const double rad_per_m = (15 * 0.0101 / 100 + 5 * 0.0201 / 200) / 20;
    // The devkit takes acos of a float near 1, which is only good to ~1e-4 relative at 0.01 rad.
    EXPECT_NEAR(r->r_err_deg_per_m, rad_per_m * 180 / M_PI, 2e-4 * rad_per_m * 180 / M_PI);
}

TEST(KittiOdometry, ShortOrMismatchedInputIsAnError) {
    Trajectory a = straight(0.1);
    auto r = computeKittiOdometry(a, a);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("25.000 m long"), std::string::npos) << r.message();
    Trajectory b = a;
    b.add(0, {0, 0, 0}, Eigen::Quaterniond::Identity());
    EXPECT_FALSE(computeKittiOdometry(a, b).ok());
}

TEST(KittiOdometry, EvaluateAssociatesTimestampedInputFirst) {
    // The estimate has one extra pose 0.5 s before the first: the association drops it, and the
    // scale drift gives the figure of ScaleDriftGivesTranslationalErrorPerLength.
    Trajectory gt = straight(1.0), est = straight(1.01);
    gt.timestamped = est.timestamped = true;
    est.stamps.insert(est.stamps.begin(), -0.5);
    est.positions.insert(est.positions.begin(), Eigen::Vector3d(50, 50, 50));
    est.orientations.insert(est.orientations.begin(), Eigen::Quaterniond::Identity());
    auto e = evaluateKitti(std::move(gt), std::move(est), {});
    ASSERT_TRUE(e.ok()) << e.message();
    EXPECT_EQ(e->poses, 251u);
    EXPECT_NEAR(e->result.t_err_pct, (15 * 1.01 + 5 * 1.005) / 20.0, 1e-5);
}
