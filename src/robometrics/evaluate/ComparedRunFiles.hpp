#pragma once
// The inputs of `robometrics compare`: the summary.json of each output directory that
// `robometrics evaluate` wrote (docs/compare.md).

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/evaluate/Comparison.hpp"

namespace robometrics::evaluate {

/// DIR/summary.json of every directory, in order, named by the directory. Errors name the file
/// that cannot be read or is not a JSON object.
Result<std::vector<ComparedRun>> readComparedRuns(const std::vector<std::string> &dirs);

}  // namespace robometrics::evaluate
