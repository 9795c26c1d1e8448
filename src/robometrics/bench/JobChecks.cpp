#include "robometrics/bench/JobChecks.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "robometrics/evaluate/RuleResultJson.hpp"

namespace robometrics::bench {

namespace {

using topicstats::RuleResult;
using topicstats::Severity;

/// Two runs' rules are the same rule when they name the same topic and rule (a limit that changed
/// between two benchmarks' specs is still the rule the team means).
bool sameRule(const CellRuleCount &count, const std::string &topic, const std::string &rule) {
    return count.topic == topic && count.rule == rule;
}

std::string runCount(int n) { return fmt::format("{} run{}", n, n == 1 ? "" : "s"); }

}  // namespace

nlohmann::json jobCheckJson(const JobCheck &check) {
    nlohmann::json rules = nlohmann::json::array();
    for (const RuleResult &r : check.rules) rules.push_back(evaluate::ruleResultJson(r));
    return {{"error", check.error ? nlohmann::json(*check.error) : nlohmann::json()}, {"rules", std::move(rules)}};
}

Result<JobCheck> jobCheckFromJson(const std::string &text) {
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object() || !json.contains("rules") || !json["rules"].is_array()) {
        return Error{"a stored check: expected {\"error\", \"rules\": [...]}"};
    }
    JobCheck check;
    if (json.contains("error") && json["error"].is_string()) check.error = json["error"].get<std::string>();
    for (const nlohmann::json &rule : json["rules"]) {
        auto r = evaluate::ruleResultFromJson(rule);
        if (!r) return Error{"a stored check: " + r.message()};
        check.rules.push_back(std::move(*r));
    }
    return check;
}

nlohmann::json jobCheckSummaryJson(const JobCheck &check) {
    std::size_t held = 0, errors = 0, warnings = 0;
    nlohmann::json failed = nlohmann::json::array();
    for (const RuleResult &r : check.rules) {
        if (r.passed) {
            ++held;
            continue;
        }
        ++(r.severity == Severity::Error ? errors : warnings);
        failed.push_back(evaluate::ruleResultJson(r));
    }
    return {{"error", check.error ? nlohmann::json(*check.error) : nlohmann::json()},
            {"rules_total", check.rules.size()},
            {"rules_held", held},
            {"errors_failed", errors},
            {"warnings_failed", warnings},
            {"failed", std::move(failed)}};
}

bool CellCheck::failedAny() const {
    return unreadable > 0 ||
           std::any_of(rules.begin(), rules.end(), [](const CellRuleCount &r) { return r.failed > 0; });
}

std::string CellCheck::text() const {
    std::vector<std::string> parts;
    if (unreadable > 0) parts.push_back(fmt::format("{} of {} recordings unreadable", unreadable, runs));
    for (const CellRuleCount &r : rules) {
        if (r.failed == 0) continue;
        parts.push_back(fmt::format("{} of {} fail{} {} {}{}", r.failed, runCount(r.judged), r.failed == 1 ? "s" : "",
                                    r.topic, r.rule, r.severity == Severity::Warning ? " (warning)" : ""));
    }
    if (parts.empty()) return runCount(runs) + (runs == 1 ? " holds" : " hold") + " every rule";
    std::string out;
    for (const std::string &p : parts) out += (out.empty() ? "" : "; ") + p;
    return out;
}

std::optional<CellCheck> cellCheck(const std::vector<int> &cell_jobs, const std::map<int, JobCheck> &checks) {
    CellCheck cell;
    for (int index : cell_jobs) {
        auto found = checks.find(index);
        if (found == checks.end()) continue;
        const JobCheck &check = found->second;
        ++cell.runs;
        if (check.error) ++cell.unreadable;
        for (const RuleResult &r : check.rules) {
            auto count = std::find_if(cell.rules.begin(), cell.rules.end(),
                                      [&](const CellRuleCount &c) { return sameRule(c, r.topic, r.rule); });
            if (count == cell.rules.end()) {
                cell.rules.push_back(CellRuleCount{r.topic, r.rule, r.limit, r.severity, 0, 0, {}});
                count = cell.rules.end() - 1;
            }
            ++count->judged;
            if (!r.passed && count->failed++ == 0) count->measured = r.measured;
        }
    }
    if (cell.runs == 0) return std::nullopt;
    return cell;
}

std::vector<NewRuleFailure> newRuleFailures(const CellCheck &base, const CellCheck &next, const std::string &where) {
    std::vector<NewRuleFailure> out;
    for (const CellRuleCount &r : next.rules) {
        if (r.failed == 0) continue;
        auto before = std::find_if(base.rules.begin(), base.rules.end(),
                                   [&](const CellRuleCount &c) { return sameRule(c, r.topic, r.rule); });
        if (before == base.rules.end() || before->judged == 0 || before->failed > 0) continue;
        out.push_back(NewRuleFailure{where, r, before->judged});
    }
    return out;
}

}  // namespace robometrics::bench
