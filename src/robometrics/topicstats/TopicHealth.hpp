#pragma once
// Whole-run health of one topic, like `ros2 topic hz`, `delay` and `bw` together: rate, jitter,
// longest gap, estimated drops, bandwidth, header stamps out of order or repeated, and message
// age percentiles. Keeps every period and age sample (8 bytes each) for the medians and
// percentiles; everything else is constant memory.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/RunningStats.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::topicstats {

/// The table row. Values that need more messages than arrived are NaN.
struct TopicHealth {
    std::string topic;
    bool has_header = false;
    std::uint64_t count = 0;
    TimeNs first_time = 0;  ///< receive (log) time of the first message
    TimeNs last_time = 0;
    double duration_s = 0;
    double mean_rate_hz = 0;     ///< (count - 1) / (last - first)
    double min_rate_hz = 0;      ///< 1 / longest period
    double max_rate_hz = 0;      ///< 1 / shortest period (+inf when two messages share a receive time)
    double mean_period_ms = 0;
    double median_period_ms = 0;
    double jitter_ms = 0;        ///< population standard deviation of the periods
    double longest_gap_ms = 0;   ///< longest period
    std::uint64_t gaps_over_threshold = 0;  ///< periods longer than drop_gap_factor x median
    std::uint64_t estimated_drops = 0;      ///< sum over those gaps of max(1, round(gap / median) - 1)
    std::uint64_t total_bytes = 0;
    double mean_size_bytes = 0;
    double bandwidth_bps = 0;    ///< total bytes / (last - first), bytes per second
    std::uint64_t age_samples = 0;
    double age_mean_ms = 0;
    double age_p50_ms = 0, age_p95_ms = 0, age_p99_ms = 0;
    double age_min_ms = 0, age_max_ms = 0;
    std::uint64_t stamps_out_of_order = 0;  ///< header stamp earlier than the previous message's
    std::uint64_t stamps_repeated = 0;      ///< header stamp equal to the previous message's
};

class TopicHealthAccumulator {
public:
    TopicHealthAccumulator(std::string topic, bool has_header) : topic_(std::move(topic)), has_header_(has_header) {}

    /// One received message: its receive time, its header stamp (if any) and its size in bytes.
    void add(TimeNs receive_time, std::optional<TimeNs> stamp, std::size_t size_bytes);

    TopicHealth result(double drop_gap_factor) const;

private:
    std::string topic_;
    bool has_header_;
    std::uint64_t count_ = 0;
    TimeNs first_ = 0, last_ = 0;
    std::uint64_t bytes_ = 0;
    RunningStats periods_stats_;
    std::vector<double> periods_ms_;
    std::vector<double> ages_ms_;
    RunningStats age_stats_;
    std::optional<TimeNs> previous_stamp_;
    std::uint64_t out_of_order_ = 0, repeated_ = 0;
};

/// Percentile p (0..100) of `values` with linear interpolation between order statistics
/// (numpy's default); NaN when empty. Sorts `values`.
double percentile(std::vector<double> &values, double p);

}  // namespace robometrics::topicstats
