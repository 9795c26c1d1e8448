#include "robometrics/nodes/ContractWindows.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace robometrics::nodes {

namespace {

using topicstats::RuleResult;
using topicstats::Severity;

/// What the rule asks for, in words: "rate_hz 10 ± 10 %", "required".
std::string expectedText(const RuleResult &r) { return r.limit.empty() ? r.rule : r.rule + " " + r.limit; }

std::string number(double v) { return topicstats::contractNumber(v); }

/// `min_messages` before the session's end: the count so far, not yet a verdict.
bool provisional(const RuleResult &r) { return r.rule == "min_messages" && !r.passed; }

bool sameRule(const RuleResult &a, const RuleResult &b) { return a.topic == b.topic && a.rule == b.rule; }

}  // namespace

topicstats::RecordingContract liveContract(const topicstats::RecordingContract &contract) {
    // The run's evaluation needs the whole recording (and files beside it): judged by `check`.
    topicstats::RecordingContract live;
    live.path = contract.path;
    live.topics = contract.topics;
    return live;
}

std::vector<RuleResult> rulesNotJudgedLive(const topicstats::RecordingContract &contract) {
    std::vector<RuleResult> out;
    if (!contract.run) return out;
    const topicstats::RunContract &run = *contract.run;
    auto add = [&](std::string rule, std::string limit, Severity severity, int line) {
        RuleResult r;
        r.topic = "run";
        r.rule = std::move(rule);
        r.limit = std::move(limit);
        r.severity = severity;
        r.line = line;
        r.passed = false;
        r.measured = "not judged live: an evaluation of the whole recording (robometrics check on it)";
        out.push_back(std::move(r));
    };
    bool stuck = false;
    for (const topicstats::RunLimit &l : run.limits) {
        if (l.name == "stuck_window_s" || l.name == "stuck_progress_ratio") {
            // The two make one rule, as `check` judges them (evaluate/RunContractCheck).
            if (stuck) continue;
            stuck = true;
            std::vector<std::string> parts;
            if (const auto *w = run.find("stuck_window_s")) parts.push_back("window " + number(w->limit.value) + " s");
            if (const auto *p = run.find("stuck_progress_ratio")) parts.push_back("progress " + number(p->limit.value));
            add("stuck", fmt::format("{}", fmt::join(parts, ", ")), l.limit.severity, l.limit.line);
            continue;
        }
        std::string unit;
        for (const topicstats::RunLimitKind &k : topicstats::runLimitKinds()) {
            if (l.name == k.name) unit = k.unit;
        }
        add(l.name, unit.empty() ? number(l.limit.value) : number(l.limit.value) + " " + unit, l.limit.severity,
            l.limit.line);
    }
    for (const topicstats::ForbiddenAnomaly &f : run.forbid) add("forbid", f.code, f.severity, f.line);
    return out;
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
    : not_live_(rulesNotJudgedLive(contract)),
      window_ns_(static_cast<TimeNs>(std::llround(window_s * 1e9))),
      sink_(std::move(windows)),
      scan_patterns_(scanValidityPatterns(contract)),
      motion_(contract.needsMotion()) {
    contract_ = liveContract(contract);
}

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

ContractWindows::Topic &ContractWindows::topicOf(const bag::Message &message) {
    auto [it, added] = topics_.try_emplace(message.topic->name);
    Topic &topic = it->second;
    topic.info = message.topic;  // a source may declare the topic again (DDS: a publisher with another QoS)
    if (!topic.window) topic.window.emplace(*topic.info);
    if (!added) return topic;
    if (countsScanValidity(*message.topic, scan_patterns_)) topic.scans.emplace(window_end_ - window_ns_);
    if (motion_) {
        // The odometry as `check` chooses it, among the topics heard so far: a better one heard
        // later (/odometry/wheels after /odom) takes over, and the motion starts again from it.
        heard_.push_back(*message.topic);
        std::string chosen = motionTopic(heard_);
        if (chosen != odometry_) {
            odometry_ = std::move(chosen);
            decoder_.resetMotion();
            for (auto &[name, t] : topics_) t.odometry = name == odometry_;
        }
    }
    return topic;
}

void ContractWindows::decode(Topic &topic, const bag::Message &message) {
    Status s;
    if (topic.scans) s = decoder_.addScan(*topic.scans, message);
    if (s.ok() && topic.odometry) s = decoder_.addOdometry(message);
    if (s.ok()) return;
    // A sample that does not decode is left out of the rules (counted, and the first one named).
    if (undecoded_++ == 0)
        first_undecoded_ =
            fmt::format("{} at {} s: {}", message.topic->name,
                        number(toSeconds(message.log_time - start_.value_or(message.log_time))), s.error().message);
}

void ContractWindows::onMessage(const bag::Message &message) {
    // A message after the window's end closes it first, whether or not a tick came between.
    advanceTo(message.log_time);
    Topic &topic = topicOf(message);
    topic.window->add(message);
    if (topic.scans || topic.odometry) decode(topic, message);
}

void ContractWindows::advanceTo(TimeNs now) {
    if (!start_) start(now);
    latest_ = std::max(latest_, now);
    while (now >= window_end_) {
        closeWindow(window_end_);
        window_end_ += window_ns_;
    }
}

topicstats::TopicMeasurement ContractWindows::measureWindow(Topic &topic, TimeNs end) {
    // The silence before the window's first message starts at the topic's last message.
    topicstats::TopicMeasurement m = topic.window->finish(topic.last_before.value_or(*start_), end);
    m.earlier = topic.earlier;
    m.earlier_first = topic.first_before;
    m.earlier_last = topic.last_before.value_or(0);
    if (topic.scans) {
        m.scan_validity = topic.scans->finish();
        topic.scans.emplace(end);  // the next window's seconds start at its start
    }
    if (m.count > 0) {
        if (topic.earlier == 0) topic.first_before = m.first;
        topic.last_before = m.last;
    }
    topic.earlier += m.count;
    topic.window.emplace(*topic.info);
    return m;
}

ContractWindows::RuleTally &ContractWindows::tally(const RuleResult &r) {
    auto found =
        std::find_if(tallies_.begin(), tallies_.end(), [&](const RuleTally &t) { return sameRule(t.last, r); });
    if (found == tallies_.end()) found = tallies_.insert(tallies_.end(), RuleTally{r, 0, 0, r.rule == "min_messages"});
    found->last = r;
    return *found;
}

void ContractWindows::closeWindow(TimeNs end) {
    topicstats::RecordingMeasurement window;
    window.start = *start_;  // the times the statuses give are seconds from the session's start
    window.end = end;
    for (auto &[name, topic] : topics_) window.topics.push_back(measureWindow(topic, end));
    if (!odometry_.empty()) {
        window.moving = decoder_.moving();
        window.motion_source = odometry_;
    }
    msgs::DiagnosticArray array;
    array.header.stamp = msgs::Time::fromNs(end);
    for (RuleResult r : topicstats::judgeContract(contract_, window)) {
        const bool so_far = provisional(r);
        if (so_far) r.measured = fmt::format("{} of {} so far", r.value ? number(*r.value) : "0", r.limit);
        array.status.push_back(ruleDiagnostic(r, contract_.path));
        // Not yet a failure: the count so far is a warning until the session ends, whatever the rule's severity.
        if (so_far) array.status.back().level = msgs::DiagnosticStatus::WARN;
        RuleTally &t = tally(r);
        ++t.judged;
        t.failed += r.passed || t.session ? 0 : 1;
    }
    for (const RuleResult &r : not_live_) {
        msgs::DiagnosticStatus s = ruleDiagnostic(r, contract_.path);
        s.level = msgs::DiagnosticStatus::STALE;  // no data: neither held nor failed
        s.message = fmt::format("{}; expected {}", r.measured, expectedText(r));
        array.status.push_back(std::move(s));
    }
    ++windows_;
    sink_(array);
}

void ContractWindows::finish() {
    if (finished_ || !start_) return;
    finished_ = true;
    // The session's count of each topic: every window judged, and the part of the last one cut short.
    topicstats::RecordingContract session;
    session.path = contract_.path;
    for (const topicstats::TopicContract &c : contract_.topics) {
        if (!c.min_messages) continue;
        topicstats::TopicContract only;
        only.pattern = c.pattern;
        only.line = c.line;
        only.required.value = false;
        only.min_messages = c.min_messages;
        session.topics.push_back(std::move(only));
    }
    if (session.topics.empty()) return;
    topicstats::RecordingMeasurement heard;
    heard.start = *start_;
    heard.end = latest_;
    for (auto &[name, topic] : topics_) {
        topicstats::TopicMeasurement m = topic.window->finish(topic.last_before.value_or(*start_), latest_);
        m.earlier = topic.earlier;
        heard.topics.push_back(std::move(m));
    }
    msgs::DiagnosticArray array;
    array.header.stamp = msgs::Time::fromNs(latest_);
    for (RuleResult r : topicstats::judgeContract(session, heard)) {
        r.measured += " in the session";
        array.status.push_back(ruleDiagnostic(r, contract_.path));
        RuleTally &t = tally(r);
        t.failed = r.passed ? 0 : 1;
    }
    sink_(array);
}

std::string ContractWindows::notJudgedLiveText() const {
    if (not_live_.empty()) return {};
    std::vector<std::string> rules;
    for (const RuleResult &r : not_live_) rules.push_back(r.topic + " " + expectedText(r));
    return fmt::format(
        "{}: not judged live (the run: section is an evaluation of a whole recording; run `robometrics check` on "
        "it): {}; each has a STALE status on /diagnostics",
        contract_.path, fmt::join(rules, ", "));
}

std::string ContractWindows::summaryText() const {
    std::string out = fmt::format("contract {}: {} window{} of {:g} s\n", contract_.path, windows_,
                                  windows_ == 1 ? "" : "s", static_cast<double>(window_ns_) * 1e-9);
    bool any = false;
    for (const RuleTally &t : tallies_) {
        if (t.session && !t.last.passed) {
            any = true;
            out += fmt::format("  {}: {}: {} ({}{})\n", t.last.topic, expectedText(t.last), t.last.measured,
                               topicstats::toString(t.last.severity), finished_ ? "" : "; judged at the session's end");
            continue;
        }
        if (t.failed == 0) continue;
        any = true;
        out += fmt::format("  {}: {}: failed in {} of {} windows ({}); last: {}\n", t.last.topic, expectedText(t.last),
                           t.failed, t.judged, topicstats::toString(t.last.severity), t.last.measured);
    }
    if (!any) out += fmt::format("  every rule held in every window ({} rules)\n", tallies_.size());
    if (!not_live_.empty()) {
        std::vector<std::string> rules;
        for (const RuleResult &r : not_live_) rules.push_back(r.topic + " " + expectedText(r));
        out += fmt::format("  not judged live (use robometrics check on the recording): {}\n", fmt::join(rules, ", "));
    }
    if (undecoded_ > 0)
        out += fmt::format("  {} message{} could not be decoded and were left out, the first: {}\n", undecoded_,
                           undecoded_ == 1 ? "" : "s", first_undecoded_);
    return out;
}

nlohmann::json ContractWindows::summaryJson() const {
    nlohmann::json rules = nlohmann::json::array();
    for (const RuleTally &t : tallies_) {
        nlohmann::json rule = {{"topic", t.last.topic},
                               {"rule", t.last.rule},
                               {"limit", t.last.limit},
                               {"severity", topicstats::toString(t.last.severity)},
                               {"judged", t.session ? "session" : "window"},
                               {"windows_judged", t.judged},
                               {"windows_failed", t.failed},
                               {"last_measured", t.last.measured}};
        // A rule of the whole session has its verdict once the session ended, none before.
        if (t.session) rule["passed"] = finished_ || t.last.passed ? nlohmann::json(t.last.passed) : nlohmann::json();
        rules.push_back(std::move(rule));
    }
    nlohmann::json not_live = nlohmann::json::array();
    for (const RuleResult &r : not_live_) {
        not_live.push_back({{"topic", r.topic},
                            {"rule", r.rule},
                            {"limit", r.limit},
                            {"severity", topicstats::toString(r.severity)},
                            {"spec", fmt::format("{}:{}", contract_.path, r.line)},
                            {"why", r.measured}});
    }
    return {{"spec", contract_.path},
            {"window_s", static_cast<double>(window_ns_) * 1e-9},
            {"windows", windows_},
            {"rules", std::move(rules)},
            {"not_judged_live", std::move(not_live)},
            {"undecoded_messages", undecoded_}};
}

}  // namespace robometrics::nodes
