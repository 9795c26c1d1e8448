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
        case TopicKind::TooFew:
            return "too_few";
        case TopicKind::Periodic:
            return "periodic";
        case TopicKind::MultiPublisher:
            return "multi_publisher";
        case TopicKind::EventDriven:
            return "event_driven";
        case TopicKind::Batched:
            return "batched";
    }
    return "?";
}

const char *kindCell(TopicKind kind) {
    switch (kind) {
        case TopicKind::TooFew:
            return "too few";
        case TopicKind::Periodic:
            return "periodic";
        case TopicKind::MultiPublisher:
            return "multi-publisher";
        case TopicKind::EventDriven:
            return "event-driven";
        case TopicKind::Batched:
            return "batched";
    }
    return "?";
}

const char *toString(TopicRole role) {
    switch (role) {
        case TopicRole::Sensor:
            return "sensor";
        case TopicRole::Command:
            return "command";
        case TopicRole::MotionGated:
            return "motion_gated";
    }
    return "?";
}

TopicRole topicRoleOf(std::string_view type) {
    if (type == "geometry_msgs/msg/Twist" || type == "geometry_msgs/msg/TwistStamped" ||
        type == "geometry_msgs/Twist" || type == "geometry_msgs/TwistStamped") {
        return TopicRole::Command;
    }
    if (type == "geometry_msgs/msg/PoseWithCovarianceStamped" || type == "geometry_msgs/PoseWithCovarianceStamped") {
        return TopicRole::MotionGated;
    }
    return TopicRole::Sensor;
}

std::string dropsCell(const TopicHealth &h) {
    return h.kind == TopicKind::Periodic ? std::to_string(h.estimated_drops) : "-";
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
    if (count_ == 0) first_ = receive_time;
    last_ = receive_time;
    ++count_;
    bytes_ += size_bytes;
    log_times_.push_back(receive_time);
    // A zero stamp means "not set" (rclcpp takes no age sample then); it is not compared either.
    if (stamp && *stamp != 0) {
        if (previous_stamp_) {
            if (*stamp < *previous_stamp_) ++out_of_order_;
            if (*stamp == *previous_stamp_) ++repeated_;
        }
        previous_stamp_ = stamp;
        stamps_.push_back(*stamp);
        if (simTimeStamp(*stamp, receive_time)) {
            ++sim_time_stamps_;  // another clock: an age would be the offset between the clocks
        } else {
            const double age = toMs(receive_time - *stamp);
            ages_ms_.push_back(age);
            age_stats_.add(age);
        }
    }
}

namespace {

/// Periods shorter than this between log times are the recorder's batching, not the publisher.
constexpr double kBurstPeriodMs = 1.0;
/// A headerless topic with at least this share of burst periods has no measurable period.
constexpr double kBurstShare = 0.2;

std::vector<double> periodsMs(const std::vector<TimeNs> &times) {
    std::vector<double> out;
    out.reserve(times.size());
    for (std::size_t i = 1; i < times.size(); ++i) out.push_back(toMs(times[i] - times[i - 1]));
    return out;
}

bool recorderBursts(const std::vector<double> &periods_ms) {
    std::size_t bursts = 0;
    for (double p : periods_ms) bursts += p < kBurstPeriodMs;
    return !periods_ms.empty() && static_cast<double>(bursts) >= kBurstShare * static_cast<double>(periods_ms.size());
}

}  // namespace

TimeNs TopicHealthAccumulator::activeSilence(TimeNs start, TimeNs end, const HealthContext &context) const {
    switch (role_) {
        case TopicRole::Sensor:
            return end - start;
        case TopicRole::Command:
            // Only a running navigation goal says a controller must be commanding; a teleop node
            // falls silent when the key is released, and the base stops on its timeout.
            return context.navigating ? context.navigating->overlap(start, end) : end - start;
        case TopicRole::MotionGated: {
            if (!context.moving) return end - start;
            const TimeNs moving = context.moving->overlap(start, end);
            const TimeNs blind = context.sensor_gaps ? context.sensor_gaps->overlap(start, end) : 0;
            return std::max<TimeNs>(0, moving - blind);
        }
    }
    return end - start;
}

