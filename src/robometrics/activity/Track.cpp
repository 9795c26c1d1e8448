#include "robometrics/activity/Track.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "robometrics/activity/TimeOrder.hpp"

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
    sortByTime(points_);
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

std::optional<TimeNs> Track::timeAfterPath(TimeNs from, double metres) const {
    if (points_.empty()) return std::nullopt;
    const double target = pathAt(from) + metres;
    if (metres <= 0) return std::max(from, points_.front().t);
    auto reached = std::lower_bound(cumulative_.begin(), cumulative_.end(), target);
    if (reached == cumulative_.end()) return std::nullopt;
    const std::size_t i = static_cast<std::size_t>(reached - cumulative_.begin());
    if (i == 0) return points_.front().t;
    const double step = cumulative_[i] - cumulative_[i - 1];
    const double f = step > 0 ? (target - cumulative_[i - 1]) / step : 1.0;
    return points_[i - 1].t + static_cast<TimeNs>(std::llround(f * static_cast<double>(points_[i].t - points_[i - 1].t)));
}

double Track::pathBetween(TimeNs from, TimeNs to) const { return pathAt(to) - pathAt(from); }

MovingIntervals::MovingIntervals(const MovingConfig &config)
    : min_interval_(fromSeconds(config.min_interval_s)),
      max_gap_(fromSeconds(config.max_sample_gap_s)),
      min_speed_mps_(config.min_speed_mps),
      min_turn_rps_(config.min_turn_rps) {}

void MovingIntervals::add(const TrackPoint &p) {
    if (points_++ == 0) {
        from_ = previous_ = p;
        return;
    }
    // The path as Track's cumulative path: summed in the same order.
    path_ += std::hypot(p.x - previous_.x, p.y - previous_.y);
    const TimeNs step = p.t - previous_.t;
    previous_ = p;
    if (step > max_gap_) {
        from_ = p;  // a hole in the samples: nothing is known about it
        path_at_from_ = path_;
        return;
    }
    const TimeNs dt = p.t - from_.t;
    if (dt < min_interval_) return;
    const double seconds = toSeconds(dt);
    const double speed = (path_ - path_at_from_) / seconds;
    const double turn = angleDifference(p.yaw, from_.yaw) / seconds;
    if (speed >= min_speed_mps_ || turn >= min_turn_rps_) moving_.add(from_.t, p.t);
    from_ = p;
    path_at_from_ = path_;
}

TimeIntervals Track::moving(const MovingConfig &config) const {
    MovingIntervals moving(config);
    for (const TrackPoint &p : points_) moving.add(p);
    return moving.result();
}

}  // namespace robometrics::activity
