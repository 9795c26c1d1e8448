#pragma once
// Euclidean lengths of the traversal metrics (the seed's 3-D norms: |a|, |w|, |v|, pose steps).

#include <cmath>

#include "robometrics/msgs/Messages.hpp"

namespace robometrics::traversal {

inline double norm3(double x, double y, double z) { return std::sqrt(x * x + y * y + z * z); }

/// 3-D step from `from` to `to`.
inline double distance3(const msgs::Point &from, const msgs::Point &to) {
    return norm3(to.x - from.x, to.y - from.y, to.z - from.z);
}

}  // namespace robometrics::traversal
