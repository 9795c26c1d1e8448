#pragma once
// Rotation helpers shared by the trajectory metrics, computed the way evo (through scipy) does.

#include <Eigen/Core>

namespace robometrics::slam {

/// The rotation angle |log(R)| in radians, in [0, pi]. Like scipy's
/// `Rotation.from_matrix(R).as_rotvec()` norm: the matrix goes through a normalised quaternion
/// (Shepperd's method), so non-orthonormal input is tolerated and small angles keep full precision
/// (unlike acos((trace - 1) / 2)).
double rotationAngle(const Eigen::Matrix3d &r);

/// A rotation about z by `theta` radians.
Eigen::Matrix3d rotationZ(double theta);

}  // namespace robometrics::slam
