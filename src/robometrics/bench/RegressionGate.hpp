#pragma once
// `bench compare BASE NEW`: did a change make navigation worse? A gate a team can leave on in CI:
// quiet when nothing changed, and loud on a real regression.
//
// - What is gated: the quality metrics of the catalogue (trajectory, map, safety, localization,
//   topic health and the verdict), each in its better direction. What the machine measured (CPU,
//   memory, run and CPU times) moves with the machine's load, not with the stack: it is reported
//   apart and gated only when asked, with its own minimum effect and significance level. Metrics
//   without a direction (durations, counts, stamps, path lengths) are never gated.
// - Cells with iterations are compared as independent samples: Welch's test and a bootstrap
//   interval of the difference of means.
// - A fleet of recordings (an axis of recordings in both benchmarks) is compared recording by
//   recording, paired by file name and the values of the other axes (a team re-records its
//   scenarios, or fixes their ground truth, under the same names); whether each pair's content
//   (SHA-256) changed is said. The differences NEW - BASE per recording get Wilcoxon's
//   signed-rank test and the paired t-test with its interval; the recordings whose verdict
//   turned from ok to a potential failure, and the largest changes of single recordings, are
//   listed first. A recording found on one side only makes the comparison partial: the first
//   line says so, and the gate fails unless GateOptions::allow_partial.
// - The p-values of one family (the quality rows, or the resource rows) are adjusted for the
//   number of tests (MultipleComparisons.hpp); a regression is an adjusted p below alpha together
//   with a change the worse way of at least the minimum effect.
//
// - A matrix with `check:` (docs/check.md, In bench): a rule that fails on a paired recording (or
//   cell) of NEW and held on every run of it in BASE is listed; a newly failing error rule fails
//   the gate, a newly failing warning is only listed.
//
// Exit 1 (GateResult::failed) on a gated regression, a recording with a new potential failure or
// a newly failing error rule of the contract.

#include <map>
#include <string>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/stats/MultipleComparisons.hpp"
#include "robometrics/bench/stats/PairedTests.hpp"
#include "robometrics/bench/stats/SampleSummary.hpp"
#include "robometrics/bench/stats/WelchTest.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::bench {

/// How the two benchmarks are matched: by recording when both are fleets holding the same
/// recordings (auto), always by cell, or by recording (an error when nothing pairs).
enum class Pairing { Auto, Cells, Recordings };

struct GateOptions {
    /// Metrics to gate; empty: every quality metric of the catalogue with a direction
    /// (MetricInfo::gatedByDefault) that both benchmarks have values for. A machine-measured
    /// metric named here is gated with the resource thresholds.
    std::vector<std::string> metrics;
    double alpha = 0.05;         ///< significance level of the quality family (adjusted p)
    double min_relative = 0.05;  ///< an effect below this share of |base mean| is no regression
    double min_absolute = 0;     ///< ... nor one below this amount in the metric's unit
    /// Gate the machine-measured metrics with a direction too (CPU, memory, CPU time), as a
    /// family of their own with the thresholds below (asv's and hyperfine's comparisons: a change
    /// counts when it is significant and larger than a factor).
    bool gate_resources = false;
    double resource_alpha = 0.01;
    double resource_min_relative = 0.10;
    Correction correction = Correction::BenjaminiHochberg;
    Pairing pairing = Pairing::Auto;
    /// Compare only this pair of cells (keys or 1-based numbers), e.g. two cells of one store.
    std::string base_cell, new_cell;
    /// Pass a fleet comparison that left recordings out (found on one side only).
    bool allow_partial = false;
};

enum class GateVerdict { Regression, Improvement, NoSignificantChange, NotEnoughRuns, Context };

