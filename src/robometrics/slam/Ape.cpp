#include "robometrics/slam/Ape.hpp"

#include <cmath>

namespace robometrics::slam {

Result<std::vector<double>> computeApe(const Trajectory &ref, const Trajectory &est, PoseRelation relation) {
    if (ref.size() != est.size()) return Error{"APE needs associated trajectories of equal length"};
    if (relation == PoseRelation::PointDistanceErrorRatio) {
        return Error{"the relation point_distance_error_ratio is defined for RPE only"};
    }
    const bool translation = relation == PoseRelation::Trans || relation == PoseRelation::PointDistance;
    if (!translation && (!ref.hasRotations() || !est.hasRotations())) {
        return Error{"the relation needs the orientations, and the trajectories were read without them"};
    }
    std::vector<double> errors;  // filled by push_back: no zero-fill of a million values first
    reserveInHugePages(errors, ref.size());
    if (translation) {
        for (std::size_t i = 0; i < ref.size(); ++i)
            errors.push_back(translationError(ref.positions[i], est.positions[i]));
        return errors;
    }
    for (std::size_t i = 0; i < ref.size(); ++i) {
        // evo's order, E = P_est^-1 P_ref with the inverse by transposition. KITTI rotations are
        // orthonormal only to ~1e-7, so P_ref^-1 P_est moves `full` by ~1e-9 (1.7e-9 on KITTI 00).
        const Eigen::Matrix3d r_est_inv = est.rotation(i).transpose();
        const Eigen::Matrix3d r_e = r_est_inv * ref.rotation(i);
        const Eigen::Vector3d t_e = r_est_inv * ref.positions[i] - r_est_inv * est.positions[i];
        errors.push_back(poseErrorValue(r_e, t_e, relation));
    }
    return errors;
}

}  // namespace robometrics::slam
