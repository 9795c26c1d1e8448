#include "robometrics/toolbox/TrajectoryValidity.hpp"

#include <fmt/format.h>

#include <cmath>

namespace robometrics::toolbox {

namespace {

constexpr double kTolerance = 1e-6;

bool isRotation(const Eigen::Matrix3d &r) {
    const Eigen::Matrix3d gram = r * r.transpose();
    return (gram - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() <= kTolerance &&
           std::abs(r.determinant() - 1.0) <= kTolerance;
}

}  // namespace

std::string TrajectoryValidity::summary() const {
    if (valid()) return "valid";
    std::string text;
    if (non_rigid_poses > 0)
        text = fmt::format("{} poses not SE(3) (first: pose {})", non_rigid_poses, first_non_rigid);
    if (stamps_not_ascending > 0) {
        if (!text.empty()) text += "; ";
        text += fmt::format("{} stamps not after the previous one (first: pose {})", stamps_not_ascending,
                            first_not_ascending);
    }
    return text;
}

TrajectoryValidity checkTrajectoryValidity(const slam::Trajectory &trajectory) {
    TrajectoryValidity v;
    for (std::size_t i = 0; i < trajectory.size(); ++i) {
        if (isRotation(trajectory.rotation(i))) continue;
        if (v.non_rigid_poses++ == 0) v.first_non_rigid = i;
    }
    if (!trajectory.timestamped) return v;
    for (std::size_t i = 1; i < trajectory.stamps.size(); ++i) {
        if (trajectory.stamps[i] > trajectory.stamps[i - 1]) continue;
        if (v.stamps_not_ascending++ == 0) v.first_not_ascending = i;
    }
    return v;
}

}  // namespace robometrics::toolbox
