#pragma once
// What every live analysis's /diagnostics status shares (`live traversal`, `live costmap`): the
// level from a failure the node detected and from how fresh its input and its results are, the
// ages as key values, and the steady rate they go out at. The caller samples counts (messages
// read, results produced) at its ticks and passes the time explicitly, so this holds no clock,
// no I/O and no DDS; the analysis-specific classes (TraversalDiagnostics, CostmapDiagnostics) add
// their figures.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Time.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::nodes {

/// When a live analysis's status goes out and when its input counts as stale.
struct HealthTiming {
    /// diagnostic_updater's default period: rqt_robot_monitor and Foxglove expect about 1 Hz.
    TimeNs period = kNsPerSecond;
    /// No input message, or no result, for this long is stale. No expected rate is known live
    /// (docs/live.md), so it is a timeout: three of the traversal node's 1 s log periods, thirty
    /// of GroundGrid's 10 Hz maps, and well beyond the TF wait (tf_tolerance) a map may have.
    TimeNs stale_after = 3 * kNsPerSecond;
};

/// When a count last grew, on the caller's clock: a growth seen at a sample is dated then, so
/// ages are exact to the sampling period.
class CountClock {
public:
    void sample(TimeNs now, std::uint64_t count);
    std::uint64_t count() const { return count_; }
    /// Time since the count last grew; none while it never has.
    std::optional<TimeNs> age(TimeNs now) const;

private:
    std::uint64_t count_ = 0;
    std::optional<TimeNs> grew_;
};

/// "1.5" seconds, or "none" when there is no age; the text of the *_age_s key values.
std::string ageText(std::optional<TimeNs> age);

/// One live analysis: "robometrics: <analysis>" with its input topics as hardware_id, as the
/// other robometrics statuses are named.
class AnalysisHealth {
public:
    AnalysisHealth(std::string name, std::string hardware_id, HealthTiming timing = {});

    /// The counts at `now` (the first sample starts the clock): messages read, results produced.
    void sample(TimeNs now, std::uint64_t inputs, std::uint64_t outputs);
    /// True at the first sample, then once per period (the phase of the first is kept).
    bool due(TimeNs now);

    /// The status at the last sample. ERROR with `failure` when it is not empty; WARN when no
    /// input came for stale_after (or none since the start, once stale_after has passed), or no
    /// result for stale_after; else OK with `ok_message`. Values: `values`, then
    /// `last_update_age_s` (the last result) and `last_input_age_s`.
    msgs::DiagnosticArray array(const std::string &ok_message, const std::string &failure,
                                std::vector<msgs::KeyValue> values) const;

private:
    /// The level and message of the freshness judgement.
    std::pair<std::uint8_t, std::string> freshness(const std::string &ok_message) const;

    std::string name_;
    std::string hardware_id_;
    HealthTiming timing_;
    std::optional<TimeNs> started_;
    TimeNs now_ = 0;
    TimeNs next_due_ = 0;
    CountClock inputs_;
    CountClock outputs_;
};

}  // namespace robometrics::nodes
