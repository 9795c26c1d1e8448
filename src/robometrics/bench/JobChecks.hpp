#pragma once
// The recording contract in a benchmark (a matrix's `check: spec.yaml`, docs/check.md "In bench"):
// each job's judged rules as stored in bench.sqlite and written to results.json, what a cell's
// runs failed ("2 of 3 runs fail /scan max_gap_s"), and the rules a cell or recording newly
// fails against another benchmark's (what `bench compare` lists and gates on).

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

/// {"error": null or why it could not be read, "rules": [every rule, as `check --json` has it]}.
nlohmann::json jobCheckJson(const JobCheck &check);
/// The stored form back; an error names what is wrong in it.
Result<JobCheck> jobCheckFromJson(const std::string &text);

/// results.json's per-job "check": counts and only the failed rules (the store keeps them all).
nlohmann::json jobCheckSummaryJson(const JobCheck &check);

/// One rule over the runs of a cell that judged it.
struct CellRuleCount {
    std::string topic, rule, limit;
    topicstats::Severity severity = topicstats::Severity::Error;
    int judged = 0;        ///< runs that judged the rule
    int failed = 0;        ///< of those, runs where it failed
    std::string measured;  ///< what the first failing run measured ("silent 2.7 s from 41.2 s to 43.9 s")
};

/// The contract over a cell's checked runs (done or failed jobs whose recording was checked).
struct CellCheck {
    int runs = 0;                      ///< runs checked
    int unreadable = 0;                ///< of those, recordings that could not be read
    std::vector<CellRuleCount> rules;  ///< in the order of the spec as the first run judged them

    bool failedAny() const;
    /// "3 runs hold every rule", or "2 of 3 runs fail /scan max_gap_s; 1 of 3 runs fails /imu
    /// rate_hz (warning)", with "1 of 3 recordings unreadable" first when one was.
    std::string text() const;
};

/// The cell's check, from the checks of its jobs; none when no job of the cell was checked.
std::optional<CellCheck> cellCheck(const std::vector<int> &cell_jobs, const std::map<int, JobCheck> &checks);

/// A rule that fails in NEW and held in BASE: failed in at least one run of the new cell, judged
/// in the base cell and held there in every run.
struct NewRuleFailure {
    std::string where;  ///< the recording or the cell, as the gate names it
    CellRuleCount next;
    int base_runs = 0;
};

/// The rules `next` newly fails against `base`, in `next`'s order; `where` names them.
std::vector<NewRuleFailure> newRuleFailures(const CellCheck &base, const CellCheck &next, const std::string &where);

}  // namespace robometrics::bench
