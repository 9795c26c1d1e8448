#include "robometrics/activity/Track.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace robometrics::activity {

namespace {
double angleDifference(double a, double b) {
    double d = std::fmod(a - b, 2 * std::numbers::pi);
    if (d > std::numbers::pi) d -= 2 * std::numbers::pi;
    if (d < -std::numbers::pi) d += 2 * std::numbers::pi;
    return std::abs(d);
}
}  // namespace

Track::Track(std::vector<TrackPoint> points) : points_(std::move(points)) {
    std::stable_sort(points_.begin(), points_.end(),
                     [](const TrackPoint &a, const TrackPoint &b) { return a.t < b.t; });
    cumulative_.reserve(points_.size());
    double path = 0;
    for (std::size_t i = 0; i < points_.size(); ++i) {
        if (i > 0) path += std::hypot(points_[i].x - points_[i - 1].x, points_[i].y - points_[i - 1].y);
        cumulative_.push_back(path);
    }
}

double Track::pathAt(TimeNs t) const {
    if (points_.empty()) return 0;
    if (t <= points_.front().t) return 0;
    if (t >= points_.back().t) return cumulative_.back();
    auto after =
        std::upper_bound(points_.begin(), points_.end(), t, [](TimeNs v, const TrackPoint &p) { return v < p.t; });
    const std::size_t i = static_cast<std::size_t>(after - points_.begin());
    const double f = static_cast<double>(t - points_[i - 1].t) / static_cast<double>(points_[i].t - points_[i - 1].t);
    return cumulative_[i - 1] + f * (cumulative_[i] - cumulative_[i - 1]);
}

double Track::pathBetween(TimeNs from, TimeNs to) const { return pathAt(to) - pathAt(from); }

TimeIntervals Track::moving(const MovingConfig &config) const {
    TimeIntervals out;
    const TimeNs min_interval = fromSeconds(config.min_interval_s);
    const TimeNs max_gap = fromSeconds(config.max_sample_gap_s);
    std::size_t a = 0;
    for (std::size_t b = 1; b < points_.size(); ++b) {
        if (points_[b].t - points_[b - 1].t > max_gap) {
            a = b;  // a hole in the samples: nothing is known about it
            continue;
        }
        const TimeNs dt = points_[b].t - points_[a].t;
        if (dt < min_interval) continue;
        const double seconds = toSeconds(dt);
        const double speed = (cumulative_[b] - cumulative_[a]) / seconds;
        const double turn = angleDifference(points_[b].yaw, points_[a].yaw) / seconds;
        if (speed >= config.min_speed_mps || turn >= config.min_turn_rps) out.add(points_[a].t, points_[b].t);
        a = b;
    }
    return out;
}

}  // namespace robometrics::activity
