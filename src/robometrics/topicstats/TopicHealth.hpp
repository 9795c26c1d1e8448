#pragma once
// Whole-run health of one topic, like `ros2 topic hz`, `delay` and `bw` together: rate, jitter,
// longest gap, estimated drops, bandwidth, header stamps out of order or repeated, and message
// age percentiles. Keeps every period and age sample (8 bytes each) for the medians and
// percentiles; everything else is constant memory.
//
// Drops are only estimated for a topic that is periodic: one publisher, and periods that sit
// near whole multiples of a robust (median) period. The period is taken from header stamps when
// they are consistent (set, in order), because the recorder's log times carry its batching
// (messages logged microseconds apart) and scheduling jitter; else from log times. Topics with
// several publishers (each at its own rate) and event-driven topics (AMCL, /rosout) get a rate
// and gaps but no drop count: "missing" means nothing without a period.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/RunningStats.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::topicstats {

/// What kind of stream a topic is, which decides whether drops can be estimated.
enum class TopicKind {
    TooFew,          ///< fewer than kMinPeriodicMessages: no period can be judged
    Periodic,        ///< one publisher on a clock: drops estimated
    MultiPublisher,  ///< several publishers (rosbag2 QoS profiles): each has its own rate
    EventDriven,     ///< messages when something happens (AMCL updates, logs, goals)
};
const char *toString(TopicKind kind);

/// Fewer messages than this cannot show a period (latched and rare topics).
constexpr std::uint64_t kMinPeriodicMessages = 10;
/// A period is "on the clock" when within this fraction of the median period of a whole multiple.
constexpr double kPeriodTolerance = 0.25;
/// Share of periods that must be on the clock for a topic to count as periodic.
constexpr double kPeriodicShare = 0.9;

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
    TopicKind kind = TopicKind::TooFew;
    int publishers = 1;                     ///< from the bag's offered QoS profiles (1 when unknown)
    bool period_from_stamps = false;        ///< expected period and gaps measured on header stamps
    double expected_period_ms = 0;          ///< robust period (median, on the clock used); NaN if none
    double on_clock_share = 0;              ///< share of periods near a whole multiple of it
    std::uint64_t gaps_over_threshold = 0;  ///< periodic only: periods longer than drop_gap_factor x expected
    std::uint64_t estimated_drops = 0;      ///< periodic only: sum over those gaps of max(1, round(gap / expected) - 1)
    double longest_stamp_gap_ms = 0;        ///< periodic on stamps: the longest header-stamp gap; else NaN
    std::uint64_t total_bytes = 0;
    double mean_size_bytes = 0;
    double bandwidth_bps = 0;    ///< total bytes / (last - first), bytes per second
    std::uint64_t age_samples = 0;
    double age_mean_ms = 0;
    double age_p50_ms = 0, age_p95_ms = 0, age_p99_ms = 0;
    double age_min_ms = 0, age_max_ms = 0;
    std::uint64_t stamps_out_of_order = 0;  ///< header stamp earlier than the previous message's
    std::uint64_t stamps_repeated = 0;      ///< header stamp equal to the previous message's
    std::uint64_t sim_time_stamps = 0;      ///< stamps in simulated time on a wall-clock log: no age
};

class TopicHealthAccumulator {
public:
    TopicHealthAccumulator(std::string topic, bool has_header, int publishers = 1)
        : topic_(std::move(topic)), has_header_(has_header), publishers_(publishers) {}

    /// One received message: its receive time, its header stamp (if any) and its size in bytes.
    void add(TimeNs receive_time, std::optional<TimeNs> stamp, std::size_t size_bytes);

    TopicHealth result(double drop_gap_factor) const;

private:
    std::string topic_;
    bool has_header_;
    int publishers_;
    std::vector<double> stamp_periods_ms_;  ///< between consecutive set stamps
    std::uint64_t count_ = 0;
    TimeNs first_ = 0, last_ = 0;
    std::uint64_t bytes_ = 0;
    RunningStats periods_stats_;
    std::vector<double> periods_ms_;
    std::vector<double> ages_ms_;
    RunningStats age_stats_;
    std::optional<TimeNs> previous_stamp_;
    std::uint64_t out_of_order_ = 0, repeated_ = 0, sim_time_stamps_ = 0;
};

/// The robust period of `periods_ms` (median) and the share of periods near a whole multiple of
/// it; {NaN, 0} when there is no positive median.
struct PeriodEstimate {
    double period_ms;
    double on_clock_share;
};
PeriodEstimate estimatePeriod(const std::vector<double> &periods_ms);

/// The drops column of a health table: the count for a periodic topic, else why there is none
/// ("multi", "event", "few").
std::string dropsCell(const TopicHealth &h);

/// Percentile p (0..100) of `values` with linear interpolation between order statistics
/// (numpy's default); NaN when empty. Sorts `values`.
double percentile(std::vector<double> &values, double p);

}  // namespace robometrics::topicstats
