#include "robometrics/slam/SlamRun.hpp"

#include <cmath>

namespace robometrics::slam {

RunMotion summariseMotion(const std::vector<OdomSample> &odometry, const MotionConfig &config) {
    RunMotion m;
    m.samples = odometry.size();
    if (odometry.empty()) return m;
    m.first_s = odometry.front().t;
    m.last_s = odometry.back().t;
    const OdomSample &first = odometry.front();
    for (std::size_t i = 0; i < odometry.size(); ++i) {
        const OdomSample &s = odometry[i];
        if (!m.movement_start_s && std::hypot(s.x - first.x, s.y - first.y) > config.start_motion_m) {
            m.movement_start_s = s.t;
        }
        if (i == 0) continue;
        const OdomSample &p = odometry[i - 1];
        const double step = std::hypot(s.x - p.x, s.y - p.y);
        m.path_length_m += step;
        const double dt = s.t - p.t;
        if (dt > 0 && step / dt > m.max_speed_mps) {
            m.max_speed_mps = step / dt;
            m.max_speed_at_s = s.t;
        }
    }
    return m;
}

std::optional<double> driftPerMetre(double ate_m, double path_length_m) {
    if (!(path_length_m > 0)) return std::nullopt;
    return ate_m / path_length_m;
}

}  // namespace robometrics::slam
