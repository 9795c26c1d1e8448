#pragma once
// Whole-run health of one topic, like `ros2 topic hz`, `delay` and `bw` together: rate, jitter,
// longest gap, estimated drops, bandwidth, header stamps out of order or repeated, and message
// age percentiles. Keeps every receive time and set header stamp, compacted (core/CompactTimes:
// next to nothing on an exact clock, three or four bytes with up to milliseconds of jitter; all
// but the last KiB of each series in a temporary file, so memory does not grow with the run),
// because the clock the periods are judged on and the robot's activity are known only after the
// run, and the medians and percentiles are exact; the ages are derived from the two again.
// Everything else is constant memory (docs/topic-stats.md, Memory).
//
// Every rate, period and gap is on the clock the system ran on (HealthContext::to_system: log
// time in a wall-clock run, simulated time in a Gazebo run, so a paused simulation is no gap).
//
// Drops are only estimated for a topic that is periodic: one publisher, and periods that sit
// near whole multiples of a robust (median) period (messages delivered late in a bunch count as
// on it: onClockShare). The period is taken from header stamps when
// they are consistent (set, in order), because the recorder's log times carry its batching
// (messages logged microseconds apart) and scheduling jitter; else from log times. Headerless
// topics whose log times come in recorder bursts get no period ("batched"). Topics with several
// publishers (each at its own rate) and event-driven topics (AMCL, /rosout) get a rate and gaps
// but no drop count: "missing" means nothing without a period.
//
// Drops are counted only while the topic should publish. A sensor publishes all the time; a
// velocity command (Twist) only while a navigation goal runs (Nav2's controller): teleop nodes
// publish only while a key or button is held and bases stop on their command timeout, so any
// other silence is idle; a motion-gated estimate (AMCL's pose) only while the robot moves and its sensor
// delivers, so silence while standing, or during a gap of a sensor topic, is idle. No estimate
// exceeds what the topic could have sent in its active time.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/CompactTimes.hpp"
#include "robometrics/core/RunningStats.hpp"
#include "robometrics/core/Time.hpp"
#include "robometrics/core/TimeIntervals.hpp"

namespace robometrics::topicstats {

/// What kind of stream a topic is, which decides whether drops can be estimated.
enum class TopicKind {
    TooFew,          ///< fewer than kMinPeriodicMessages: no period can be judged
    Periodic,        ///< one publisher on a clock: drops estimated
    MultiPublisher,  ///< several publishers (rosbag2 QoS profiles): each has its own rate
    EventDriven,     ///< messages when something happens (AMCL updates, logs, goals)
    Batched,         ///< no header and log times in recorder bursts: no period can be measured
};
const char *toString(TopicKind kind);

/// When a topic is expected to publish, which decides whether a silence is a drop or idle.
enum class TopicRole {
    Sensor,       ///< all the time (scans, IMU, odometry, TF, /clock): every gap counts
    Command,      ///< while a navigation goal runs (cmd_vel): teleop and idle silences are not drops
    MotionGated,  ///< while the robot moves and its sensors deliver (AMCL's pose)
};
const char *toString(TopicRole role);
/// The role of a ROS 2 message type: Twist and TwistStamped command, PoseWithCovarianceStamped
/// is motion-gated, everything else a sensor.
TopicRole topicRoleOf(std::string_view type);

/// What the run's other topics say about when a topic should publish; all on the system clock.
struct HealthContext {
    /// Log time onto the system's clock (simulated time in a simulated run); empty = identity.
    std::function<TimeNs(TimeNs)> to_system;
    /// When a navigation goal was executing: a controller must publish commands then (nullptr:
    /// no model of the robot's activity, command topics count every gap).
    const TimeIntervals *navigating = nullptr;
    /// When the robot moved (nullptr: unknown, motion-gated topics count every gap).
    const TimeIntervals *moving = nullptr;
    /// Counted gaps of sensor topics: a motion-gated topic silent during one is not dropping.
    const TimeIntervals *sensor_gaps = nullptr;
    /// When the robot had travelled `metres` since a time (its track; empty function: unknown).
    /// A motion-gated estimate publishes only after the robot moved `gate_distance_m` since its
    /// last update (AMCL's update_min_d), so the start of a silence up to then is not a drop.
    std::function<std::optional<TimeNs>(TimeNs from, double metres)> after_travel;
    double gate_distance_m = 0.25;  ///< AMCL's update_min_d default (Nav2 and ROS 1)
    /// Stretches of a damaged recording the reader skipped (system clock): what a topic sent
    /// then is unknown, so a silence that meets one is idle, not judged (nullptr: none).
    const TimeIntervals *unrecorded = nullptr;
};

/// A silence of a topic on the system clock: from the message before it to the one after it.
struct TopicGap {
    TimeNs start = 0;
    TimeNs end = 0;
    std::uint64_t missing = 0;  ///< estimated messages missing (0 for an idle gap)
    double lengthMs() const { return static_cast<double>(end - start) / 1e6; }
};
/// Gaps listed per topic (the longest first).
constexpr std::size_t kWorstGaps = 3;

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
    TopicRole role = TopicRole::Sensor;
    std::uint64_t count = 0;
    TimeNs first_time = 0;  ///< receive (log) time of the first message
    TimeNs last_time = 0;
    double duration_s = 0;      ///< first to last message on the system clock
    double mean_rate_hz = 0;    ///< (count - 1) / duration, system clock
    double active_rate_hz = 0;  ///< the same without the idle gaps: the rate while it publishes
    double min_rate_hz = 0;     ///< 1 / longest period
    double max_rate_hz = 0;     ///< 1 / shortest period (+inf when two messages share a receive time)
    double mean_period_ms = 0;
    double median_period_ms = 0;
    double jitter_ms = 0;       ///< population standard deviation of the periods
    double longest_gap_ms = 0;  ///< longest period
    TopicKind kind = TopicKind::TooFew;
    int publishers = 1;                     ///< from the bag's offered QoS profiles (1 when unknown)
    bool period_from_stamps = false;        ///< expected period and gaps measured on header stamps
    double expected_period_ms = 0;          ///< robust period (median, on the clock used); NaN if none
    double on_clock_share = 0;              ///< share of periods near a whole multiple of it
    std::uint64_t gaps_over_threshold = 0;  ///< periodic only: active periods longer than drop_gap_factor x expected
    /// Periodic only: sum over those gaps of max(1, round(gap / expected) - 1), at most what the
    /// topic could have sent in its active time (active duration / expected period + 1 - count).
    std::uint64_t estimated_drops = 0;
    double longest_stamp_gap_ms = 0;  ///< periodic on stamps: the longest header-stamp gap; else NaN
    std::vector<TopicGap> gaps;       ///< periodic only: every counted gap, in time order
    std::uint64_t idle_gaps = 0;      ///< silences explained by the robot's activity (not drops)
    double idle_s = 0;                ///< their total length, system clock
    std::uint64_t total_bytes = 0;
    double mean_size_bytes = 0;
    double bandwidth_bps = 0;  ///< total bytes / (last - first), bytes per second
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
    TopicHealthAccumulator(std::string topic, bool has_header, int publishers = 1, TopicRole role = TopicRole::Sensor)
        : topic_(std::move(topic)), has_header_(has_header), publishers_(publishers), role_(role) {}