void TopicHealthAccumulator::judgeGaps(TopicHealth &h, const std::vector<TimeNs> &times, double drop_gap_factor,
                                       const HealthContext &context) const {
    const std::vector<double> periods = periodsMs(times);
    std::vector<double> sorted = periods;
    const double median = percentile(sorted, 50);
    if (!(median > 0)) {
        h.kind = TopicKind::EventDriven;
        return;
    }
    const double threshold_ms = drop_gap_factor * median;
    // Silences the robot's activity explains are idle: left out of the period's judgement.
    std::vector<double> active_periods;
    std::vector<TopicGap> gaps;
    TimeNs idle = 0;
    for (std::size_t i = 1; i < times.size(); ++i) {
        const double period = periods[i - 1];
        if (period <= threshold_ms) {
            active_periods.push_back(period);
            continue;
        }
        const TimeNs active = activeSilence(times[i - 1], times[i], context);
        if (toMs(active) <= threshold_ms) {
            ++h.idle_gaps;
            idle += times[i] - times[i - 1];
            continue;
        }
        active_periods.push_back(period);
        const double missing = std::round(toMs(active) / median) - 1.0;
        gaps.push_back({times[i - 1], times[i], missing >= 1.0 ? static_cast<std::uint64_t>(missing) : 1u});
    }
    h.idle_s = toSeconds(idle);
    const PeriodEstimate estimate = estimatePeriod(active_periods);
    h.on_clock_share = estimate.on_clock_share;
    h.kind = estimate.on_clock_share >= kPeriodicShare ? TopicKind::Periodic : TopicKind::EventDriven;
    if (h.kind != TopicKind::Periodic) return;
    h.expected_period_ms = median;
    h.gaps_over_threshold = gaps.size();
    for (const TopicGap &g : gaps) h.estimated_drops += g.missing;
    // No more than the topic could have sent: one message per period of its active time, plus
    // the first message of each active stretch.
    const double active_ms = toMs(times.back() - times.front() - idle);
    const double possible = std::floor(active_ms / median) + 1.0 + static_cast<double>(h.idle_gaps);
    const double bound = std::max(0.0, possible - static_cast<double>(count_));
    h.estimated_drops = std::min<std::uint64_t>(h.estimated_drops, static_cast<std::uint64_t>(bound));
    h.gaps = std::move(gaps);
}

std::vector<TopicGap> worstGaps(const TopicHealth &h, std::size_t n) {
    std::vector<TopicGap> gaps = h.gaps;
    std::stable_sort(gaps.begin(), gaps.end(),
                     [](const TopicGap &a, const TopicGap &b) { return a.end - a.start > b.end - b.start; });
    if (gaps.size() > n) gaps.resize(n);
    return gaps;
}

TopicHealth TopicHealthAccumulator::result(double drop_gap_factor, const HealthContext &context) const {
    TopicHealth h;
    h.topic = topic_;
    h.has_header = has_header_;
    h.role = role_;
    h.count = count_;
    h.first_time = first_;
    h.last_time = last_;
    h.total_bytes = bytes_;
    h.publishers = publishers_;
    h.longest_stamp_gap_ms = kNaN;
    h.expected_period_ms = kNaN;
    // Receive times on the system's clock: rates and gaps as the system lived them.
    std::vector<TimeNs> received = log_times_;
    if (context.to_system) {
        for (TimeNs &t : received) t = context.to_system(t);
    }
    const TimeNs span = received.empty() ? 0 : received.back() - received.front();
    h.duration_s = toSeconds(span);
    h.mean_size_bytes = count_ ? static_cast<double>(bytes_) / static_cast<double>(count_) : kNaN;
    h.bandwidth_bps = span > 0 ? static_cast<double>(bytes_) / h.duration_s : kNaN;
    h.mean_rate_hz = span > 0 ? static_cast<double>(count_ - 1) / h.duration_s : kNaN;
    h.active_rate_hz = h.mean_rate_hz;

    const std::vector<double> received_periods = periodsMs(received);
    RunningStats period_stats;
    for (double p : received_periods) period_stats.add(p);
    h.mean_period_ms = period_stats.mean();
    h.jitter_ms = period_stats.stddev();
    h.longest_gap_ms = period_stats.max();
    const double shortest = period_stats.min();
    h.min_rate_hz = h.longest_gap_ms > 0 ? 1000.0 / h.longest_gap_ms : kNaN;
    h.max_rate_hz = std::isnan(shortest) ? kNaN
                    : shortest > 0       ? 1000.0 / shortest
                                         : std::numeric_limits<double>::infinity();
    std::vector<double> sorted = received_periods;
    h.median_period_ms = percentile(sorted, 50);
    if (count_ < kMinPeriodicMessages) {
        h.kind = TopicKind::TooFew;
    } else if (publishers_ > 1) {
        h.kind = TopicKind::MultiPublisher;
    } else {
        // Header stamps are the publisher's clock: consistent when every message set one and
        // they never went backwards or repeated.
        h.period_from_stamps = stamps_.size() == count_ && out_of_order_ == 0 && repeated_ == 0;
        if (!h.period_from_stamps && recorderBursts(periodsMs(log_times_))) {
            h.kind = TopicKind::Batched;
        } else {
            const std::vector<TimeNs> &times = h.period_from_stamps ? stamps_ : received;
            judgeGaps(h, times, drop_gap_factor, context);
            if (h.kind == TopicKind::Periodic && h.period_from_stamps) {
                const std::vector<double> stamp_periods = periodsMs(stamps_);
                h.longest_stamp_gap_ms = *std::max_element(stamp_periods.begin(), stamp_periods.end());
            }
            const double active_s = h.duration_s - h.idle_s;
            if (h.idle_gaps > 0 && active_s > 0) {
                h.active_rate_hz = static_cast<double>(count_ - 1 - h.idle_gaps) / active_s;
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
