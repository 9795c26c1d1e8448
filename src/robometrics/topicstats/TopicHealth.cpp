#include "robometrics/topicstats/TopicHealth.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::topicstats {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
double toMs(TimeNs ns) { return static_cast<double>(ns) / 1e6; }  // exact for whole milliseconds
}  // namespace

const char *toString(TopicKind kind) {
    switch (kind) {
        case TopicKind::TooFew: return "too_few";
        case TopicKind::Periodic: return "periodic";
        case TopicKind::MultiPublisher: return "multi_publisher";
        case TopicKind::EventDriven: return "event_driven";
    }
    return "?";
}

std::string dropsCell(const TopicHealth &h) {
    switch (h.kind) {
        case TopicKind::Periodic: return std::to_string(h.estimated_drops);
        case TopicKind::MultiPublisher: return "multi";
        case TopicKind::EventDriven: return "event";
        case TopicKind::TooFew: return "few";
    }
    return "?";
}

PeriodEstimate estimatePeriod(const std::vector<double> &periods_ms) {
    std::vector<double> sorted = periods_ms;
    const double median = percentile(sorted, 50);
    if (!(median > 0)) return {kNaN, 0};
    std::size_t on_clock = 0;
    for (double p : periods_ms) {
        const double multiple = p / median;
        const double nearest = std::round(multiple);
        if (nearest >= 1 && std::abs(multiple - nearest) <= kPeriodTolerance) ++on_clock;
    }
    return {median, static_cast<double>(on_clock) / static_cast<double>(periods_ms.size())};
}

double percentile(std::vector<double> &values, double p) {
    if (values.empty()) return kNaN;
    std::sort(values.begin(), values.end());
    const double rank = p / 100.0 * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(rank));
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    return values[lo] + (values[hi] - values[lo]) * (rank - static_cast<double>(lo));
}

void TopicHealthAccumulator::add(TimeNs receive_time, std::optional<TimeNs> stamp, std::size_t size_bytes) {
    if (count_ == 0) {
        first_ = receive_time;
    } else {
        const double period = toMs(receive_time - last_);
        periods_ms_.push_back(period);
        periods_stats_.add(period);
    }
    last_ = receive_time;
    ++count_;
    bytes_ += size_bytes;
    // A zero stamp means "not set" (rclcpp takes no age sample then); it is not compared either.
    if (stamp && *stamp != 0) {
        if (previous_stamp_) {
            if (*stamp < *previous_stamp_) ++out_of_order_;
            if (*stamp == *previous_stamp_) ++repeated_;
            stamp_periods_ms_.push_back(toMs(*stamp - *previous_stamp_));
        }
        previous_stamp_ = stamp;
        if (simTimeStamp(*stamp, receive_time)) {
            ++sim_time_stamps_;  // another clock: an age would be the offset between the clocks
        } else {
            const double age = toMs(receive_time - *stamp);
            ages_ms_.push_back(age);
            age_stats_.add(age);
        }
    }
}

TopicHealth TopicHealthAccumulator::result(double drop_gap_factor) const {
    TopicHealth h;
    h.topic = topic_;
    h.has_header = has_header_;
    h.count = count_;
    h.first_time = first_;
    h.last_time = last_;
    h.duration_s = toSeconds(last_ - first_);
    h.total_bytes = bytes_;
    h.mean_size_bytes = count_ ? static_cast<double>(bytes_) / static_cast<double>(count_) : kNaN;
    h.bandwidth_bps = last_ > first_ ? static_cast<double>(bytes_) / h.duration_s : kNaN;
    h.mean_rate_hz = last_ > first_ ? static_cast<double>(count_ - 1) / h.duration_s : kNaN;

    h.mean_period_ms = periods_stats_.mean();
    h.jitter_ms = periods_stats_.stddev();
    h.longest_gap_ms = periods_stats_.max();
    const double shortest = periods_stats_.min();
    h.min_rate_hz = h.longest_gap_ms > 0 ? 1000.0 / h.longest_gap_ms : kNaN;
    h.max_rate_hz = std::isnan(shortest) ? kNaN
                    : shortest > 0       ? 1000.0 / shortest
                                         : std::numeric_limits<double>::infinity();
    std::vector<double> periods = periods_ms_;
    h.median_period_ms = percentile(periods, 50);
    h.publishers = publishers_;
    h.longest_stamp_gap_ms = kNaN;
    h.expected_period_ms = kNaN;
    if (count_ < kMinPeriodicMessages) {
        h.kind = TopicKind::TooFew;
    } else if (publishers_ > 1) {
        h.kind = TopicKind::MultiPublisher;
    } else {
        // Header stamps are the publisher's clock: consistent when every message set one and
        // they never went backwards or repeated.
        h.period_from_stamps = stamp_periods_ms_.size() + 1 == count_ && out_of_order_ == 0 && repeated_ == 0;
        const std::vector<double> &used = h.period_from_stamps ? stamp_periods_ms_ : periods_ms_;
        const PeriodEstimate estimate = estimatePeriod(used);
        h.on_clock_share = estimate.on_clock_share;
        h.kind = estimate.on_clock_share >= kPeriodicShare ? TopicKind::Periodic : TopicKind::EventDriven;
        if (h.kind == TopicKind::Periodic) {
            h.expected_period_ms = estimate.period_ms;
            if (h.period_from_stamps) h.longest_stamp_gap_ms = *std::max_element(used.begin(), used.end());
            for (double gap : used) {
                if (gap > drop_gap_factor * h.expected_period_ms) {
                    ++h.gaps_over_threshold;
                    const double missing = std::round(gap / h.expected_period_ms) - 1.0;
                    h.estimated_drops += missing >= 1.0 ? static_cast<std::uint64_t>(missing) : 1u;
                }
            }
        }
    }

    std::vector<double> ages = ages_ms_;
    h.age_samples = age_stats_.count();
    h.age_mean_ms = age_stats_.mean();
    h.age_min_ms = age_stats_.min();
    h.age_max_ms = age_stats_.max();
    h.age_p50_ms = percentile(ages, 50);
    h.age_p95_ms = percentile(ages, 95);
    h.age_p99_ms = percentile(ages, 99);
    h.stamps_out_of_order = out_of_order_;
    h.stamps_repeated = repeated_;
    h.sim_time_stamps = sim_time_stamps_;
    return h;
}

}  // namespace robometrics::topicstats
