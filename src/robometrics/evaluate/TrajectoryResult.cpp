#include "robometrics/evaluate/TrajectoryResult.hpp"

#include <cmath>

namespace robometrics::evaluate {

void TrajectoryResult::keepReference(const slam::Trajectory &whole) {
    reference.clear();
    for (const Eigen::Vector3d &p : whole.positions) reference.push_back({p.x(), p.y()});
    reference_start.reset();
    if (!whole.positions.empty()) reference_start = whole.positions.front().head<2>();
}

void TrajectoryResult::keepErrors(std::string source, const slam::TrajectoryErrorResult &se3_ape,
                                  const slam::TrajectoryErrorResult &origin_ape) {
    estimate_source = std::move(source);
    se3 = se3_ape.stats;
    origin = origin_ape.stats;
    scale = se3_ape.prepared.alignment.scale;
    pairs.clear();
    const slam::PreparedTrajectories &matched = se3_ape.prepared;
    const std::vector<double> &errors = se3_ape.errors;
    std::size_t largest = 0;
    for (std::size_t i = 0; i < errors.size(); ++i) {
        // The pair's poses: those of the error's pose index (the identity for an APE).
        const std::size_t pose = i < se3_ape.pose_indices.size() ? se3_ape.pose_indices[i] : i;
        const Eigen::Vector3d ref =
            pose < matched.ref.size() ? matched.ref.positions[pose] : Eigen::Vector3d::Constant(NAN);
        const Eigen::Vector3d est =
            pose < matched.est.size() ? matched.est.positions[pose] : Eigen::Vector3d::Constant(NAN);
        const double origin_error = i < origin_ape.errors.size() ? origin_ape.errors[i] : NAN;
        pairs.push_back(AtePair{
            se3_ape.stamps[i], errors[i], origin_error, {ref.x(), ref.y(), ref.z()}, {est.x(), est.y(), est.z()}});
        if (errors[largest] < errors[i]) largest = i;  // std::max_element's rule: the first of equals
    }
    worst.reset();
    if (!errors.empty()) worst = Worst{se3_ape.stamps[largest], errors[largest]};
}

}  // namespace robometrics::evaluate
