#pragma once
// Small builders for hand-made trajectories in the slam tests.

#include <cmath>
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

/// A curved drive of `n` poses every 0.1 s, starting at `t0`, turned and shifted by `yaw`, `dx`,
/// with a small wobble so that no two alignments agree by accident.
inline Trajectory curvedDrive(std::size_t n, double t0, double yaw, double dx) {
    Trajectory t;
    const Eigen::Quaterniond turn = yawQuat(yaw);
    for (std::size_t i = 0; i < n; ++i) {
        const double s = 0.1 * static_cast<double>(i);
        const Eigen::Vector3d p(std::cos(s) * 3 + dx, std::sin(s) * 2, 0.01 * std::sin(7 * s));
        t.add(t0 + s, turn * p, turn * yawQuat(s));
    }
    return t;
}

}  // namespace robometrics::slam::test
