#pragma once
// A ranking of the cells on one metric, best mean first (the metric catalogue's direction
// decides), with each cell's 95 % interval and whether it is distinguishable from the leader
// (Welch, 5 %). Metrics without a direction (bookkeeping, or not in the catalogue) get no board.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::bench {

struct LeaderboardRow {
    int rank = 0;  ///< 1 = best; cells with equal means share a rank
    const CellAggregate *cell = nullptr;
    SampleSummary summary;
    double p_vs_best = NAN;        ///< Welch two-sided p against rank 1's values; NaN for the leader
    bool worse_than_best = false;  ///< p_vs_best < 0.05
};

struct Leaderboard {
    std::string metric;
    evaluate::Direction direction = evaluate::Direction::LowerIsBetter;
    std::vector<LeaderboardRow> rows;  ///< cells without a value for the metric are left out
};

/// Significance level of every test in `bench report`.
inline constexpr double kAlpha = 0.05;

/// Empty for a metric the catalogue gives no direction: ranking it would be a guess.
std::optional<Leaderboard> leaderboard(const BenchAggregates &aggregates, const std::string &metric);

}  // namespace robometrics::bench
