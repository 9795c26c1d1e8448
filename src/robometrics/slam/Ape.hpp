#pragma once
// Absolute pose error per associated pose, as evo's APE: E_i = P_est,i^-1 P_ref,i, turned into a
// scalar by the pose relation (trans = ||p_est - p_ref|| computed on positions directly).

#include <cmath>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/PoseRelation.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::slam {

/// The translation error of one pair: ||p_ref - p_est||, summed in evo's order.
inline double translationError(const Eigen::Vector3d &ref, const Eigen::Vector3d &est) {
    const Eigen::Vector3d d = ref - est;
    return std::sqrt(d.x() * d.x() + d.y() * d.y() + d.z() * d.z());
}

/// One error per pose of the associated (equal-length) trajectories. point_distance_error_ratio
/// is an RPE relation and is refused here.
Result<std::vector<double>> computeApe(const Trajectory &ref, const Trajectory &est, PoseRelation relation);

}  // namespace robometrics::slam
