#pragma once
// A recording contract (`robometrics check`, docs/check.md): per topic, or per pattern of topic
// names, what a recording must hold (type, rate, longest silence, stamp latency, message count,
// QoS as recorded, frame), and the rules judged against what one pass over a recording measured.
// Pure: the spec file is read by io/ContractSpecFile, the bag by evaluate/RecordingCheck.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/core/TimeIntervals.hpp"

namespace robometrics::topicstats {

enum class Severity { Error, Warning };
const char *toString(Severity severity);

/// A number as the rules print it: at most `decimals` decimals, trailing zeros dropped ("0.5", "41.2").
std::string contractNumber(double v, int decimals = 3);

/// One limit of the spec, with the line it was written on and how much its failure weighs.
template <class T>
struct Limit {
    T value{};
    Severity severity = Severity::Error;
    int line = 0;
};

/// The rules for the topics whose names match `pattern` (an exact name, or `*` and `?` globs).
struct TopicContract {
    std::string pattern;
    int line = 0;  ///< where the entry starts in the spec
    Limit<bool> required{true};
    std::optional<Limit<std::string>> type;
    std::optional<Limit<double>> rate_hz;  ///< with tolerance_pct
    double tolerance_pct = 10;
    std::optional<Limit<double>> min_hz, max_hz;
    std::optional<Limit<double>> max_gap_s;
    std::optional<Limit<double>> max_latency_s;
    std::optional<Limit<std::uint64_t>> min_messages;
    std::optional<Limit<std::string>> reliability;  ///< "reliable" or "best_effort"
    std::optional<Limit<std::string>> durability;   ///< "volatile" or "transient_local"
    std::optional<Limit<std::string>> frame_id;
    /// sensor_msgs/LaserScan: the least share of valid ranges in any window of scans
    /// (ScanValidity); the only rules that need the messages decoded, with the next.
    std::optional<Limit<double>> min_valid_share;
    /// The topic must not fall silent while the robot moves (SensorSilenceRule, evaluate's
    /// `sensor_silent`); the robot's motion comes from its odometry.
    std::optional<Limit<bool>> forbid_sensor_silent;

    /// Whether a rule of this entry needs the messages of its topics decoded.
    bool needsScanValidity() const { return min_valid_share.has_value(); }
    bool needsMotion() const { return forbid_sensor_silent && forbid_sensor_silent->value; }
};

/// One limit of the `run:` section: a parameter of `robometrics evaluate`, by its own name.
struct RunLimit {
    std::string name;  ///< "collision_threshold", "max_speed_mps", ...
    Limit<double> limit;
};

/// An anomaly code of `evaluate` that must not occur.
struct ForbiddenAnomaly {
    std::string code;
    Severity severity = Severity::Error;
    int line = 0;
};

/// The `run:` section: the recording is evaluated as `robometrics evaluate` would, with these
/// limits as its parameters, and each limit and forbidden code is a rule (docs/check.md).
struct RunContract {
    int line = 0;
    std::vector<RunLimit> limits;  ///< in spec order
    std::vector<ForbiddenAnomaly> forbid;

    const RunLimit *find(std::string_view name) const;
};

/// What a `run:` limit is: its evaluate parameter's node, and whether 0 is a valid value.
struct RunLimitKind {
    const char *name;
    const char *node;  ///< the params file's node that holds it
    const char *unit;
    bool zero_ok;
};
/// The limits `run:` accepts, in the order docs/check.md lists them.
const std::vector<RunLimitKind> &runLimitKinds();
/// The anomaly codes `robometrics evaluate` raises (docs/evaluate.md, Anomalies).
const std::vector<std::string> &evaluateAnomalyCodes();

struct RecordingContract {
    std::string path;  ///< the spec file, for messages and annotations
    std::vector<TopicContract> topics;
    std::optional<RunContract> run;

