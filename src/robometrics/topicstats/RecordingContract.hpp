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

namespace robometrics::topicstats {

enum class Severity { Error, Warning };
const char *toString(Severity severity);

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
};

struct RecordingContract {
    std::string path;  ///< the spec file, for messages and annotations
    std::vector<TopicContract> topics;
};

/// Whether `name` matches a glob `pattern` (`*` any run of characters, `/` included; `?` one).
bool topicMatches(std::string_view pattern, std::string_view name);

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
};

/// The recording as one pass saw it.
struct RecordingMeasurement {
    TimeNs start = 0, end = 0;  ///< first and last log time of any message
    std::vector<TopicMeasurement> topics;
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
