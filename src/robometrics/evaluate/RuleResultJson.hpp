#pragma once
// One judged rule of a recording contract as JSON, the form `check --json` prints and `bench`
// stores per job (docs/check.md, Outputs): {"topic", "rule", "limit", "severity", "passed",
// "measured", "value", "from_s", "to_s", "spec_line"}, and back.

#include <nlohmann/json.hpp>

#include "robometrics/core/Result.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::evaluate {

nlohmann::json ruleResultJson(const topicstats::RuleResult &rule);

/// The rule from its JSON; an error names the first key that is missing or of the wrong type.
Result<topicstats::RuleResult> ruleResultFromJson(const nlohmann::json &json);

}  // namespace robometrics::evaluate
