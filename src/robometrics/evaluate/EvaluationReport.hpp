#pragma once
// Turns an Evaluation into the self-contained report.html: verdict banner, headline metrics,
// and inline SVG plots of every analysis that ran.

#include <string>

#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

std::string renderReport(const Evaluation &evaluation);

}  // namespace robometrics::evaluate
