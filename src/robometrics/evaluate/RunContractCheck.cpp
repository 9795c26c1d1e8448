#include "robometrics/evaluate/RunContractCheck.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "robometrics/evaluate/Evaluator.hpp"

namespace robometrics::evaluate {

namespace {

using topicstats::Limit;
using topicstats::RuleResult;
using topicstats::RunLimit;

std::string number(double v) { return topicstats::contractNumber(v); }

std::vector<const slam::Anomaly *> anomaliesOf(const Evaluation &e, const std::string &code) {
    std::vector<const slam::Anomaly *> out;
    for (const slam::Anomaly &a : e.anomalies) {
        if (a.code == code) out.push_back(&a);
    }
    // The first violation first: anomalies come grouped by analysis, not in time order.
    std::stable_sort(out.begin(), out.end(), [](const slam::Anomaly *a, const slam::Anomaly *b) {
        return a->time_s.value_or(INFINITY) < b->time_s.value_or(INFINITY);
    });
    return out;
}

/// Why evaluate could not have raised `code` on this recording; empty when it could.
std::optional<std::string> notChecked(const Evaluation &e, const std::string &code) {
    if (code == "collision" && e.scanners.empty()) return "no sensor_msgs/LaserScan topic";
    if (code == "stuck" && e.activity.command_topic.empty())
        return "no velocity command topic (cmd_vel): nothing says when the robot was told to drive";
    if (code == "stuck" && e.activity.progress_source.empty()) return "no odometry or ground-truth pose";
    if (code == "teleport" && !e.motion) return "no odometry track (10 messages or more)";
    if (code == "localization_lost" && !e.lost) return "no localization estimate (PoseWithCovarianceStamped)";
    if (code == "drift" && !e.trajectory) return "no ground-truth trajectory";
    if (code == "cpu_budget" && !e.system) return "no system.csv beside the bag";
    return std::nullopt;
}

class RunJudge {
public:
    RunJudge(const Evaluation &e, std::vector<RuleResult> &out) : e_(e), out_(out) {}

    RuleResult &add(std::string rule, std::string limit_text, const Limit<double> &limit, bool passed,
                    std::string measured) {
        return add(std::move(rule), std::move(limit_text), limit.severity, limit.line, passed, std::move(measured));
    }
    RuleResult &add(std::string rule, std::string limit_text, topicstats::Severity severity, int line, bool passed,
                    std::string measured) {
        RuleResult r;
        r.topic = "run";
        r.rule = std::move(rule);
        r.limit = std::move(limit_text);
        r.severity = severity;
        r.line = line;
        r.passed = passed;
        r.measured = std::move(measured);
        out_.push_back(std::move(r));
        return out_.back();
    }

    /// A rule that holds when evaluate raised no anomaly of `code`: the first one says when.
    void noAnomaly(const std::string &rule, const std::string &limit_text, topicstats::Severity severity, int line,
                   const std::string &code, const std::string &clean) {
        if (auto why = notChecked(e_, code)) {
            add(rule, limit_text, severity, line, false, fmt::format("not checked: {}", *why));
            return;
        }
        const std::vector<const slam::Anomaly *> found = anomaliesOf(e_, code);
        if (found.empty()) {
            add(rule, limit_text, severity, line, true, clean).value = 0;
            return;
        }
        const slam::Anomaly &first = *found.front();
        RuleResult &r =
            add(rule, limit_text, severity, line, false,
                found.size() == 1 ? first.message
                                  : fmt::format("{} {} anomalies, the first: {}", found.size(), code, first.message));
        r.value = static_cast<double>(found.size());
        r.from_s = first.time_s;
        r.to_s = first.end_time_s ? first.end_time_s : first.time_s;
    }

    void collision(const RunLimit &l) {
        std::string clean = "no collision";
        if (const ScannerResult *closest = closestScanner())
            clean = fmt::format("no collision; closest valid reading {} m on {}",
                                number(closest->summary.min_clearance_m), closest->topic);
        noAnomaly(l.name, number(l.limit.value) + " m", l.limit.severity, l.limit.line, "collision", clean);
    }

