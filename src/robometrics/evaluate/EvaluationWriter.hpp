#pragma once
// Writes an Evaluation into OUT_DIR: summary.json, one CSV per analysis, evaluation.mcap with
// the computed topics (/lost_detector/status, /statistics) and report.html.

#include <string>

#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

Status writeEvaluation(const Evaluation &evaluation, const std::string &out_dir);

}  // namespace robometrics::evaluate
