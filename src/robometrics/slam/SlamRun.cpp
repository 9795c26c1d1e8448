#include "robometrics/slam/SlamRun.hpp"

#include <cmath>

namespace robometrics::slam {

OdomSample odomSample(double t, const msgs::Odometry &odometry) {
    return {t, odometry.pose.pose.position.x, odometry.pose.pose.position.y, stampIfSet(odometry.header.stamp.toNs())};
}

void MotionSummary::add(const OdomSample &s) {
    RunMotion &m = motion_;
    if (++m.samples == 1) {
        first_ = from_ = previous_ = s;
        m.first_s = s.t;
    }
    m.last_s = s.t;
    if (!m.movement_start_s && std::hypot(s.x - first_.x, s.y - first_.y) > config_.start_motion_m) {
        m.movement_start_s = s.t;
    }
    if (m.samples == 1) return;
    m.path_length_m += std::hypot(s.x - previous_.x, s.y - previous_.y);
    previous_ = s;
    const SpeedInterval interval = speedInterval(from_.t, from_.stamp, s.t, s.stamp);
    const double dt = interval.seconds;
    if (!(dt >= config_.min_speed_interval_s)) return;  // merged with the next steps
    const double step = std::hypot(s.x - from_.x, s.y - from_.y);
    if (step / dt > m.max_speed_mps) {
        m.max_speed_mps = step / dt;
        m.max_speed_at_s = s.t;
        m.max_speed_step_m = step;
        m.max_speed_interval_s = dt;
        m.max_speed_from_stamps = interval.from_stamps;
    }
    from_ = s;
}

RunMotion summariseMotion(const std::vector<OdomSample> &odometry, const MotionConfig &config) {
    MotionSummary summary(config);
    for (const OdomSample &s : odometry) summary.add(s);
    return summary.result();
}

std::optional<double> driftPerMetre(double ate_m, double path_length_m) {
    if (!(path_length_m > 0)) return std::nullopt;
    return ate_m / path_length_m;
}

}  // namespace robometrics::slam