    void clearance(const RunLimit &l) {
        const ScannerResult *closest = closestScanner();
        if (!closest) {
            add(l.name, number(l.limit.value) + " m", l.limit, false,
                e_.scanners.empty() ? "not measured: no sensor_msgs/LaserScan topic"
                                    : "not measured: no scan has a valid reading");
            return;
        }
        const double least = closest->summary.min_clearance_m;
        // The first scan below the limit: a scanner's own first low clearance when the limit is
        // evaluate's min_safe_clearance, which it was set to.
        std::optional<TimeNs> first;
        std::string first_topic;
        for (const ScannerResult &s : e_.scanners) {
            if (!s.judged) continue;
            if (s.summary.first_low_clearance && (!first || *s.summary.first_low_clearance < *first)) {
                first = s.summary.first_low_clearance;
                first_topic = s.topic;
            }
        }
        const bool passed = least >= l.limit.value;
        std::string measured = fmt::format("closest valid reading {} m on {} at {} s", number(least), closest->topic,
                                           number(e_.clock.sinceStart(closest->summary.min_clearance_at)));
        if (!passed && first)
            measured += fmt::format("; first below {} m at {} s on {}", number(l.limit.value),
                                    number(e_.clock.sinceStart(*first)), first_topic);
        RuleResult &r = add(l.name, number(l.limit.value) + " m", l.limit, passed, std::move(measured));
        r.value = least;
        if (!passed && first) r.from_s = r.to_s = e_.clock.sinceStart(*first);
    }

    void speed(const RunLimit &l) {
        if (!e_.motion) {
            add(l.name, number(l.limit.value) + " m/s", l.limit, false,
                "not measured: no odometry track (10 messages or more)");
            return;
        }
        const slam::RunMotion &m = *e_.motion;
        RuleResult &r = add(l.name, number(l.limit.value) + " m/s", l.limit, m.max_speed_mps <= l.limit.value,
                            fmt::format("fastest {} m/s at {} s ({} m in {} s on {})", number(m.max_speed_mps),
                                        number(m.max_speed_at_s), number(m.max_speed_step_m),
                                        number(m.max_speed_interval_s), e_.motion_source));
        r.value = m.max_speed_mps;
        r.from_s = r.to_s = m.max_speed_at_s;
    }

    void ate(const RunLimit &l) {
        std::string clean = "no drift";
        if (e_.trajectory)
            clean = fmt::format("ATE RMSE {} m (SE(3) aligned) of {}", number(e_.trajectory->se3.rmse),
                                e_.trajectory->estimate_source);
        noAnomaly(l.name, number(l.limit.value) + " m", l.limit.severity, l.limit.line, "drift", clean);
    }

    void stuck(const topicstats::RunContract &run) {
        const RunLimit *window = run.find("stuck_window_s"), *ratio = run.find("stuck_progress_ratio");
        if (!window && !ratio) return;
        const RunLimit &first = (window && (!ratio || window->limit.line <= ratio->limit.line)) ? *window : *ratio;
        std::vector<std::string> limit;
        if (window) limit.push_back(fmt::format("window {} s", number(window->limit.value)));
        if (ratio) limit.push_back(fmt::format("progress {}", number(ratio->limit.value)));
        noAnomaly("stuck", fmt::format("{}", fmt::join(limit, ", ")), first.limit.severity, first.limit.line, "stuck",
                  fmt::format("never stuck ({:.1f} s of commanded motion)", e_.activity.commanded_s));
    }

private:
    const ScannerResult *closestScanner() const {
        const ScannerResult *best = nullptr;
        for (const ScannerResult &s : e_.scanners) {
            if (std::isnan(s.summary.min_clearance_m) || !s.judged) continue;
            if (!best || s.summary.min_clearance_m < best->summary.min_clearance_m) best = &s;
        }
        return best;
    }

    const Evaluation &e_;
    std::vector<RuleResult> &out_;
};

}  // namespace

std::vector<std::string> runParamOverrides(const topicstats::RunContract &run) {
    std::vector<std::string> out;
    for (const RunLimit &l : run.limits) out.push_back(fmt::format("{}:={}", l.name, l.limit.value));
    return out;
}

Result<Evaluation> evaluateForContract(const topicstats::RunContract &run, const std::string &input, bool strict) {
    auto inputs = findRunInputs(input);
    if (!inputs) return inputs.error();
    EvaluateOptions options;
    options.param_overrides = runParamOverrides(run);
    options.strict = strict;
    options.threads = 1;  // a fleet runs one recording per job already
    return evaluateRun(*inputs, options);
}

std::vector<RuleResult> judgeRunContract(const topicstats::RunContract &run, const Evaluation &e) {
    std::vector<RuleResult> out;
    RunJudge judge(e, out);
    bool stuck_judged = false;
    for (const RunLimit &l : run.limits) {
        if (l.name == "collision_threshold") judge.collision(l);
        if (l.name == "min_safe_clearance") judge.clearance(l);
        if (l.name == "max_speed_mps") judge.speed(l);
        if (l.name == "max_ate_m") judge.ate(l);
        if ((l.name == "stuck_window_s" || l.name == "stuck_progress_ratio") && !stuck_judged) {
            judge.stuck(run);
            stuck_judged = true;
        }
    }
    for (const topicstats::ForbiddenAnomaly &f : run.forbid)
        judge.noAnomaly("forbid", f.code, f.severity, f.line, f.code, "none");
    return out;
}

}  // namespace robometrics::evaluate
