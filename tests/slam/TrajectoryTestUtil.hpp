#pragma once
// Small builders for hand-made trajectories in the slam tests.

#include <initializer_list>

#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam::test {

inline Eigen::Quaterniond yawQuat(double yaw) {
    return Eigen::Quaterniond(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()));
}

/// Poses at `positions`, stamped 0, 1, 2, ... with identity orientation.
inline Trajectory pathOf(std::initializer_list<Eigen::Vector3d> positions) {
    Trajectory t;
    for (const auto &p : positions) t.add(static_cast<double>(t.size()), p, Eigen::Quaterniond::Identity());
    return t;
}

/// Poses with the given stamps at the origin.
inline Trajectory stampsOf(std::initializer_list<double> stamps) {
    Trajectory t;
    for (double s : stamps) t.add(s, Eigen::Vector3d::Zero(), Eigen::Quaterniond::Identity());
    return t;
}

}  // namespace robometrics::slam::test
