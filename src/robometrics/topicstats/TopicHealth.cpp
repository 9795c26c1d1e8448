#include "robometrics/topicstats/TopicHealth.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::topicstats {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
double toMs(TimeNs ns) { return static_cast<double>(ns) / 1e6; }  // exact for whole milliseconds

/// Percentile p of `values`, as of the sorted values, from the two order statistics around its
/// rank found by selection (O(n)) instead of a sort: on a long run the sorts were most of the
/// time after the pass. Only ranks at or past `*from` are searched, and `*from` moves to this
/// rank: percentiles asked for in ascending order each select in what the last one left.
double selectPercentile(std::vector<double> &values, double p, std::size_t *from) {
    if (values.empty()) return kNaN;
    const double rank = p / 100.0 * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(rank));
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    const auto at = [&values](std::size_t k) { return values.begin() + static_cast<std::ptrdiff_t>(k); };
    std::nth_element(at(*from), at(lo), values.end());
    const double low = values[lo];
    const double high = hi == lo ? low : *std::min_element(at(lo + 1), values.end());
    *from = lo;
    return low + (high - low) * (rank - static_cast<double>(lo));
}

/// `period_ms` lies within the tolerance of a whole multiple of `median`.
bool onClock(double period_ms, double median) {
    const double multiple = period_ms / median;
    const double nearest = std::round(multiple);
    return nearest >= 1 && std::abs(multiple - nearest) <= kPeriodTolerance;
}

double share(std::size_t part, std::size_t whole) { return static_cast<double>(part) / static_cast<double>(whole); }
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

double onClockShare(const std::vector<double> &periods_ms, double median) {
    if (periods_ms.empty() || !(median > 0)) return 0;
    const double bunched = kPeriodTolerance * median;           // arrived at once
    const double too_soon = (1.0 - kPeriodTolerance) * median;  // the rest of a period
    std::size_t on_clock = 0;
    for (std::size_t i = 0; i < periods_ms.size();) {
        // A catch-up: a period, the bunched periods after it, and the rest of a period up to the
        // next message back on the clock. Else one period.
        std::size_t end = i + 1;
        double span = periods_ms[i];
        while (end < periods_ms.size() && periods_ms[end] < bunched) span += periods_ms[end++];
        if (end > i + 1 && end < periods_ms.size() && periods_ms[end] < too_soon) span += periods_ms[end++];
        const std::size_t periods = end - i;
        if (periods > 1 && std::round(span / median) >= static_cast<double>(periods) && onClock(span, median)) {
            on_clock += periods;  // late messages, none early: the clock held
        } else {
            for (std::size_t k = i; k < end; ++k) on_clock += onClock(periods_ms[k], median);
        }
        i = end;
    }
    return share(on_clock, periods_ms.size());
}

PeriodEstimate estimatePeriod(const std::vector<double> &periods_ms) {
    std::vector<double> sorted = periods_ms;  // the share needs the periods in time order
    const double median = percentile(sorted, 50);
    if (!(median > 0)) return {kNaN, 0};
    return {median, onClockShare(periods_ms, median)};
}

double percentile(std::vector<double> &values, double p) {
    std::size_t from = 0;
    return selectPercentile(values, p, &from);
}

void TopicHealthAccumulator::add(TimeNs receive_time, std::optional<TimeNs> stamp, std::size_t size_bytes) {
    const std::uint64_t index = count_;
    if (count_ == 0) first_ = receive_time;
    last_ = receive_time;
    ++count_;
    bytes_ += size_bytes;
    log_times_.push_back(receive_time);
    // A zero stamp means "not set" (rclcpp takes no age sample then); it is not compared either.
    if (!stamp || *stamp == 0) {
        if (!stamps_.empty()) unstamped_.push_back(static_cast<std::int64_t>(index));
        return;
    }
    if (stamps_.empty()) first_stamped_ = index;
    if (previous_stamp_) {
        if (*stamp < *previous_stamp_) ++out_of_order_;
        if (*stamp == *previous_stamp_) ++repeated_;
    }
    previous_stamp_ = stamp;
    stamps_.push_back(*stamp);
    if (simTimeStamp(*stamp, receive_time)) {
        ++sim_time_stamps_;  // another clock: an age would be the offset between the clocks
    } else {
        age_stats_.add(toMs(receive_time - *stamp));  // ages() derives the same sample again
    }
}

std::size_t TopicHealthAccumulator::memoryBytes() const {
    return log_times_.capacityBytes() + stamps_.capacityBytes() + unstamped_.capacityBytes();
}

std::uint64_t TopicHealthAccumulator::spilledBytes() const {
    return log_times_.spilledBytes() + stamps_.spilledBytes() + unstamped_.spilledBytes();
}

