#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryAlignment.hpp"
#include "robometrics/slam/TrajectoryGeometry.hpp"

using namespace robometrics::slam;
using robometrics::slam::test::pathOf;
using robometrics::slam::test::yawQuat;

namespace {

Trajectory sampleEstimate() { return pathOf({{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {0, 0, 3}, {1, 1, 1}}); }

/// ref = R (s est) + t for a known similarity.
Trajectory transformed(const Trajectory &est, const Eigen::Matrix3d &r, const Eigen::Vector3d &t, double s) {
    Trajectory ref = est;
    for (auto &p : ref.positions) p = r * (s * p) + t;
    return ref;
}

}  // namespace

TEST(TrajectoryAlignment, Se3RecoversAKnownMotion) {
    Trajectory est = sampleEstimate();
    const Eigen::Matrix3d r = rotationZ(M_PI / 2);
    Trajectory ref = transformed(est, r, {1, 2, 3}, 1.0);
    auto a = computeAlignment(ref, est, AlignMode::Se3);
    ASSERT_TRUE(a.ok()) << a.message();
    EXPECT_TRUE(a->rotation.isApprox(r, 1e-12));
    EXPECT_TRUE(a->translation.isApprox(Eigen::Vector3d(1, 2, 3), 1e-12));
    EXPECT_EQ(a->scale, 1.0);
    applyAlignment(est, *a);
    for (std::size_t i = 0; i < est.size(); ++i) EXPECT_NEAR((est.positions[i] - ref.positions[i]).norm(), 0.0, 1e-12);
    // Orientations turn with the alignment: identity becomes a 90 degree yaw.
    EXPECT_NEAR(est.orientations[0].angularDistance(yawQuat(M_PI / 2)), 0.0, 1e-12);
}

TEST(TrajectoryAlignment, Sim3RecoversScale) {
    Trajectory est = sampleEstimate();
    Trajectory ref = transformed(est, rotationZ(0.3), {-1, 0, 2}, 2.0);
    auto a = computeAlignment(ref, est, AlignMode::Sim3);
    ASSERT_TRUE(a.ok());
    EXPECT_NEAR(a->scale, 2.0, 1e-12);
    EXPECT_TRUE(a->rotation.isApprox(rotationZ(0.3), 1e-12));
}

TEST(TrajectoryAlignment, ScaleOnlyKeepsRotationAndTranslation) {
    Trajectory est = pathOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    Trajectory ref = pathOf({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}});
    auto a = computeAlignment(ref, est, AlignMode::Scale);
    ASSERT_TRUE(a.ok());
    EXPECT_NEAR(a->scale, 2.0, 1e-12);
    EXPECT_EQ(a->rotation, Eigen::Matrix3d::Identity());
    EXPECT_EQ(a->translation, Eigen::Vector3d::Zero());
}

TEST(TrajectoryAlignment, OriginMapsFirstPoseOntoFirstPose) {
    Trajectory est = pathOf({{0, 0, 0}, {1, 0, 0}});
    Trajectory ref = pathOf({{1, 0, 0}, {5, 5, 5}});
    ref.orientations[0] = yawQuat(M_PI / 2);
    auto a = computeAlignment(ref, est, AlignMode::Origin);
    ASSERT_TRUE(a.ok());
    applyAlignment(est, *a);
    // T = P_ref0 P_est0^-1 = (yaw 90 deg, (1, 0, 0)); est pose 1 at (1, 0, 0) goes to (1, 1, 0).
    EXPECT_NEAR((est.positions[0] - Eigen::Vector3d(1, 0, 0)).norm(), 0.0, 1e-15);
    EXPECT_NEAR((est.positions[1] - Eigen::Vector3d(1, 1, 0)).norm(), 0.0, 1e-15);
}