    /// One received message: its receive time, its header stamp (if any) and its size in bytes.
    void add(TimeNs receive_time, std::optional<TimeNs> stamp, std::size_t size_bytes);

    /// The row. While it runs it needs 8 bytes per message of this topic, to sort for the medians.
    TopicHealth result(double drop_gap_factor, const HealthContext &context = {}) const;
    TopicRole role() const { return role_; }
    std::uint64_t count() const { return count_; }
    /// Bytes the per-message state holds in memory (the block each compacted series is filling).
    std::size_t memoryBytes() const;
    /// Bytes of it in the temporary file (the full blocks of the compacted times).
    std::uint64_t spilledBytes() const;

private:
    /// Kind, gaps and drops on `times` (put on the system's clock when `on_system_clock`), whose
    /// periods have the median `median`. `scratch` is reused for the active periods.
    void judgeGaps(TopicHealth &h, const CompactTimes &times, bool on_system_clock, double median,
                   double drop_gap_factor, const HealthContext &context, std::vector<double> &scratch) const;
    /// Appends the age of every message with a set stamp on the receive times' clock, in order.
    void ages(std::vector<double> &out) const;
    /// A headerless topic logged in recorder bursts: no period can be measured on its log times.
    bool recorderBursts() const;

    std::string topic_;
    bool has_header_;
    int publishers_;
    TopicRole role_;
    CompactTimes log_times_;  ///< every receive time: periods on any clock after the run
    CompactTimes stamps_;     ///< every set stamp, in arrival order
    /// Which messages the stamps belong to: those from index first_stamped_ on, but for these.
    CompactTimes unstamped_;
    std::uint64_t first_stamped_ = 0;
    std::uint64_t count_ = 0;
    TimeNs first_ = 0, last_ = 0;
    std::uint64_t bytes_ = 0;
    RunningStats age_stats_;
    std::optional<TimeNs> previous_stamp_;
    std::uint64_t out_of_order_ = 0, repeated_ = 0, sim_time_stamps_ = 0;
};

/// The share of `periods_ms` (in time order) on the clock of `median`: near a whole multiple of
/// it (kPeriodTolerance). So are the periods of a catch-up, counted together: a period, one or
/// more bunched periods after it (under kPeriodTolerance of the median: messages that arrived at
/// once), and at most one more period shorter than the clock's (1 - kPeriodTolerance), when
/// their sum lies near a whole multiple of the median at least their number. A loaded receiver
/// (or a loaded sender stamping its writes late) makes such runs: the messages came late and
/// then together, none early, so the clock held. Without a bunch nothing is grouped, so two
/// periods that only happen to add up (an event-driven stream's 900 and 400 ms of a 600 ms
/// median) stay off the clock. 0 when empty.
double onClockShare(const std::vector<double> &periods_ms, double median);

/// The robust period of `periods_ms` (in time order; median) and their share on its clock
/// (onClockShare); {NaN, 0} when there is no positive median.
struct PeriodEstimate {
    double period_ms;
    double on_clock_share;
};
PeriodEstimate estimatePeriod(const std::vector<double> &periods_ms);

/// How much of the silence from `start` to `end` (system clock) a topic of `role` should have
/// been publishing: all of it for a sensor; for a command, the time a navigation goal ran; for a
/// motion-gated topic, the time the robot moved while its sensors delivered.
TimeNs activeSilence(TopicRole role, TimeNs start, TimeNs end, const HealthContext &context);

/// The longest counted gaps of `h` (at most n), longest first.
std::vector<TopicGap> worstGaps(const TopicHealth &h, std::size_t n = kWorstGaps);

/// The drops column of a health table: the count for a periodic topic, else "-" (the kind
/// column says why there is none).
std::string dropsCell(const TopicHealth &h);
/// "periodic", "multi-publisher", "event-driven", "batched", "too few": the kind column.
const char *kindCell(TopicKind kind);

/// Percentile p (0..100) of `values` with linear interpolation between order statistics
/// (numpy's default); NaN when empty. Reorders `values` (a selection, not a sort).
double percentile(std::vector<double> &values, double p);

}  // namespace robometrics::topicstats
