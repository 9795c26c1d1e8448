#pragma once
// The anomaly rules of the evaluate pass (docs/architecture.md, "The evaluate pass"): each rule
// reads the results of the analyses (an Evaluation without anomalies) and raises anomalies, or
// notes why it could not judge. A new rule is a function of the AnomalyRule shape added to
// anomalyRules(); the verdict and every output pick its anomalies up.

#include <string>
#include <vector>

#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/evaluate/RunSetup.hpp"

namespace robometrics::evaluate {

/// What the rules raised, in the order raised, and the notes of checks that could not judge.
struct Findings {
    std::vector<slam::Anomaly> anomalies;
    std::vector<std::string> notes;

    /// Adds an anomaly and returns it (to set its end time or informs_only).
    slam::Anomaly &raise(std::string code, std::string message, double value, double threshold,
                         std::optional<double> time_s = std::nullopt,
                         std::vector<std::pair<std::string, double>> evidence = {});
};

/// The thresholds the rules judge on (RunSetup::checks) and the user's budgets.
struct RuleLimits {
    RunChecks checks;
    double topic_drop_ratio = 0.05;     ///< EvaluateOptions::topic_drop_ratio
    double cpu_budget_percent = 100.0;  ///< EvaluateOptions::cpu_budget_percent
};

/// One rule: reads `e` (and the findings of the rules before it), adds to `found`.
using AnomalyRule = void (*)(const Evaluation &e, const RuleLimits &limits, Findings &found);

/// The rules in the order they run (the order of the anomalies in every output).
const std::vector<AnomalyRule> &anomalyRules();

/// Every rule of anomalyRules() on `e`.
Findings runAnomalyRules(const Evaluation &e, const RuleLimits &limits);

/// Each anomaly of a multi-robot run (`robots` not empty) without a robot gets the one whose
/// namespace its message names (`/robot2/...`), or the only one when `--robot` named it.
void nameRobots(const std::vector<RobotJudgement> &robots, std::vector<slam::Anomaly> &anomalies);

/// What a recording cut short or damaged means for the evaluation: its caveat, an informing
/// `recording_damaged` anomaly per stretch skipped, and `recording_truncated` (or
/// `recording_damaged`) when reading stopped before the end. `clock` is the run's, finished.
struct DamageFindings {
    Findings found;
    std::string caveat;
    std::vector<bag::LostSpan> lost_spans;  ///< the stretches skipped
};
DamageFindings damageFindings(const bag::ReadDamage &damage, const RunClock &clock, TimeNs start_time);

}  // namespace robometrics::evaluate
