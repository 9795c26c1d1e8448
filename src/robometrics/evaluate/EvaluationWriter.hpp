#pragma once
// Writes an Evaluation into OUT_DIR: summary.json, one CSV per analysis, evaluation.mcap with
// the computed topics (/lost_detector/status, /statistics) and report.html.

#include <string>

#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

/// Writes every file into a new folder beside `out_dir` and swaps it in for `out_dir` at the end
/// (core/AtomicFile.hpp, AtomicDirectory): OUT_DIR then holds exactly this run's files.
Status writeEvaluation(const Evaluation &evaluation, const std::string &out_dir);

/// Whether `out_dir` may be replaced: absent, empty, or an earlier evaluate output (it holds
/// summary.json). Anything else is refused, so a mistyped -o never deletes other data.
Status checkOutputDirectory(const std::string &out_dir);

}  // namespace robometrics::evaluate
