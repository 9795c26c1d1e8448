#include "robometrics/slam/Ape.hpp"

#include <cmath>

namespace robometrics::slam {

Result<std::vector<double>> computeApe(const Trajectory &ref, const Trajectory &est, PoseRelation relation) {
    if (ref.size() != est.size()) return Error{"APE needs associated trajectories of equal length"};
    if (relation == PoseRelation::PointDistanceErrorRatio) {
        return Error{"the relation point_distance_error_ratio is defined for RPE only"};
    }
    std::vector<double> errors(ref.size());
    if (relation == PoseRelation::Trans || relation == PoseRelation::PointDistance) {
        for (std::size_t i = 0; i < ref.size(); ++i) {
            const Eigen::Vector3d d = ref.positions[i] - est.positions[i];
            errors[i] = std::sqrt(d.x() * d.x() + d.y() * d.y() + d.z() * d.z());
        }
        return errors;
    }
    for (std::size_t i = 0; i < ref.size(); ++i) {
        const Eigen::Matrix3d r_ref_inv = ref.rotation(i).transpose();
        const Eigen::Matrix3d r_e = r_ref_inv * est.rotation(i);
        const Eigen::Vector3d t_e = r_ref_inv * est.positions[i] - r_ref_inv * ref.positions[i];
        errors[i] = poseErrorValue(r_e, t_e, relation);
    }
    return errors;
}

}  // namespace robometrics::slam
