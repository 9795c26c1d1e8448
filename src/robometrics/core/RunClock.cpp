#include "robometrics/core/RunClock.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

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
    sim_time_ = clock_topic_ || (first_stamp_ && simTimeStamp(*first_stamp_, start_));
}

double RunClock::stampSinceStart(TimeNs stamp) const {
    if (anchors_.empty()) return toSeconds(stamp - start_);
    if (anchors_.size() == 1) return toSeconds(anchors_.front().log + (stamp - anchors_.front().stamp) - start_);
    // Between anchors: linear; outside: the nearest segment extended (its clock rate).
    auto after = std::upper_bound(anchors_.begin(), anchors_.end(), stamp,
                                  [](TimeNs s, const Anchor &a) { return s < a.stamp; });
    if (after == anchors_.begin()) ++after;
    if (after == anchors_.end()) --after;
    const Anchor &a = *(after - 1);
    const Anchor &b = *after;
    const double rate = static_cast<double>(b.log - a.log) / static_cast<double>(b.stamp - a.stamp);
    return toSeconds(a.log - start_) + rate * toSeconds(stamp - a.stamp);
}

std::optional<double> RunClock::stampOffsetSeconds() const {
    if (all_offsets_sample_.empty()) return std::nullopt;
    return toSeconds(median(all_offsets_sample_));
}

std::string RunClock::describe() const {
    if (!started_) return "no messages";
    const std::string axes = "time axes are seconds of recorder log time since the first message";
    const auto offset = stampOffsetSeconds();
    if (sim_time_) {
        return fmt::format("simulated time: header stamps are sim time ({}); {}, with header stamps mapped onto it",
                           clock_topic_ ? "the bag has a /clock topic"
                                        : fmt::format("they start at {:.1f} s while log times are wall clock",
                                                      toSeconds(first_stamp_.value_or(0))),
                           axes);
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
