#pragma once
// `bench compare BASE NEW`: did a change make navigation worse? Two benchmarks (main and a pull
// request, or two cells) are matched cell by cell; on every headline metric with a direction the
// difference NEW - BASE gets its bootstrap interval and Welch's test. A change is a regression
// when it goes the worse way, is significant (Welch p < alpha) and is at least the minimum effect
// (a share of the base mean, or an absolute amount in the metric's unit). Without enough runs
// (fewer than two in a cell) nothing can be called significant: the row says so.

#include <string>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/CellComparison.hpp"

namespace robometrics::bench {

struct GateOptions {
    std::vector<std::string> metrics;  ///< empty: every headline metric with a direction
    double alpha = 0.05;               ///< Welch's two-sided p below this is significant
    double min_relative = 0.05;        ///< an effect below this share of |base mean| is ignored
    double min_absolute = 0;           ///< ... and below this amount in the metric's unit
    /// Compare only this pair of cells (keys or 1-based numbers), e.g. two cells of one store.
    std::string base_cell, new_cell;
};

enum class GateVerdict { Regression, Improvement, NoSignificantChange, NotEnoughRuns };

struct GateRow {
    std::string cell;           ///< the base cell's key ("base -> new" when two different cells are compared)
    CellComparison comparison;  ///< a = NEW, b = BASE: differences are NEW - BASE
    double relative = 0;        ///< (NEW - BASE) / |BASE| of the means; NaN when BASE is 0
    GateVerdict verdict = GateVerdict::NoSignificantChange;
};

struct GateResult {
    std::vector<GateRow> rows;
    std::vector<std::string> only_in_base, only_in_new;  ///< cells that could not be matched
    int regressions = 0;

    /// A Markdown summary to paste into a review: the verdict line, then one table row per cell
    /// and metric (base, new, change with its interval, Welch p, verdict).
    std::string markdown(const std::string &base_name, const std::string &new_name) const;
};

GateResult compareBenchmarks(const BenchAggregates &base, const BenchAggregates &next, const GateOptions &options);

/// "regression", "improvement", "no significant change", "not enough runs".
const char *gateVerdictText(GateVerdict verdict);

}  // namespace robometrics::bench
