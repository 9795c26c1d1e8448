#include "robometrics/core/RunClock.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "robometrics/core/PiecewiseLinear.hpp"

namespace robometrics {

namespace {
TimeNs median(std::vector<TimeNs> values) {
    auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    return *mid;
}
}  // namespace

void RunClock::observe(TimeNs log_time, std::optional<TimeNs> stamp) {
    if (!started_) {
        started_ = true;
        start_ = end_ = bucket_start_ = log_time;
    }
    end_ = std::max(end_, log_time);
    if (log_time - bucket_start_ >= kNsPerSecond) {
        closeBucket();
        bucket_start_ = log_time;
    }
    if (stamp && *stamp != 0) {
        bucket_.push_back(Anchor{*stamp, log_time});
        if (!first_stamp_) first_stamp_ = stamp;
    }
}

void RunClock::closeBucket() {
    if (bucket_.empty()) return;
    // The message with the median offset (log - stamp) becomes the anchor: one late message or a
    // second clock on a minor topic does not move it, and it is a real (stamp, log) pair, so a
    // simulation running slower or faster than real time maps exactly at the anchors.
    auto offset = [](const Anchor &a) { return a.log - a.stamp; };
    auto mid = bucket_.begin() + static_cast<std::ptrdiff_t>(bucket_.size() / 2);
    std::nth_element(bucket_.begin(), mid, bucket_.end(),
                     [&](const Anchor &a, const Anchor &b) { return offset(a) < offset(b); });
    const Anchor anchor = *mid;
    bucket_.clear();
    all_offsets_sample_.push_back(offset(anchor));
    // A clock that jumps back (simulation reset) cannot be mapped one-to-one: keep the first pass.
    if (!anchors_.empty() && (anchor.stamp <= anchors_.back().stamp || anchor.log <= anchors_.back().log)) return;
    anchors_.push_back(anchor);
}

void RunClock::finish() {
    closeBucket();
    clock_track_.finish();
    sim_time_ = clock_topic_ || (first_stamp_ && simTimeStamp(*first_stamp_, start_));
    system_start_ = systemTime(start_);
    system_end_ = std::max(system_start_, systemTime(end_));
    log_origin_ = origin_ && !sim_time_ ? std::min(*origin_, start_) : start_;
    axis_origin_ = sim_time_ ? system_start_ : log_origin_;
}

TimeNs RunClock::systemTime(TimeNs log_time) const {
    if (!sim_time_) return log_time;
    if (!clock_track_.empty()) return clock_track_.toSystem(log_time);
    // The anchors inverted: log time onto the stamps' clock.
    return piecewiseLinearAt(
        anchors_, log_time, [](const Anchor &a) { return a.log; }, [](const Anchor &a) { return a.stamp; });
}

double RunClock::pausedWallSeconds() const {
    const auto &v = clock_track_.vertices();
    TimeNs paused = 0;
    for (std::size_t i = 1; i < v.size(); ++i) {
        const TimeNs wall = v[i].log - v[i - 1].log;
        // A segment of at least 0.5 s in which simulated time advanced by less than 5 % of it.
        if (wall >= kNsPerSecond / 2 && (v[i].sys - v[i - 1].sys) * 20 < wall) paused += wall;
    }
    return toSeconds(paused);
}

double RunClock::stampSinceStart(TimeNs stamp) const {
    if (sim_time_) return toSeconds(stamp - axis_origin_);  // stamps are on the system's clock
    if (anchors_.empty()) return toSeconds(stamp - log_origin_);
    return toSeconds(
        piecewiseLinearAt(
            anchors_, stamp, [](const Anchor &a) { return a.stamp; }, [](const Anchor &a) { return a.log; }) -
        log_origin_);
}

std::optional<double> RunClock::stampOffsetSeconds() const {
    if (all_offsets_sample_.empty()) return std::nullopt;
    return toSeconds(median(all_offsets_sample_));
}

std::string RunClock::describe() const {
    if (!started_) return "no messages";
    if (windowedSimTime())
        return describeRun() + "; a window of the recording: its axis starts at the window's first message";
    return describeRun();
}

std::string RunClock::describeRun() const {
    const std::string axes = "time axes are seconds of recorder log time since the first message";
    const auto offset = stampOffsetSeconds();
    if (sim_time_) {
        const double wall = wallDurationSeconds(), sim = durationSeconds();
        const double paused = pausedWallSeconds();
        return fmt::format(
            "simulated time: header stamps are sim time ({}); time axes, rates, gaps and durations are seconds of "
            "simulated time since the first message ({:.1f} s of simulated time in {:.1f} s of wall time{}{})",
            clock_topic_ ? "the bag has a /clock topic, log times are mapped onto it"
                         : fmt::format("they start at {:.1f} s while log times are wall clock; log times are mapped "
                                       "onto sim time through the header stamps",
                                       toSeconds(first_stamp_.value_or(0))),
            sim, wall, wall > 0 && sim > 0 ? fmt::format(", real-time factor {:.2f}", sim / (wall - paused)) : "",
            paused > 0 ? fmt::format(", paused {:.1f} s", paused) : "");
    }
    if (!offset) return "log time only (no header stamps); " + axes;
    if (std::abs(*offset) > 1.0) {
        return fmt::format("header stamps run {:.3f} s behind log time (publisher and recorder clocks differ); {}",
                           *offset, axes);
    }
    return fmt::format("wall clock: header stamps and log times agree (median delay {:.1f} ms); {}", *offset * 1e3,
                       axes);
}

}  // namespace robometrics
