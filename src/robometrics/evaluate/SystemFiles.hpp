#pragma once
// Reads what `robometrics run` wrote: run.json and system.csv.

#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

Result<SystemResult> readSystemFiles(const RunInputs &inputs);

}  // namespace robometrics::evaluate
