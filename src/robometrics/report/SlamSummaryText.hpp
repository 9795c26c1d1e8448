#pragma once
// The text summaries `map-eval` and `slam-eval` print, rendered from their --json documents
// (slam::mapEvalToJson, slam::slamRunToJson) so the text and the JSON cannot disagree. Figures
// print with four decimals; a figure that does not exist (null) prints as "n/a".

#include <nlohmann/json.hpp>
#include <string>

namespace robometrics::report {

/// Several lines, each ending in a newline.
std::string mapEvalSummaryText(const nlohmann::json &metrics);

/// Several lines, each ending in a newline.
std::string slamEvalSummaryText(const nlohmann::json &run);

}  // namespace robometrics::report
