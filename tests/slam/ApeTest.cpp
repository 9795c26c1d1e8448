#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/Ape.hpp"

using namespace robometrics::slam;
using robometrics::slam::test::pathOf;
using robometrics::slam::test::yawQuat;

TEST(Ape, TranslationPartIsThePositionDistance) {
    auto e = computeApe(pathOf({{0, 0, 0}, {1, 0, 0}}), pathOf({{0, 0, 1}, {1, 3, 4}}), PoseRelation::Trans);
    ASSERT_TRUE(e.ok());
    EXPECT_EQ(*e, (std::vector<double>{1.0, 5.0}));
    auto p = computeApe(pathOf({{0, 0, 0}}), pathOf({{0, 3, 4}}), PoseRelation::PointDistance);
    EXPECT_EQ(p->front(), 5.0);
}

TEST(Ape, RotationRelations) {
    Trajectory ref = pathOf({{0, 0, 0}});
    Trajectory est = pathOf({{3, 4, 0}});
    est.orientations[0] = yawQuat(M_PI / 2);
    EXPECT_NEAR(computeApe(ref, est, PoseRelation::AngleRad)->front(), M_PI / 2, 1e-15);
    EXPECT_NEAR(computeApe(ref, est, PoseRelation::AngleDeg)->front(), 90.0, 1e-12);
    // ||Rz(90) - I||_F = sqrt(1 + 1 + 1 + 1) = 2; full adds ||t||^2 = 25.
    EXPECT_NEAR(computeApe(ref, est, PoseRelation::RotPart)->front(), 2.0, 1e-15);
    EXPECT_NEAR(computeApe(ref, est, PoseRelation::Full)->front(), std::sqrt(29.0), 1e-14);
}

TEST(Ape, ErrorPoseIsExpressedInTheEstimateFrame) {
    // Both turned by 90 degrees: the error pose's translation is R_est^T (p_ref - p_est), same norm.
    Trajectory ref = pathOf({{1, 1, 0}});
    ref.orientations[0] = yawQuat(M_PI / 2);
    Trajectory est = pathOf({{1, 3, 0}});
    est.orientations[0] = yawQuat(M_PI / 2);
    EXPECT_NEAR(computeApe(ref, est, PoseRelation::Full)->front(), 2.0, 1e-14);
    EXPECT_NEAR(computeApe(ref, est, PoseRelation::AngleDeg)->front(), 0.0, 1e-12);
}

TEST(Ape, RejectsRatioAndUnequalLengths) {
    EXPECT_FALSE(computeApe(pathOf({{0, 0, 0}}), pathOf({{0, 0, 0}}), PoseRelation::PointDistanceErrorRatio).ok());
    EXPECT_FALSE(computeApe(pathOf({{0, 0, 0}}), pathOf({{0, 0, 0}, {1, 0, 0}}), PoseRelation::Trans).ok());
}

TEST(Ape, FullTakesEvosErrorPoseWhenRotationsAreNotQuiteOrthonormal) {
    // KITTI files print rotations to ~7 digits, so they are orthonormal only to ~1e-7 and the order
    // of the error pose shows in `full`. Reference: rotation diag(1 + d, 1, 1) at (1, 0, 0);
    // estimate: the identity at the origin. evo's E = P_est^-1 P_ref = P_ref, so
    // ||E - I||_F^2 = d^2 + 1; the other order, P_ref^-1 P_est = [R^T, -R^T p], would give
    // d^2 + (1 + d)^2, i.e. about 1 + d instead of 1 + d^2 / 2.
    const double d = 1e-6;
    Trajectory ref = pathOf({{1, 0, 0}});
    ref.rotation_matrices = {Eigen::Vector3d(1 + d, 1, 1).asDiagonal()};
    Trajectory est = pathOf({{0, 0, 0}});
    EXPECT_NEAR(computeApe(ref, est, PoseRelation::Full)->front(), std::sqrt(1 + d * d), 1e-15);
    // The roles swapped: E = P_est^-1 = [R^T, -R^T p], so d^2 + (1 + d)^2.
    EXPECT_NEAR(computeApe(est, ref, PoseRelation::Full)->front(), std::sqrt(d * d + (1 + d) * (1 + d)), 1e-15);
}
