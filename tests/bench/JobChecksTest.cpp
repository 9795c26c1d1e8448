#include <gtest/gtest.h>

#include "robometrics/bench/JobChecks.hpp"

namespace robometrics::bench {
namespace {

using topicstats::RuleResult;
using topicstats::Severity;

RuleResult judged(const std::string &topic, const std::string &rule, bool passed, Severity severity = Severity::Error) {
    RuleResult r;
    r.topic = topic;
    r.rule = rule;
    r.limit = rule == "max_gap_s" ? "0.5" : rule == "rate_hz" ? "10 ± 10 %" : "";
    r.passed = passed;
    r.severity = severity;
    r.measured = passed ? "fine" : "silent 2.7 s from 41.2 s to 43.9 s";
    r.line = 4;
    return r;
}

/// Three runs of a cell: /scan's gap fails in runs 0 and 2, /imu's rate (a warning) in run 1.
std::map<int, JobCheck> threeRuns() {
    std::map<int, JobCheck> checks;
    checks[0].rules = {judged("/scan", "required", true), judged("/scan", "max_gap_s", false),
                       judged("/imu", "rate_hz", true, Severity::Warning)};
    checks[1].rules = {judged("/scan", "required", true), judged("/scan", "max_gap_s", true),
                       judged("/imu", "rate_hz", false, Severity::Warning)};
    checks[2].rules = {judged("/scan", "required", true), judged("/scan", "max_gap_s", false),
                       judged("/imu", "rate_hz", true, Severity::Warning)};
    return checks;
}

TEST(JobChecks, ACellCountsTheRunsFailingEachRule) {
    auto cell = cellCheck({0, 1, 2, 7}, threeRuns());  // job 7 was not checked (it failed to run)
    ASSERT_TRUE(cell.has_value());
    EXPECT_EQ(cell->runs, 3);
    ASSERT_EQ(cell->rules.size(), 3u);
    EXPECT_EQ(cell->rules[1].rule, "max_gap_s");
    EXPECT_EQ(cell->rules[1].judged, 3);
    EXPECT_EQ(cell->rules[1].failed, 2);
    EXPECT_EQ(cell->rules[1].measured, "silent 2.7 s from 41.2 s to 43.9 s");
    EXPECT_TRUE(cell->failedAny());
    EXPECT_EQ(cell->text(), "2 of 3 runs fail /scan max_gap_s; 1 of 3 runs fails /imu rate_hz (warning)");
}

TEST(JobChecks, ACellThatHoldsSaysSoAndOneWithoutChecksHasNone) {
    std::map<int, JobCheck> checks;
    checks[4].rules = {judged("/scan", "required", true)};
    checks[5].rules = {judged("/scan", "required", true)};
    EXPECT_EQ(cellCheck({4, 5}, checks)->text(), "2 runs hold every rule");
    EXPECT_EQ(cellCheck({4}, checks)->text(), "1 run holds every rule");
    EXPECT_FALSE(cellCheck({9}, checks).has_value());
    checks[6].error = "x.mcap: not a bag";
    EXPECT_EQ(cellCheck({4, 6}, checks)->text(), "1 of 2 recordings unreadable");
}

TEST(JobChecks, NewFailuresAreRulesThatHeldInEveryBaseRun) {
    std::map<int, JobCheck> base_checks, new_checks = threeRuns();
    base_checks[0].rules = {judged("/scan", "required", true), judged("/scan", "max_gap_s", true),
                            judged("/imu", "rate_hz", false, Severity::Warning)};
    base_checks[1].rules = base_checks[0].rules;
    const auto base = cellCheck({0, 1}, base_checks), next = cellCheck({0, 1, 2}, new_checks);
    const auto failures = newRuleFailures(*base, *next, "office.mcap");
    // /imu rate_hz failed in the base too: not new. /scan max_gap_s held in both base runs.
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(failures[0].where, "office.mcap");
    EXPECT_EQ(failures[0].next.topic, "/scan");
    EXPECT_EQ(failures[0].next.rule, "max_gap_s");
    EXPECT_EQ(failures[0].next.failed, 2);
    EXPECT_EQ(failures[0].base_runs, 2);
    // A rule the base never judged (another spec) is not "newly" failing.
    std::map<int, JobCheck> other;
    other[0].rules = {judged("/scan", "required", true)};
    EXPECT_TRUE(newRuleFailures(*cellCheck({0}, other), *next, "office.mcap").empty());
}

TEST(JobChecks, TheStoredFormRoundTripsAndResultsJsonKeepsOnlyTheFailures) {
    JobCheck check = threeRuns()[0];
    check.rules[1].value = 2.7;
    check.rules[1].from_s = 41.2;
    check.rules[1].to_s = 43.9;
    auto back = jobCheckFromJson(jobCheckJson(check).dump());
    ASSERT_TRUE(back.ok()) << back.message();
    ASSERT_EQ(back->rules.size(), 3u);
    EXPECT_FALSE(back->error.has_value());
    EXPECT_EQ(back->rules[1].measured, "silent 2.7 s from 41.2 s to 43.9 s");
    EXPECT_EQ(back->rules[1].limit, "0.5");
    EXPECT_EQ(back->rules[1].line, 4);
    EXPECT_DOUBLE_EQ(*back->rules[1].to_s, 43.9);
    EXPECT_FALSE(back->rules[0].value.has_value());
    EXPECT_EQ(back->rules[2].severity, Severity::Warning);
    const nlohmann::json summary = jobCheckSummaryJson(check);
    EXPECT_EQ(summary["rules_total"], 3);
    EXPECT_EQ(summary["rules_held"], 2);
    EXPECT_EQ(summary["errors_failed"], 1);
    EXPECT_EQ(summary["warnings_failed"], 0);
    ASSERT_EQ(summary["failed"].size(), 1u);
    EXPECT_EQ(summary["failed"][0]["rule"], "max_gap_s");
    EXPECT_EQ(summary["failed"][0]["from_s"], 41.2);
    EXPECT_FALSE(jobCheckFromJson("{\"rules\": [{\"topic\": 3}]}").ok());
}

}  // namespace
}  // namespace robometrics::bench