struct GateRow {
    /// Cells: the base cell's key ("base -> new" for two different cells). Recordings: the values
    /// of the other axes ("" when the recordings are the only axis).
    std::string cell;
    std::string metric;
    evaluate::Direction direction = evaluate::Direction::None;
    bool resource = false;               ///< machine-measured (MetricInfo::machineMeasured)
    bool gated = true;                   ///< counts towards the exit code
    bool paired = false;                 ///< over recordings (Wilcoxon, paired t), else over runs (Welch)
    SampleSummary base, next;            ///< the runs of the cell, or the per-recording values
    double change = NAN;                 ///< NEW mean - BASE mean (paired: the mean of the differences)
    double relative = NAN;               ///< change / |BASE mean|; NaN when BASE's mean is 0
    double ci_low = NAN, ci_high = NAN;  ///< 95 % interval of the change: bootstrap, or paired t
    double p_value = NAN;                ///< Welch's, or Wilcoxon's signed-rank (paired)
    /// The smallest p the test could give on these data (Wilcoxon: 2 / 2^n for n non-zero
    /// differences; 1 for samples that are one and the same constant).
    double min_attainable_p = 0;
    double adjusted_p = NAN;  ///< within its family; NaN when the test could not reject at alpha
    WelchResult welch;        ///< cells
    WilcoxonResult wilcoxon;  ///< recordings
    PairedTResult paired_t;   ///< recordings
    GateVerdict verdict = GateVerdict::NoSignificantChange;
};

/// A recording whose verdict changed (fleets), or one change of one metric on one recording.
struct RecordingChange {
    std::string recording;  ///< its path relative to the fleet's common folder (and the other axes)
    std::string metric;     ///< empty for a verdict change
    double base = NAN, next = NAN, relative = NAN;
    bool worse = false;
    std::string base_verdict, new_verdict;  ///< verdict changes
    std::string new_anomalies;              ///< codes NEW has and BASE has not ("collision, pose_jump")
    std::string base_report, new_report;    ///< jobs/NNNN/eval/report.html under each benchmark
};

struct GateResult {
    std::vector<GateRow> rows;  ///< quality rows, then resources, each in cell and catalogue order
    bool paired = false;        ///< compared recording by recording
    int recordings_paired = 0;
    std::vector<std::string> recordings_changed;         ///< paired by name, their content (SHA-256) differs
    std::vector<std::string> only_in_base, only_in_new;  ///< cells or recordings that could not be matched
    std::vector<RecordingChange> verdict_changes;        ///< new potential failures first, then fixed ones
    std::vector<RecordingChange> largest_changes;  ///< per recording and metric, worse first, at most kLargestChanges
    int regressions = 0;                           ///< gated rows with the verdict regression
    int new_problems = 0;                          ///< recordings whose verdict turned into a potential failure
    /// Contract rules (a matrix's `check:`) that fail in NEW and held in BASE, per paired recording
    /// or cell; only the error rules among them fail the gate (a warning is listed, as `check`
    /// exits 0 on warnings).
    std::vector<NewRuleFailure> new_rule_failures;
    int new_rule_errors = 0;
    GateOptions options;

    /// A fleet compared in part: recordings found on one side only were left out.
    bool partial() const { return paired && (!only_in_base.empty() || !only_in_new.empty()); }
    /// How many recordings the two sides hold together (paired ones once).
    std::size_t fleetSize() const {
        return static_cast<std::size_t>(recordings_paired) + only_in_base.size() + only_in_new.size();
    }
    bool failed() const {
        return regressions > 0 || new_problems > 0 || new_rule_errors > 0 || (partial() && !options.allow_partial);
    }

    /// The Markdown summary for a pull request: the verdict line, the verdict changes and the
    /// largest changes per recording (fleets), the gated quality table, the resources, and how
    /// the p-values were adjusted.
    std::string markdown(const std::string &base_name, const std::string &new_name) const;
};

inline constexpr std::size_t kLargestChanges = 10;

/// One benchmark as the gate reads it (BenchStore's LoadedBench provides it).
struct GateInput {
    std::string name;  ///< the benchmark's directory as given: reports are linked below it
    const BenchAggregates *aggregates = nullptr;
    const std::vector<JobRecord> *jobs = nullptr;                ///< for fleets: verdicts and anomalies
    const std::map<int, RecordingDigest> *recordings = nullptr;  ///< for fleets
    std::vector<std::string> axes;                               ///< axis names in matrix order
    std::string recordings_axis;                                 ///< empty when not a fleet
};

GateResult compareBenchmarks(const GateInput &base, const GateInput &next, const GateOptions &options);

/// Cells only, from the aggregates (what the tests of the statistics use).
GateResult compareBenchmarks(const BenchAggregates &base, const BenchAggregates &next, const GateOptions &options);

/// "regression", "improvement", "no significant change", "not enough runs", "context".
const char *gateVerdictText(GateVerdict verdict);

}  // namespace robometrics::bench
