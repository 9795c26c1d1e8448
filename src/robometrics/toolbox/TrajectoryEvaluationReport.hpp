#pragma once
// What an ape/rpe run reports (TrajectoryEvaluation.hpp): the title, the summary as text and as
// JSON, the results file for `robometrics res` (our JSON, schema in docs/ape.md, or evo's zip), and
// the files of -o DIR, --plot and --save_plot (the aligned estimate as TUM, the errors as CSV, the
// two plots).

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/TimeOffsetEstimator.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"
#include "robometrics/toolbox/TrajectoryEvaluation.hpp"

namespace robometrics::toolbox {

/// What the reports echo besides the result: the options with evo's words translated (align,
/// relation), the trajectories' names, the offset used and the run's warnings.
struct TrajectoryEvaluationContext {
    TrajectoryEvaluationOptions options;
    std::string ref, est;
    double t_offset = 0.0;  ///< seconds, resolved from options.t_offset
    std::optional<slam::TimeOffsetEstimate> offset_estimate;
    std::vector<std::string> warnings;
};

/// "APE w.r.t. trans (m) (alignment: se3)", with RPE's delta.
std::string evaluationTitle(const TrajectoryEvaluationOptions &o);

/// The statistics, association, alignment, time offset and warnings (and the per-pose errors with
/// --errors): what --json prints.
nlohmann::json evaluationJson(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r);

/// The title, the association, the alignment and the statistics, one per line.
std::string evaluationText(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r);

/// The results file: `summary` with the per-pose arrays and an info block.
nlohmann::json resultsJson(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r,
                           const nlohmann::json &summary);

/// True when --save_results FILE names evo's result zip (a `.zip` extension, any case); other
/// names get our JSON results file.
bool isEvoResultPath(const std::string &path);

/// Writes what the options ask for: -o DIR, --plot, --save_plot, --save_results (evo's zip for
/// FILE.zip, io/EvoResultZip.hpp; our JSON otherwise).
Status writeEvaluationOutputs(const TrajectoryEvaluationContext &c, const slam::TrajectoryErrorResult &r,
                              const nlohmann::json &summary);

}  // namespace robometrics::toolbox
