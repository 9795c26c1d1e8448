#pragma once
// topicstats::TopicHealthAccumulator as it was before its state was compacted (issue 24): every
// receive time, set stamp and age in a std::vector (24 bytes a message), and the row computed
// from copies of them. The reference of the equivalence tests in tests/topicstats/TopicHealthTest.cpp
// and the baseline of benchmarks/TopicStatsBench.cpp; header-only, so the benchmark can include it too.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "robometrics/core/RunningStats.hpp"
#include "robometrics/topicstats/TopicHealth.hpp"

namespace robometrics::topicstats::reference {

class VectorTopicHealth {
public:
    VectorTopicHealth(std::string topic, bool has_header, int publishers = 1, TopicRole role = TopicRole::Sensor)
        : topic_(std::move(topic)), has_header_(has_header), publishers_(publishers), role_(role) {}

    void add(TimeNs receive_time, std::optional<TimeNs> stamp, std::size_t size_bytes) {
        log_times_.push_back(receive_time);
        size_bytes_ += size_bytes;
        if (!stamp || *stamp == 0) return;
        if (!stamps_.empty()) {
            out_of_order_ += *stamp < stamps_.back();
            repeated_ += *stamp == stamps_.back();
        }
        stamps_.push_back(*stamp);
        if (simTimeStamp(*stamp, receive_time)) {
            ++sim_time_;
        } else {
            ages_ms_.push_back(ms(receive_time - *stamp));
            age_stats_.add(ages_ms_.back());
        }
    }

    /// Bytes the three vectors hold.
    std::size_t memoryBytes() const { return 8 * (log_times_.capacity() + stamps_.capacity() + ages_ms_.capacity()); }
    std::uint64_t spilledBytes() const { return 0; }

    TopicHealth result(double drop_gap_factor, const HealthContext &context = {}) const {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const auto count = static_cast<std::uint64_t>(log_times_.size());
        TopicHealth h;
        std::tie(h.topic, h.has_header, h.role, h.publishers) = std::tie(topic_, has_header_, role_, publishers_);
        if (count > 0)
            std::tie(h.count, h.first_time, h.last_time) = std::tuple(count, log_times_.front(), log_times_.back());
        h.total_bytes = size_bytes_;
        std::tie(h.stamps_out_of_order, h.stamps_repeated, h.sim_time_stamps) =
            std::tuple(out_of_order_, repeated_, sim_time_);
        std::tie(h.age_samples, h.age_mean_ms, h.age_min_ms, h.age_max_ms) =
            std::tuple(age_stats_.count(), age_stats_.mean(), age_stats_.min(), age_stats_.max());
        h.expected_period_ms = h.longest_stamp_gap_ms = nan;
        std::vector<TimeNs> received = log_times_;
        if (context.to_system) std::transform(received.begin(), received.end(), received.begin(), context.to_system);
        const TimeNs span = count ? received.back() - received.front() : 0;
        h.duration_s = toSeconds(span);
        h.mean_size_bytes = count ? static_cast<double>(size_bytes_) / static_cast<double>(count) : nan;
        h.bandwidth_bps = span > 0 ? static_cast<double>(size_bytes_) / h.duration_s : nan;
        h.mean_rate_hz = h.active_rate_hz = span > 0 ? static_cast<double>(count - 1) / h.duration_s : nan;
        const std::vector<double> periods = periodsOf(received);
        RunningStats stats;
        for (double p : periods) stats.add(p);
        h.mean_period_ms = stats.mean();
        h.jitter_ms = stats.stddev();
        h.longest_gap_ms = stats.max();
        h.min_rate_hz = h.longest_gap_ms > 0 ? 1000.0 / h.longest_gap_ms : nan;
        h.max_rate_hz = std::isnan(stats.min()) ? nan
                        : stats.min() > 0       ? 1000.0 / stats.min()
                                                : std::numeric_limits<double>::infinity();
        h.median_period_ms = median(periods);
        if (count < kMinPeriodicMessages) {
            h.kind = TopicKind::TooFew;
        } else if (publishers_ > 1) {
            h.kind = TopicKind::MultiPublisher;
        } else {
            h.period_from_stamps = stamps_.size() == count && out_of_order_ == 0 && repeated_ == 0;
            const std::vector<double> log_periods = periodsOf(log_times_);
            const auto bursts = std::count_if(log_periods.begin(), log_periods.end(), [](double p) { return p < 1.0; });
            if (!h.period_from_stamps && !log_periods.empty() &&
                static_cast<double>(bursts) >= 0.2 * static_cast<double>(log_periods.size())) {
                h.kind = TopicKind::Batched;
            } else {
                judge(h, h.period_from_stamps ? stamps_ : received, drop_gap_factor, context);
                if (h.kind == TopicKind::Periodic && h.period_from_stamps) {
                    const std::vector<double> stamp_periods = periodsOf(stamps_);
                    h.longest_stamp_gap_ms = *std::max_element(stamp_periods.begin(), stamp_periods.end());
                }
                if (h.idle_gaps > 0 && h.duration_s - h.idle_s > 0) {
                    h.active_rate_hz = static_cast<double>(count - 1 - h.idle_gaps) / (h.duration_s - h.idle_s);
                }
            }
        }
        std::vector<double> ages = ages_ms_;
        for (const auto &[field, p] :
             {std::pair{&TopicHealth::age_p50_ms, 50.0}, std::pair{&TopicHealth::age_p95_ms, 95.0},
              std::pair{&TopicHealth::age_p99_ms, 99.0}})
            h.*field = percentile(ages, p);
        return h;
    }

private:
    static double ms(TimeNs ns) { return static_cast<double>(ns) / 1e6; }

