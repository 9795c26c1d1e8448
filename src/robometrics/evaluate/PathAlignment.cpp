#include "robometrics/evaluate/PathAlignment.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::evaluate {

RunPath odometryInMap(const std::string &label, const std::vector<slam::OdomSample> &odometry,
                      const slam::Trajectory &map_odom) {
    RunPath out{label, "map", {}, {}, {}};
    if (map_odom.empty()) return out;
    // At most one point per sample: reserved, so a long run's path is not held at up to twice its size.
    out.t.reserve(odometry.size());
    out.x.reserve(odometry.size());
    out.y.reserve(odometry.size());
    for (const slam::OdomSample &s : odometry) {
        if (!s.stamp) continue;
        const double stamp = toSeconds(*s.stamp);
        auto after = std::upper_bound(map_odom.stamps.begin(), map_odom.stamps.end(), stamp);
        const std::size_t i =
            after == map_odom.stamps.begin() ? 0 : static_cast<std::size_t>(after - map_odom.stamps.begin()) - 1;
        const Eigen::Vector3d p = map_odom.rotation(i) * Eigen::Vector3d(s.x, s.y, 0) + map_odom.positions[i];
        out.t.push_back(s.t);
        out.x.push_back(p.x());
        out.y.push_back(p.y());
    }
    return out;
}

}  // namespace robometrics::evaluate
