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

TEST(Ape, ErrorPoseIsExpressedInTheReferenceFrame) {
    // Reference turned by 90 degrees: the error pose's translation is R_ref^T (p_est - p_ref), same norm.
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