    static std::vector<double> periodsOf(const std::vector<TimeNs> &times) {
        std::vector<double> out;
        for (std::size_t i = 1; i < times.size(); ++i) out.push_back(ms(times[i] - times[i - 1]));
        return out;
    }

    static double median(std::vector<double> values) { return percentile(values, 50); }

    void judge(TopicHealth &h, const std::vector<TimeNs> &times, double factor, const HealthContext &context) const {
        const std::vector<double> periods = periodsOf(times);
        const double expected = median(periods);
        if (!(expected > 0)) {
            h.kind = TopicKind::EventDriven;
            return;
        }
        std::vector<double> kept;
        std::vector<TopicGap> gaps;
        TimeNs idle = 0;
        for (std::size_t i = 0; i < periods.size(); ++i) {
            const TimeNs a = times[i], b = times[i + 1];
            if (periods[i] > factor * expected) {
                const double active_ms = ms(activeSilence(role_, a, b, context));
                if (active_ms <= factor * expected) {
                    ++h.idle_gaps;
                    idle += b - a;
                    continue;
                }
                const double missing = std::round(active_ms / expected) - 1.0;
                gaps.push_back({a, b, missing >= 1.0 ? static_cast<std::uint64_t>(missing) : 1u});
            }
            kept.push_back(periods[i]);
        }
        h.idle_s = toSeconds(idle);
        h.on_clock_share = estimatePeriod(kept).on_clock_share;
        h.kind = h.on_clock_share >= kPeriodicShare ? TopicKind::Periodic : TopicKind::EventDriven;
        if (h.kind != TopicKind::Periodic) return;
        h.expected_period_ms = expected;
        h.gaps_over_threshold = gaps.size();
        std::uint64_t drops = 0;
        for (const TopicGap &g : gaps) drops += g.missing;
        const double possible =
            std::floor(ms(times.back() - times.front() - idle) / expected) + 1.0 + static_cast<double>(h.idle_gaps);
        const double most = std::max(0.0, possible - static_cast<double>(times.size()));
        h.estimated_drops = std::min<std::uint64_t>(drops, static_cast<std::uint64_t>(most));
        h.gaps = std::move(gaps);
    }

    std::string topic_;
    bool has_header_;
    int publishers_;
    TopicRole role_;
    std::vector<TimeNs> log_times_, stamps_;
    std::vector<double> ages_ms_;
    RunningStats age_stats_;
    std::uint64_t size_bytes_ = 0, out_of_order_ = 0, repeated_ = 0, sim_time_ = 0;
};

}  // namespace robometrics::topicstats::reference
