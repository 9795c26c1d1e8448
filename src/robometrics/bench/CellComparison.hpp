#pragma once
// The paired comparison of two configurations (cells) on one metric: both summaries, Welch's
// t-test and a bootstrap interval of the difference of means, and the verdict a person wants:
// which is better (the metric catalogue's direction), and is the difference real at the 5 % level.

#include <string>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/stats/BootstrapDifference.hpp"
#include "robometrics/bench/stats/WelchTest.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::bench {

struct CellComparison {
    std::string metric, cell_a, cell_b;
    evaluate::Direction direction = evaluate::Direction::None;
    SampleSummary a, b;
    WelchResult welch;                   ///< difference = mean(a) - mean(b)
    BootstrapResult bootstrap;           ///< interval of mean(a) - mean(b)
    bool welch_significant = false;      ///< p < 0.05
    bool bootstrap_significant = false;  ///< the interval excludes 0
    std::string better;  ///< cell_a, cell_b, or empty when the means are equal or the metric has no direction

    /// One sentence: "A is better on M by 0.12 (95 % CI 0.05..0.2); significant at 5 % (Welch p = 0.003)".
    std::string sentence() const;
};

/// Cells without values for the metric give NaN statistics and no significance.
CellComparison compareCells(const CellAggregate &a, const CellAggregate &b, const std::string &metric,
                            const BootstrapOptions &options = {});

}  // namespace robometrics::bench