void TopicHealthAccumulator::ages(std::vector<double> &out) const {
    auto stamp = stamps_.begin();
    auto unstamped = unstamped_.begin();
    // The ends once, not per message: a CompactTimes iterator is not free to make.
    const auto stamps_end = stamps_.end();
    const auto unstamped_end = unstamped_.end();
    std::uint64_t index = 0;
    for (const TimeNs receive : log_times_) {
        const std::uint64_t i = index++;
        if (stamp == stamps_end) break;
        if (i < first_stamped_) continue;
        if (unstamped != unstamped_end && static_cast<std::uint64_t>(*unstamped) == i) {
            ++unstamped;
            continue;
        }
        const TimeNs s = *stamp++;
        if (!simTimeStamp(s, receive)) out.push_back(toMs(receive - s));
    }
}

namespace {

/// Periods shorter than this between log times are the recorder's batching, not the publisher.
constexpr double kBurstPeriodMs = 1.0;
/// A headerless topic with at least this share of burst periods has no measurable period.
constexpr double kBurstShare = 0.2;

/// Calls visit(start, end) for each two consecutive values of `times`, put on the system's clock
/// by `to_system` when it is set; returns the first and the last of them ({0, 0} when none).
template <class Visit>
TimeSpan visitPeriods(const CompactTimes &times, const std::function<TimeNs(TimeNs)> &to_system, Visit visit) {
    TimeSpan span;
    bool first = true;
    for (const TimeNs value : times) {
        const TimeNs t = to_system ? to_system(value) : value;
        if (first) {
            span.start = t;
            first = false;
        } else {
            visit(span.end, t);
        }
        span.end = t;
    }
    return span;
}

}  // namespace

TimeNs activeSilence(TopicRole role, TimeNs start, TimeNs end, const HealthContext &context) {
    switch (role) {
        case TopicRole::Sensor:
            return end - start;
        case TopicRole::Command:
            // Only a running navigation goal says a controller must be commanding; a teleop node
            // falls silent when the key is released, and the base stops on its timeout.
            return context.navigating ? context.navigating->overlap(start, end) : end - start;
        case TopicRole::MotionGated: {
            if (!context.moving) return end - start;
            // Until the robot has covered the gate distance since the last update, the estimate
            // has no reason to publish (a slow restart after a stop is not a drop).
            TimeNs from = start;
            if (context.after_travel) {
                const std::optional<TimeNs> gate = context.after_travel(start, context.gate_distance_m);
                from = gate ? std::clamp(*gate, start, end) : end;
            }
            const TimeNs moving = context.moving->overlap(from, end);
            const TimeNs blind = context.sensor_gaps ? context.sensor_gaps->overlap(from, end) : 0;
            return std::max<TimeNs>(0, moving - blind);
        }
    }
    return end - start;
}