    bool needsScanValidity() const;
    bool needsMotion() const;
};

/// Whether `name` matches a glob `pattern` (`*` any run of characters, `/` included; `?` one).
bool topicMatches(std::string_view pattern, std::string_view name);

/// How many of a LaserScan topic's ranges were real returns: finite and within [range_min,
/// range_max] (REP 117, traversal::scanMinimum), pooled over windows of kWindow of scans from the
/// topic's first scan. A window holds the scans whose log times fall in it; the worst window is
/// the one with the least share (the earliest of equal ones).
struct ScanValidity {
    static constexpr TimeNs kWindow = kNsPerSecond;
    std::uint64_t scans = 0;
    std::uint64_t ranges = 0;  ///< every range of every scan
    std::uint64_t valid = 0;
    std::uint64_t windows = 0;            ///< windows that held a range
    double worst_share = 1;               ///< valid / ranges of the worst window
    TimeNs worst_from = 0, worst_to = 0;  ///< log times of its first and last scan
    double share() const { return ranges ? static_cast<double>(valid) / static_cast<double>(ranges) : 0.0; }
};

/// Counts a LaserScan topic's valid ranges scan by scan into windows: constant memory.
class ScanValidityMeasurer {
public:
    ScanValidityMeasurer() = default;
    /// Windows fixed from `anchor` (live: a window of the session) rather than the first scan.
    explicit ScanValidityMeasurer(TimeNs anchor) : anchor_(anchor) {}
    /// One scan at `log_time` with `ranges` ranges, `valid` of them real returns.
    void add(TimeNs log_time, std::uint64_t ranges, std::uint64_t valid);
    ScanValidity finish() const;

private:
    void close(ScanValidity &into) const;
    ScanValidity v_;
    std::optional<TimeNs> anchor_;
    TimeNs window_start_ = 0;               ///< the current window begins here (first scan + k windows)
    TimeNs first_ = 0, last_ = 0;           ///< its first and last scan
    std::uint64_t ranges_ = 0, valid_ = 0;  ///< in it
};

/// What one pass measured of one topic. Times are log times (ns).
struct TopicMeasurement {
    std::string name;
    std::string type;
    std::string reliability;  ///< as recorded: "reliable", "best_effort", "mixed", "" when unknown
    std::string durability;   ///< "volatile", "transient_local", "mixed", ""
    bool has_header = false;
    std::uint64_t count = 0;
    /// Live (`live topic-stats --spec`): messages before the window judged. They make the topic
    /// present (`required` holds, its other rules are judged) in a window it is silent in.
    std::uint64_t earlier = 0;
    TimeNs earlier_first = 0, earlier_last = 0;  ///< the first and last of them (when `earlier` > 0)
    TimeNs first = 0, last = 0;
    /// The longest silence, from the recording's start to the first message, between two
    /// messages, or from the last message to the recording's end.
    TimeNs gap_start = 0, gap_end = 0;
    std::uint64_t latency_samples = 0;  ///< messages with a stamp on the log's clock
    std::uint64_t sim_time_stamps = 0;  ///< stamps in simulated time on a wall-clock log
    TimeNs max_latency = 0;             ///< log time - header stamp, the largest
    TimeNs max_latency_at = 0;          ///< log time of that message
    /// Each frame_id seen (at most kMaxFrames kept), with its first log time and message count.
    struct Frame {
        std::string id;
        TimeNs first = 0;
        std::uint64_t count = 0;
    };
    std::vector<Frame> frames;
    std::uint64_t frames_untold = 0;  ///< messages whose frame was not kept (more frames than that)
    static constexpr std::size_t kMaxFrames = 8;
    /// Silences between two messages of at least SensorSilenceRule::kSeconds, in time order:
    /// what `forbid_sensor_silent` judges against the robot's motion.
    std::vector<TimeSpan> long_silences;
    /// Valid ranges of a LaserScan topic, when a rule asked for them (the scans were decoded).
    std::optional<ScanValidity> scan_validity;
};

/// The recording as one pass saw it.
struct RecordingMeasurement {
    TimeNs start = 0, end = 0;  ///< first and last log time of any message
    std::vector<TopicMeasurement> topics;
    /// When the robot drove or turned (log times), measured only when a rule needs it and the
    /// recording has an odometry topic (`motion_source`); empty: its motion is unknown.
    std::optional<TimeIntervals> moving;
    std::string motion_source;
};

/// Measures one topic message by message: constant memory.
class TopicMeasurer {
public:
    explicit TopicMeasurer(TopicMeasurement m) : m_(std::move(m)) {}
    /// One message: its log time, its header stamp and frame_id when its type has a header.
    void add(TimeNs log_time, std::optional<TimeNs> stamp, std::optional<std::string_view> frame_id);
    /// The measurement, with the silences at the recording's ends counted.
    TopicMeasurement finish(TimeNs recording_start, TimeNs recording_end) const;

private:
    TopicMeasurement m_;
    std::size_t last_frame_ = 0;  ///< index into m_.frames of the previous message's frame
};

/// The outcome of one rule on one recording.
struct RuleResult {
    std::string topic;  ///< the topic, or the pattern when no topic matched
    std::string rule;   ///< "max_gap_s"
    std::string limit;  ///< "0.5", "10 Hz ± 10 %": the rule as written
    Severity severity = Severity::Error;
    bool passed = true;
    std::string measured;                ///< "silent 2.7 s from 41.2 s to 43.9 s", "9.1 Hz", ...
    std::optional<double> value;         ///< the measured number in the rule's unit, when there is one
    std::optional<double> from_s, to_s;  ///< when, seconds from the recording's start
    int line = 0;                        ///< the rule's line in the spec
};

/// Every rule of `contract` on `recording`, in spec order, topics of a pattern in name order.
std::vector<RuleResult> judgeContract(const RecordingContract &contract, const RecordingMeasurement &recording);

/// Whether a rule's failure counts against the recording (errors; warnings too when asked).
inline bool countsAsFailure(const RuleResult &r, bool warnings_as_errors) {
    return !r.passed && (r.severity == Severity::Error || warnings_as_errors);
}

}  // namespace robometrics::topicstats
