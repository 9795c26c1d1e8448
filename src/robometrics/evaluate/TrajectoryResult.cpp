#include "robometrics/evaluate/TrajectoryResult.hpp"

#include <cmath>

namespace robometrics::evaluate {

void TrajectoryResult::keepReference(const slam::Trajectory &whole) {
    reference.clear();
    for (const Eigen::Vector3d &p : whole.positions) reference.push_back({p.x(), p.y()});
    reference_start.reset();
    if (!whole.positions.empty()) reference_start = whole.positions.front().head<2>();
}

void TrajectoryResult::addPair(const AtePair &pair) {
    pairs.push_back(pair);
    // std::max_element's rule: the first of equal largest errors.
    if (!worst || worst->error < pair.se3_error) worst = Worst{pair.stamp, pair.se3_error};
}

void TrajectoryResult::clearPairs() {
    pairs.clear();
    worst.reset();
}

}  // namespace robometrics::evaluate
