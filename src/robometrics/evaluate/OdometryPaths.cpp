#include "robometrics/evaluate/OdometryPaths.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::evaluate {

namespace {

/// A path with room for every sample: a long run's path is not held at up to twice its size.
RunPath emptyPath(const std::string &label, const std::string &frame, std::size_t samples) {
    RunPath path{label, frame, {}, {}, {}};
    path.t.reserve(samples);
    path.x.reserve(samples);
    path.y.reserve(samples);
    return path;
}

}  // namespace

slam::OdomSample onRunAxis(const RunClock &clock, slam::OdomSample sample) {
    sample.t = clock.sinceStart(fromSeconds(sample.t));
    return sample;
}

RunPath odometryPath(const std::string &label, const OdometryLog &odometry, const RunClock &clock) {
    RunPath path = emptyPath(label, "odom", odometry.size());
    for (const slam::OdomSample &s : odometry) {
        path.t.push_back(onRunAxis(clock, s).t);
        path.x.push_back(s.x);
        path.y.push_back(s.y);
    }
    return path;
}

RunPath odometryInMap(const std::string &label, const OdometryLog &odometry, const RunClock &clock,
                      const slam::Trajectory &map_odom) {
    if (map_odom.empty()) return RunPath{label, "map", {}, {}, {}};
    RunPath out = emptyPath(label, "map", odometry.size());
    for (const slam::OdomSample &s : odometry) {
        if (!s.stamp) continue;
        const double stamp = toSeconds(*s.stamp);
        auto after = std::upper_bound(map_odom.stamps.begin(), map_odom.stamps.end(), stamp);
        const std::size_t i =
            after == map_odom.stamps.begin() ? 0 : static_cast<std::size_t>(after - map_odom.stamps.begin()) - 1;
        const Eigen::Vector3d p = map_odom.rotation(i) * Eigen::Vector3d(s.x, s.y, 0) + map_odom.positions[i];
        out.t.push_back(onRunAxis(clock, s).t);
        out.x.push_back(p.x());
        out.y.push_back(p.y());
    }
    return out;
}

}  // namespace robometrics::evaluate
