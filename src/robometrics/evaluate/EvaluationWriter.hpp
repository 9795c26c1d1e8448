#pragma once
// Writes an Evaluation into OUT_DIR: summary.json, one CSV per analysis, evaluation.mcap with
// the computed topics (/lost_detector/status, /statistics) and report.html.

#include <memory>
#include <string>

#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/evaluate/Evaluator.hpp"

namespace robometrics::evaluate {

/// An evaluation's output folder, written while the evaluation is finished: the files the pass
/// over the bag alone decides (traversal.csv, topic_stats.csv, lost.csv, and evaluation.mcap's lost
/// statuses and statistics windows) can be written beside the analyses that follow the pass
/// (evaluateRun's `pass_done`), the rest once the evaluation is complete. Every file goes into a
/// new folder beside OUT_DIR that replaces it at the end (core/AtomicFile.hpp, AtomicDirectory),
/// with the files the user keeps in OUT_DIR carried into it first (OutputFolder.hpp): OUT_DIR then
/// holds this run's files and the user's, and a failed run leaves it as it was.
class EvaluationWriter {
public:
    /// Checks OUT_DIR (checkOutputFolder) and makes the folder the files are written into first.
    static Result<EvaluationWriter> open(const std::string &out_dir);

    EvaluationWriter(EvaluationWriter &&) noexcept;
    EvaluationWriter &operator=(EvaluationWriter &&) noexcept;
    /// Waits for the files being written; without finish(), the new folder is removed.
    ~EvaluationWriter();

    /// Starts writing the pass's files on a thread of their own. Until finish() returns, `e` must
    /// stay where it is and the parts those files come from (traversal, topic_windows, lost,
    /// clock) unchanged; the rest of `e` may still be filled in.
    void startPassParts(const Evaluation &e);
    /// Starts writing ate.csv (when there is an ATE) on a thread of its own; the same terms, for
    /// e.trajectory and e.clock.
    void startTrajectoryParts(const Evaluation &e);
    /// Writes the other files (the pass's too, when startPassParts() was not called) and puts the
    /// folder in OUT_DIR's place.
    Status finish(const Evaluation &e);

private:
    struct State;
    explicit EvaluationWriter(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

/// EvaluationWriter's open() and finish(): every file at once.
Status writeEvaluation(const Evaluation &evaluation, const std::string &out_dir);

/// evaluateRun() into `e` (which must be empty) and its files into OUT_DIR, the pass's files
/// written beside the analyses after the pass: what `evaluate` and `bench` do. On an error OUT_DIR
/// is left as it was.
Status evaluateInto(const RunInputs &inputs, const EvaluateOptions &options, const std::string &out_dir,
                    Evaluation &e);

}  // namespace robometrics::evaluate
