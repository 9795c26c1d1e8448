#pragma once
// evo_traj's --full_check: is every pose a proper rigid motion, and do the stamps go forward?
// As evo's check: each rotation orthonormal (R Rᵀ = I within 1e-6 per element) with determinant
// +1 (within 1e-6), and the stamps strictly ascending (no step back, no repeated stamp).

#include <string>
#include <vector>

#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::toolbox {

struct TrajectoryValidity {
    std::size_t non_rigid_poses = 0;       ///< rotations that are not in SO(3)
    std::size_t first_non_rigid = 0;       ///< index of the first of them
    std::size_t stamps_not_ascending = 0;  ///< steps whose stamp is not after the previous one
    std::size_t first_not_ascending = 0;   ///< index of the pose of the first such step
    bool valid() const { return non_rigid_poses == 0 && stamps_not_ascending == 0; }
    /// "valid", or what is wrong ("3 poses not SE(3) (first: pose 12); ...").
    std::string summary() const;
};

TrajectoryValidity checkTrajectoryValidity(const slam::Trajectory &trajectory);

}  // namespace robometrics::toolbox
