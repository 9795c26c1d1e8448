#pragma once
// The `run:` section of a `robometrics check` spec (docs/check.md, The run section): the
// recording is evaluated as `robometrics evaluate` does, with the section's limits as evaluate's
// own parameters, and each limit and forbidden anomaly code becomes a rule judged on that one
// evaluation. Nothing is measured here a second time: the rules read the Evaluation.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::evaluate {

/// The limits as evaluate's `-p name:=value` overrides.
std::vector<std::string> runParamOverrides(const topicstats::RunContract &run);

/// Evaluates `input` (a bag or a run folder) with the run's limits as parameters.
Result<Evaluation> evaluateForContract(const topicstats::RunContract &run, const std::string &input, bool strict);

/// Every limit (spec order; the stuck parameters make one rule), then every forbidden code; the
/// rules' topic is "run" and their times are on evaluate's run axis.
std::vector<topicstats::RuleResult> judgeRunContract(const topicstats::RunContract &run, const Evaluation &e);

}  // namespace robometrics::evaluate
