#include "robometrics/nodes/ContractWindows.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace robometrics::nodes {

namespace {

using topicstats::RuleResult;
using topicstats::Severity;

/// What the rule asks for, in words: "rate_hz 10 ± 10 %", "required".
std::string expectedText(const RuleResult &r) { return r.limit.empty() ? r.rule : r.rule + " " + r.limit; }

bool sameRule(const RuleResult &a, const RuleResult &b) { return a.topic == b.topic && a.rule == b.rule; }

}  // namespace

topicstats::RecordingContract liveContract(topicstats::RecordingContract contract) {
    // Rules of a whole recording, or of decoded messages and the run's evaluation, which a window
    // of DDS samples does not hold: judged by `check` on the recording, not live.
    for (topicstats::TopicContract &topic : contract.topics) {
        topic.min_messages.reset();
        topic.min_valid_share.reset();
        topic.forbid_sensor_silent.reset();
    }
    contract.run.reset();
    return contract;
}

msgs::DiagnosticStatus ruleDiagnostic(const RuleResult &r, const std::string &spec_path) {
    msgs::DiagnosticStatus s;
    s.level = r.passed                          ? msgs::DiagnosticStatus::OK
              : r.severity == Severity::Warning ? msgs::DiagnosticStatus::WARN
                                                : msgs::DiagnosticStatus::ERROR;
    s.name = fmt::format("robometrics: contract {} {}", r.topic, r.rule);
    s.hardware_id = r.topic;
    s.message = fmt::format("measured {}, expected {}", r.measured, expectedText(r));
    s.values = {{"measured", r.measured},
                {"limit", expectedText(r)},
                {"topic", r.topic},
                {"rule", r.rule},
                {"severity", topicstats::toString(r.severity)},
                {"spec", fmt::format("{}:{}", spec_path, r.line)}};
    if (r.value) s.values.push_back({"value", fmt::format("{:.6g}", *r.value)});
    return s;
}

ContractWindows::ContractWindows(topicstats::RecordingContract contract, double window_s, WindowSink windows)
    : contract_(liveContract(std::move(contract))),
      window_ns_(static_cast<TimeNs>(std::llround(window_s * 1e9))),
      sink_(std::move(windows)) {}

void ContractWindows::subscribe(pipeline::Pipeline &pipeline) {
    pipeline.subscribeRaw("*", [this](const bag::Message &m) {
        onMessage(m);
        return Status::Ok();
    });
}

void ContractWindows::start(TimeNs t) {
    start_ = t;
    window_end_ = t + window_ns_;
}

void ContractWindows::onMessage(const bag::Message &message) {
    // A message after the window's end closes it first, whether or not a tick came between.
    advanceTo(message.log_time);
    Topic &topic = topics_[message.topic->name];
    topic.info = message.topic;  // a source may declare the topic again (DDS: a publisher with another QoS)
    if (!topic.window) topic.window.emplace(*topic.info);
    topic.window->add(message);
}

void ContractWindows::advanceTo(TimeNs now) {
    if (!start_) start(now);
    while (now >= window_end_) {
        closeWindow(window_end_);
        window_end_ += window_ns_;
    }
}

void ContractWindows::closeWindow(TimeNs end) {
    topicstats::RecordingMeasurement window;
    window.start = *start_;  // the times the statuses give are seconds from the session's start
    window.end = end;
    for (auto &[name, topic] : topics_) {
        // The silence before the window's first message starts at the topic's last message.
        topicstats::TopicMeasurement m = topic.window->finish(topic.last_before.value_or(*start_), end);
        m.earlier = topic.earlier;
        topic.earlier += m.count;
        if (m.count > 0) topic.last_before = m.last;
        window.topics.push_back(std::move(m));
        topic.window.emplace(*topic.info);
    }
    msgs::DiagnosticArray array;
    array.header.stamp = msgs::Time::fromNs(end);
    for (const RuleResult &r : topicstats::judgeContract(contract_, window)) {
        array.status.push_back(ruleDiagnostic(r, contract_.path));
        auto tally =
            std::find_if(tallies_.begin(), tallies_.end(), [&](const RuleTally &t) { return sameRule(t.last, r); });
        if (tally == tallies_.end()) tally = tallies_.insert(tallies_.end(), RuleTally{r, 0, 0});
        tally->last = r;
        ++tally->judged;
        tally->failed += r.passed ? 0 : 1;
    }
    ++windows_;
    sink_(array);
}

std::string ContractWindows::summaryText() const {
    std::string out = fmt::format("contract {}: {} window{} of {:g} s\n", contract_.path, windows_,
                                  windows_ == 1 ? "" : "s", static_cast<double>(window_ns_) * 1e-9);
    bool any = false;
    for (const RuleTally &t : tallies_) {
        if (t.failed == 0) continue;
        any = true;
        out += fmt::format("  {}: {}: failed in {} of {} windows ({}); last: {}\n", t.last.topic, expectedText(t.last),
                           t.failed, t.judged, topicstats::toString(t.last.severity), t.last.measured);
    }
    if (!any) out += fmt::format("  every rule held in every window ({} rules)\n", tallies_.size());
    return out;
}

nlohmann::json ContractWindows::summaryJson() const {
    nlohmann::json rules = nlohmann::json::array();
    for (const RuleTally &t : tallies_) {
        rules.push_back({{"topic", t.last.topic},
                         {"rule", t.last.rule},
                         {"limit", t.last.limit},
                         {"severity", topicstats::toString(t.last.severity)},
                         {"windows_judged", t.judged},
                         {"windows_failed", t.failed},
                         {"last_measured", t.last.measured}});
    }
    return {{"spec", contract_.path},
            {"window_s", static_cast<double>(window_ns_) * 1e-9},
            {"windows", windows_},
            {"rules", std::move(rules)}};
}

}  // namespace robometrics::nodes
