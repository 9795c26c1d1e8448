#pragma once
// `robometrics check` (docs/check.md): one pass over each recording measures every topic
// (topicstats::TopicMeasurer: count, rate, longest silence, stamp latency, frames; type and QoS
// from the bag's declarations), then the contract's rules are judged on it. A fleet is checked on
// `jobs` threads, one recording each; the verdicts come back in the order of the inputs.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/topicstats/RecordingContract.hpp"

namespace robometrics::evaluate {

/// What the pass decodes beyond log times and header stamps: only what a rule needs, so that a
/// spec without per-message rules costs what `robometrics info` does.
struct MeasureOptions {
    /// Patterns of the LaserScan topics whose valid ranges are counted (ScanValidity).
    std::vector<std::string> scan_validity;
    /// The robot's motion from its odometry (RecordingMeasurement::moving).
    bool motion = false;

    /// What the rules of `contract` need.
    static MeasureOptions forContract(const topicstats::RecordingContract &contract);
    /// Every LaserScan and the motion: what `check --init` writes rules from.
    static MeasureOptions everything();
};

/// What one recording got.
struct RecordingVerdict {
    std::string recording;              ///< as given (a bag, or a run folder)
    std::optional<std::string> error;   ///< it could not be read: no rule was judged
    std::vector<std::string> warnings;  ///< read up to damage (bag::damageWarning)
    topicstats::RecordingMeasurement measurement;
    std::vector<topicstats::RuleResult> rules;
    double seconds = 0;  ///< the wall time its check took (read, judged, and evaluated for `run:`)

    /// Whether it passes: readable, and no error rule (nor warning, when asked) failed.
    bool passed(bool warnings_as_errors) const;
};

/// Measures every topic of the bag (or the one bag of a run folder) in one pass. A damaged bag
/// is read up to the damage with a warning, unless `strict`.
Result<topicstats::RecordingMeasurement> measureRecording(const std::string &input, bool strict,
                                                          std::vector<std::string> &warnings);
/// The same, decoding what `what` asks for in the same pass.
Result<topicstats::RecordingMeasurement> measureRecording(const std::string &input, bool strict,
                                                          std::vector<std::string> &warnings,
                                                          const MeasureOptions &what);

/// Measures and judges one recording; a read error is part of the verdict, not a failure here.
/// With a `run:` section the recording is also evaluated (evaluate::evaluateRun, the library
/// call of `robometrics evaluate`) and its rules judged on that evaluation (RunContractCheck).
RecordingVerdict checkRecording(const topicstats::RecordingContract &contract, const std::string &input, bool strict);

/// Every recording, `jobs` at a time (at least 1); verdicts in input order. `done` is told of
/// each verdict as it is ready (from the worker threads, one at a time).
std::vector<RecordingVerdict> checkFleet(const topicstats::RecordingContract &contract,
                                         const std::vector<std::string> &inputs, int jobs, bool strict,
                                         const std::function<void(const RecordingVerdict &)> &done = {});

/// INPUTs with their globs expanded (a quoted `runs/*.mcap` in a CI job), in sorted order; an
/// input without glob characters is kept as it is. A glob that matches nothing is an error.
Result<std::vector<std::string>> expandCheckInputs(const std::vector<std::string> &inputs);

}  // namespace robometrics::evaluate
