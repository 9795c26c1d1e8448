#pragma once
// The few lines `evaluate` prints when it is done: the verdict and each anomaly, then one line
// per analysis with only what was measured (a missing input is "not evaluated", never a 0).

#include <string>

#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

std::string evaluationHeadlines(const Evaluation &e, const std::string &out_dir);

}  // namespace robometrics::evaluate
