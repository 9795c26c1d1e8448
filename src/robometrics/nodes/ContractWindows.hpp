#pragma once
// A recording contract judged live, window by window (`live topic-stats --spec`, docs/check.md
// "Live"): every message of every topic is measured as `check` measures a bag (ContractTopicPass),
// and at the end of each window the contract's rules are judged (topicstats::judgeContract) over
// the messages of that window. Each window gives one diagnostic_msgs/DiagnosticArray with one
// DiagnosticStatus per rule: OK when it holds, ERROR for a failed error rule, WARN for a failed
// warning, the message saying what was measured against what was expected, as greenwave_monitor
// reports a topic's expected rate. Time is the messages' log time (reception, live) and the
// ticks the source gives: no wall clock of its own.
//
// Per window: `rate_hz`/`min_hz`/`max_hz` over the window's messages ((n - 1) / (t_last - t_first),
// so a window must hold two messages); `max_gap_s` the longest silence that ends in the window,
// counted from the topic's last message before it (from the start of the session before the
// first), or the silence since that message when the topic is quiet; `max_latency_s`, `frame_id`,
// `type`, `qos` over the window's messages; `required`: at least one message since the start;
// `min_valid_share` over the window's scans, decoded (ContractMessages); `forbid_sensor_silent`
// the silences that end in the window or reach its end, against the motion from the odometry
// since the start. `min_messages` is judged on the count so far: OK once reached, WARN before
// ("12 of 100 so far"), and finally at the end of the session (finish()). The `run:` section is an
// evaluation of a whole recording: its rules are not judged live and say so, as STALE statuses.

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/nodes/ContractMessages.hpp"
#include "robometrics/nodes/ContractTopicPass.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::nodes {

/// The rules of `contract` that are judged live, window by window: all but the `run:` section.
topicstats::RecordingContract liveContract(const topicstats::RecordingContract &contract);

/// The rules of the `run:` section, unjudged: what cannot be judged live ("not judged live: ...").
std::vector<topicstats::RuleResult> rulesNotJudgedLive(const topicstats::RecordingContract &contract);

/// One rule's status on /diagnostics: "robometrics: contract /scan rate_hz", hardware_id the
/// topic, values measured, expected, topic, rule, severity, spec (file:line).
msgs::DiagnosticStatus ruleDiagnostic(const topicstats::RuleResult &rule, const std::string &spec_path);

class ContractWindows {
public:
    using WindowSink = std::function<void(const msgs::DiagnosticArray &)>;
    /// `window_s` > 0 (checked by the command, as topic-stats' window).
    ContractWindows(topicstats::RecordingContract contract, double window_s, WindowSink windows);

    void subscribe(pipeline::Pipeline &pipeline);
    /// One message; one at or after the current window's end closes that window first.
    void onMessage(const bag::Message &message);
    /// Closes every window that ended at or before `now` (the source's ticks).
    void advanceTo(TimeNs now);
    /// The session ended (at the last time seen): the rules of a whole session (`min_messages`)
    /// are judged on every message heard, in one last array. Once.
    void finish();

    /// The rules not judged live, for a note at the start: "spec.yaml: not judged live ...".
    const std::vector<topicstats::RuleResult> &notJudgedLive() const { return not_live_; }
    std::string notJudgedLiveText() const;

    /// How each rule fared over the windows judged so far, for the summary at the end:
    /// "contract spec.yaml, 12 windows of 1 s: /scan rate_hz 10 ± 10 %: failed in 12 (error), last: 5.02 Hz".
    std::string summaryText() const;
    /// {"spec", "window_s", "windows", "rules": [{"topic", "rule", "limit", "severity", "judged",
    /// "windows_judged", "windows_failed", "last_measured", "passed" (session rules)}],
    /// "not_judged_live": [{"topic", "rule", "limit", "severity", "spec", "why"}], "undecoded"}
    nlohmann::json summaryJson() const;
    std::size_t windows() const { return windows_; }

private:
    struct Topic {
        const bag::TopicInfo *info = nullptr;
        std::optional<ContractTopicPass> window;                ///< this window's messages
        std::uint64_t earlier = 0;                              ///< messages before this window
        TimeNs first_before = 0;                                ///< the first of them
        std::optional<TimeNs> last_before;                      ///< the last of them
        std::optional<topicstats::ScanValidityMeasurer> scans;  ///< this window's scans, for min_valid_share
        bool odometry = false;                                  ///< the robot's motion is read from it
    };
    struct RuleTally {
        topicstats::RuleResult last;  ///< its latest judgement
        std::size_t judged = 0, failed = 0;
        bool session = false;  ///< judged once, at the end (min_messages)
    };
    void start(TimeNs t);
    Topic &topicOf(const bag::Message &message);
    void decode(Topic &topic, const bag::Message &message);
    topicstats::TopicMeasurement measureWindow(Topic &topic, TimeNs end);
    void closeWindow(TimeNs end);
    RuleTally &tally(const topicstats::RuleResult &r);

    topicstats::RecordingContract contract_;
    std::vector<topicstats::RuleResult> not_live_;
    TimeNs window_ns_;
    WindowSink sink_;
    std::optional<TimeNs> start_;
    TimeNs window_end_ = 0;
    TimeNs latest_ = 0;
    bool finished_ = false;
    std::map<std::string, Topic> topics_;
    std::vector<RuleTally> tallies_;  ///< by "topic rule", in the order first judged
    std::size_t windows_ = 0;
    // The per-message rules: what is decoded, and from which topic the motion comes.
    std::vector<std::string> scan_patterns_;
    bool motion_ = false;
    std::vector<bag::TopicInfo> heard_;  ///< every topic heard, for the choice of odometry
    std::string odometry_;
    ContractMessages decoder_;
    std::uint64_t undecoded_ = 0;
    std::string first_undecoded_;
};

}  // namespace robometrics::nodes
