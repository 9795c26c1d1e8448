#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "robometrics/slam/TrajectoryGeometry.hpp"

using robometrics::slam::rotationAngle;
using robometrics::slam::rotationZ;

TEST(TrajectoryGeometry, RotationAngleOfKnownRotations) {
    EXPECT_EQ(rotationAngle(Eigen::Matrix3d::Identity()), 0.0);
    EXPECT_NEAR(rotationAngle(rotationZ(0.25)), 0.25, 1e-15);
    EXPECT_NEAR(rotationAngle(rotationZ(-2.0)), 2.0, 1e-15);
    EXPECT_NEAR(rotationAngle(Eigen::AngleAxisd(M_PI, Eigen::Vector3d(1, 1, 0).normalized()).toRotationMatrix()), M_PI,
                1e-12);
}

TEST(TrajectoryGeometry, SmallAnglesKeepFullPrecision) {
    // acos((trace - 1) / 2) would return 0 or ~1.5e-8 here; the quaternion route keeps 1e-9.
    EXPECT_NEAR(rotationAngle(rotationZ(1e-9)), 1e-9, 1e-22);
    EXPECT_NEAR(rotationAngle(Eigen::AngleAxisd(3e-7, Eigen::Vector3d(0, 1, 0)).toRotationMatrix()), 3e-7, 1e-20);
}
