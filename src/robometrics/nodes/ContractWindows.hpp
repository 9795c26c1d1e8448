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
// `type`, `qos` over the window's messages; `required`: at least one message since the start.
// `min_messages`, the per-message rules and the `run:` section are rules of a whole recording and
// are not judged live (liveContract()).

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/msgs/Messages.hpp"
#include "robometrics/nodes/ContractTopicPass.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::nodes {

/// The rules of `contract` that are judged live: all but `min_messages`.
topicstats::RecordingContract liveContract(topicstats::RecordingContract contract);

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

    /// How each rule fared over the windows judged so far, for the summary at the end:
    /// "contract spec.yaml, 12 windows of 1 s: /scan rate_hz 10 ± 10 %: failed in 12 (error), last: 5.02 Hz".
    std::string summaryText() const;
    /// {"spec", "window_s", "windows", "rules": [{"topic", "rule", "limit", "severity",
    /// "windows_judged", "windows_failed", "last_measured"}]}
    nlohmann::json summaryJson() const;
    std::size_t windows() const { return windows_; }

private:
    struct Topic {
        const bag::TopicInfo *info = nullptr;
        std::optional<ContractTopicPass> window;  ///< this window's messages
        std::uint64_t earlier = 0;                ///< messages before this window
        std::optional<TimeNs> last_before;        ///< the last of them
    };
    struct RuleTally {
        topicstats::RuleResult last;  ///< its latest judgement
        std::size_t judged = 0, failed = 0;
    };
    void start(TimeNs t);
    void closeWindow(TimeNs end);

    topicstats::RecordingContract contract_;
    TimeNs window_ns_;
    WindowSink sink_;
    std::optional<TimeNs> start_;
    TimeNs window_end_ = 0;
    std::map<std::string, Topic> topics_;
    std::vector<RuleTally> tallies_;  ///< by "topic rule", in the order first judged
    std::size_t windows_ = 0;
};

}  // namespace robometrics::nodes
