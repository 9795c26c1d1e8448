#include "robometrics/slam/SlamRun.hpp"

#include <cmath>

namespace robometrics::slam {

OdomSample odomSample(double t, const msgs::Odometry &odometry) {
    return {t, odometry.pose.pose.position.x, odometry.pose.pose.position.y, stampIfSet(odometry.header.stamp.toNs())};
}

RunMotion summariseMotion(const std::vector<OdomSample> &odometry, const MotionConfig &config) {
    RunMotion m;
    m.samples = odometry.size();
    if (odometry.empty()) return m;
    m.first_s = odometry.front().t;
    m.last_s = odometry.back().t;
    const OdomSample &first = odometry.front();
    std::size_t from = 0;  // start of the interval the speed is measured over
    for (std::size_t i = 0; i < odometry.size(); ++i) {
        const OdomSample &s = odometry[i];
        if (!m.movement_start_s && std::hypot(s.x - first.x, s.y - first.y) > config.start_motion_m) {
            m.movement_start_s = s.t;
        }
        if (i == 0) continue;
        const OdomSample &p = odometry[i - 1];
        m.path_length_m += std::hypot(s.x - p.x, s.y - p.y);
        const OdomSample &a = odometry[from];
        const SpeedInterval interval = speedInterval(a.t, a.stamp, s.t, s.stamp);
        const double dt = interval.seconds;
        if (!(dt >= config.min_speed_interval_s)) continue;
        const double step = std::hypot(s.x - a.x, s.y - a.y);
        if (step / dt > m.max_speed_mps) {
            m.max_speed_mps = step / dt;
            m.max_speed_at_s = s.t;
            m.max_speed_step_m = step;
            m.max_speed_interval_s = dt;
            m.max_speed_from_stamps = interval.from_stamps;
        }
        from = i;
    }
    return m;
}

std::optional<double> driftPerMetre(double ate_m, double path_length_m) {
    if (!(path_length_m > 0)) return std::nullopt;
    return ate_m / path_length_m;
}

}  // namespace robometrics::slam
