#include <gtest/gtest.h>

#include "robometrics/toolbox/TrajectoryValidity.hpp"

namespace robometrics::toolbox {
namespace {

slam::Trajectory threePoses(std::vector<double> stamps) {
    slam::Trajectory t;
    t.stamps = std::move(stamps);
    for (std::size_t i = 0; i < t.stamps.size(); ++i) {
        t.positions.emplace_back(static_cast<double>(i), 0, 0);
        t.orientations.push_back(Eigen::Quaterniond::Identity());
    }
    return t;
}

TEST(TrajectoryValidity, AscendingStampsAndRotationsAreValid) {
    const auto v = checkTrajectoryValidity(threePoses({0, 1, 2}));
    EXPECT_TRUE(v.valid());
    EXPECT_EQ(v.summary(), "valid");
}

TEST(TrajectoryValidity, RepeatedOrBackwardStampsAreNot) {
    const auto v = checkTrajectoryValidity(threePoses({0, 0, 2, 1}));
    EXPECT_FALSE(v.valid());
    EXPECT_EQ(v.stamps_not_ascending, 2u);  // 0 -> 0 repeats, 2 -> 1 goes back
    EXPECT_EQ(v.first_not_ascending, 1u);
    EXPECT_EQ(v.summary(), "2 stamps not after the previous one (first: pose 1)");
}

TEST(TrajectoryValidity, RawMatricesThatAreNoRotationAreNot) {
    slam::Trajectory t = threePoses({0, 1, 2});
    t.timestamped = false;
    t.rotation_matrices.assign(3, Eigen::Matrix3d::Identity());
    t.rotation_matrices[1](0, 0) = 1.0 + 2e-6;              // stretched beyond the 1e-6 tolerance
    t.rotation_matrices[2] = -Eigen::Matrix3d::Identity();  // orthonormal, but a reflection
    t.rotation_matrices[0](0, 1) = 1e-7;                    // within the tolerance
    const auto v = checkTrajectoryValidity(t);
    EXPECT_EQ(v.non_rigid_poses, 2u);
    EXPECT_EQ(v.first_non_rigid, 1u);
    EXPECT_EQ(v.stamps_not_ascending, 0u) << "no stamps to check";
    EXPECT_EQ(v.summary(), "2 poses not SE(3) (first: pose 1)");
}

}  // namespace
}  // namespace robometrics::toolbox
