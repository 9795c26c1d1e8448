#pragma once
// The robot's planar pose in the odom frame: the costmap rotates with the yaw only (roll and
// pitch are ignored, as in the original node).

#include <Eigen/Geometry>
#include <cmath>

namespace robometrics::terrain {

struct Pose2D {
    double x = 0;
    double y = 0;
    double yaw = 0;

    /// Position and yaw of a 3-D pose (yaw of the rotated x axis projected on the plane).
    static Pose2D fromIsometry(const Eigen::Isometry3d &pose) {
        const Eigen::Vector3d ex = pose.linear().col(0);
        return {pose.translation().x(), pose.translation().y(), std::atan2(ex.y(), ex.x())};
    }
};

}  // namespace robometrics::terrain