void TopicHealthAccumulator::judgeGaps(TopicHealth &h, const CompactTimes &times, bool on_system_clock, double median,
                                       double drop_gap_factor, const HealthContext &context,
                                       std::vector<double> &scratch) const {
    if (!(median > 0)) {
        h.kind = TopicKind::EventDriven;
        return;
    }
    const double threshold_ms = drop_gap_factor * median;
    // Silences the robot's activity explains are idle: left out of the period's judgement.
    std::vector<double> &active_periods = scratch;
    active_periods.clear();
    std::vector<TopicGap> gaps;
    TimeNs idle = 0;
    const std::function<TimeNs(TimeNs)> no_clock;
    const TimeSpan span =
        visitPeriods(times, on_system_clock ? context.to_system : no_clock, [&](TimeNs start, TimeNs end) {
            const double period = toMs(end - start);
            if (period <= threshold_ms) {
                active_periods.push_back(period);
                return;
            }
            TimeNs active = activeSilence(role_, start, end, context);
            // A silence around a stretch the reader skipped: what the topic sent then is unknown.
            if (context.unrecorded && context.unrecorded->meets(start, end)) active = 0;
            if (toMs(active) <= threshold_ms) {
                ++h.idle_gaps;
                idle += end - start;
                return;
            }
            active_periods.push_back(period);
            const double missing = std::round(toMs(active) / median) - 1.0;
            gaps.push_back({start, end, missing >= 1.0 ? static_cast<std::uint64_t>(missing) : 1u});
        });
    h.idle_s = toSeconds(idle);
    // No idle silence: the active periods are all the periods, whose median is known (no sort).
    const PeriodEstimate estimate = h.idle_gaps == 0 ? PeriodEstimate{median, onClockShare(active_periods, median)}
                                                     : estimatePeriod(active_periods);
    h.on_clock_share = estimate.on_clock_share;
    h.kind = estimate.on_clock_share >= kPeriodicShare ? TopicKind::Periodic : TopicKind::EventDriven;
    if (h.kind != TopicKind::Periodic) return;
    h.expected_period_ms = median;
    h.gaps_over_threshold = gaps.size();
    for (const TopicGap &g : gaps) h.estimated_drops += g.missing;
    // No more than the topic could have sent: one message per period of its active time, plus
    // the first message of each active stretch.
    const double active_ms = toMs(span.end - span.start - idle);
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
    // Periods of the receive times on the system's clock: rates and gaps as the system lived
    // them. The medians need the periods (later the ages) at hand: one topic's worth at a time.
    std::vector<double> scratch;
    scratch.reserve(count_);
    RunningStats period_stats;
    const TimeSpan received = visitPeriods(log_times_, context.to_system, [&](TimeNs start, TimeNs end) {
        period_stats.add(toMs(end - start));
        scratch.push_back(toMs(end - start));
    });
    const TimeNs span = received.end - received.start;
    h.duration_s = toSeconds(span);
    h.mean_size_bytes = count_ ? static_cast<double>(bytes_) / static_cast<double>(count_) : kNaN;
    h.bandwidth_bps = span > 0 ? static_cast<double>(bytes_) / h.duration_s : kNaN;
    h.mean_rate_hz = span > 0 ? static_cast<double>(count_ - 1) / h.duration_s : kNaN;
    h.active_rate_hz = h.mean_rate_hz;

    h.mean_period_ms = period_stats.mean();
    h.jitter_ms = period_stats.stddev();
    h.longest_gap_ms = period_stats.max();
    const double shortest = period_stats.min();
    h.min_rate_hz = h.longest_gap_ms > 0 ? 1000.0 / h.longest_gap_ms : kNaN;
    h.max_rate_hz = std::isnan(shortest) ? kNaN
                    : shortest > 0       ? 1000.0 / shortest
                                         : std::numeric_limits<double>::infinity();
    h.median_period_ms = percentile(scratch, 50);
    if (count_ < kMinPeriodicMessages) {
        h.kind = TopicKind::TooFew;
    } else if (publishers_ > 1) {
        h.kind = TopicKind::MultiPublisher;
    } else {
        // Header stamps are the publisher's clock: consistent when every message set one and
        // they never went backwards or repeated.
        h.period_from_stamps = stamps_.size() == count_ && out_of_order_ == 0 && repeated_ == 0;
        if (!h.period_from_stamps && recorderBursts()) {
            h.kind = TopicKind::Batched;
        } else {
            double median = h.median_period_ms;  // of the receive times
            double longest_stamp_gap = -std::numeric_limits<double>::infinity();
            if (h.period_from_stamps) {
                scratch.clear();
                visitPeriods(stamps_, {}, [&](TimeNs start, TimeNs end) {
                    scratch.push_back(toMs(end - start));
                    longest_stamp_gap = std::max(longest_stamp_gap, scratch.back());
                });
                median = percentile(scratch, 50);
            }
            judgeGaps(h, h.period_from_stamps ? stamps_ : log_times_, !h.period_from_stamps, median, drop_gap_factor,
                      context, scratch);
            if (h.kind == TopicKind::Periodic && h.period_from_stamps) h.longest_stamp_gap_ms = longest_stamp_gap;
            const double active_s = h.duration_s - h.idle_s;
            if (h.idle_gaps > 0 && active_s > 0) {
                h.active_rate_hz = static_cast<double>(count_ - 1 - h.idle_gaps) / active_s;
            }
        }
    }

    scratch.clear();
    ages(scratch);
    h.age_samples = age_stats_.count();
    h.age_mean_ms = age_stats_.mean();
    h.age_min_ms = age_stats_.min();
    h.age_max_ms = age_stats_.max();
    std::size_t selected = 0;
    h.age_p50_ms = selectPercentile(scratch, 50, &selected);
    h.age_p95_ms = selectPercentile(scratch, 95, &selected);
    h.age_p99_ms = selectPercentile(scratch, 99, &selected);
    h.stamps_out_of_order = out_of_order_;
    h.stamps_repeated = repeated_;
    h.sim_time_stamps = sim_time_stamps_;
    return h;
}

bool TopicHealthAccumulator::recorderBursts() const {
    std::size_t periods = 0, bursts = 0;
    visitPeriods(log_times_, {}, [&](TimeNs start, TimeNs end) {
        ++periods;
        bursts += toMs(end - start) < kBurstPeriodMs;
    });
    return periods > 0 && static_cast<double>(bursts) >= kBurstShare * static_cast<double>(periods);
}

}  // namespace robometrics::topicstats