TEST(TrajectoryAlignment, NToAlignUsesOnlyTheFirstPoses) {
    Trajectory est = pathOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    Trajectory ref = pathOf({{1, 0, 0}, {2, 0, 0}, {1, 1, 0}, {9, 9, 9}});  // last one is an outlier
    auto a = computeAlignment(ref, est, AlignMode::Se3, 3);
    ASSERT_TRUE(a.ok());
    EXPECT_TRUE(a->rotation.isApprox(Eigen::Matrix3d::Identity(), 1e-12));
    EXPECT_TRUE(a->translation.isApprox(Eigen::Vector3d(1, 0, 0), 1e-12));
}

TEST(TrajectoryAlignment, CollinearPointsAreDegenerate) {
    Trajectory est = pathOf({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
    auto a = computeAlignment(est, est, AlignMode::Se3);
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.message().find("degenerate covariance rank"), std::string::npos) << a.message();
}

TEST(TrajectoryAlignment, PosYawFindsYawAndTranslation) {
    Trajectory est = sampleEstimate();
    Trajectory ref = transformed(est, rotationZ(0.5), {3, -1, 0.25}, 1.0);
    auto a = computeAlignment(ref, est, AlignMode::PosYaw);
    ASSERT_TRUE(a.ok());
    EXPECT_TRUE(a->rotation.isApprox(rotationZ(0.5), 1e-12));
    EXPECT_TRUE(a->translation.isApprox(Eigen::Vector3d(3, -1, 0.25), 1e-12));
}

TEST(TrajectoryAlignment, PosYawWithOnePoseUsesOrientations) {
    Trajectory est = pathOf({{1, 0, 0}, {2, 0, 0}});
    Trajectory ref = pathOf({{0, 0, 1}, {0, 1, 1}});
    est.orientations[0] = yawQuat(0.1);
    ref.orientations[0] = yawQuat(0.4);
    auto a = computeAlignment(ref, est, AlignMode::PosYaw, 1);
    ASSERT_TRUE(a.ok());
    EXPECT_TRUE(a->rotation.isApprox(rotationZ(0.3), 1e-12));
    // t = p_ref0 - R p_est0 = (0, 0, 1) - (cos 0.3, sin 0.3, 0)
    EXPECT_TRUE(a->translation.isApprox(Eigen::Vector3d(-std::cos(0.3), -std::sin(0.3), 1), 1e-12));
}

TEST(TrajectoryAlignment, ProjectToPlaneKeepsTheAngleAboutTheNormal) {
    // R = Rz(0.5) Ry(0.2) Rx(0.3): static xyz Euler angles (0.3, 0.2, 0.5).
    const Eigen::Quaterniond q = Eigen::AngleAxisd(0.5, Eigen::Vector3d::UnitZ()) *
                                 Eigen::AngleAxisd(0.2, Eigen::Vector3d::UnitY()) *
                                 Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX());
    struct Case {
        Plane plane;
        Eigen::Vector3d axis, position;
        double angle;
    };
    for (const Case &c : {Case{Plane::XY, Eigen::Vector3d::UnitZ(), {1, 2, 0}, 0.5},
                          Case{Plane::XZ, Eigen::Vector3d::UnitY(), {1, 0, 3}, 0.2},
                          Case{Plane::YZ, Eigen::Vector3d::UnitX(), {0, 2, 3}, 0.3}}) {
        Trajectory t;
        t.add(0, {1, 2, 3}, q);
        projectToPlane(t, c.plane);
        EXPECT_EQ(t.positions[0], c.position);
        EXPECT_NEAR(t.orientations[0].angularDistance(Eigen::Quaterniond(Eigen::AngleAxisd(c.angle, c.axis))), 0.0,
                    1e-12);
    }
}

TEST(TrajectoryAlignment, ParsesNames) {
    EXPECT_EQ(*parseAlignMode("posyaw"), AlignMode::PosYaw);
    EXPECT_FALSE(parseAlignMode("se2").ok());
    EXPECT_EQ(*parsePlane("xz"), Plane::XZ);
    EXPECT_FALSE(parsePlane("zz").ok());
}
