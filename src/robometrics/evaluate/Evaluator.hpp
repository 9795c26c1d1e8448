#pragma once
// Runs every analysis that applies to a run, as a short sequence of stages (docs/architecture.md,
// "The evaluate pass"): the inputs (RunSetup), one pass over the bag with the nodes (BagPass),
// activity and topic health (ActivityStage), motion, trajectory and map (TrajectoryStage), the
// anomaly rules (AnomalyRules), and what the verdict rests on (CoreChecks); resource use comes
// from run.json/system.csv. The outputs are written by EvaluationWriter.

#include <functional>

#include "robometrics/evaluate/EvaluateOptions.hpp"
#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

Result<Evaluation> evaluateRun(const RunInputs &inputs, const EvaluateOptions &options);

/// evaluateRun() into `e`, calling `pass_done` (when given) once what the pass over the bag alone
/// decides is final: e.traversal, e.topic_windows, e.lost and e.clock are not changed after it,
/// nor `e` moved, so their files can be written while the analyses after the pass run
/// (EvaluationWriter::startPassParts). `trajectory_done` (when given) is called likewise once
/// e.trajectory is final (EvaluationWriter::startTrajectoryParts). `e` must be empty on entry.
Status evaluateRun(const RunInputs &inputs, const EvaluateOptions &options, Evaluation &e,
                   const std::function<void(const Evaluation &)> &pass_done,
                   const std::function<void(const Evaluation &)> &trajectory_done = {});

}  // namespace robometrics::evaluate
