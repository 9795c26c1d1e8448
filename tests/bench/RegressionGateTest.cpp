#include <gtest/gtest.h>

#include "BenchTestRows.hpp"
#include "robometrics/bench/RegressionGate.hpp"

namespace robometrics::bench {
namespace {

constexpr const char *kAte = "trajectory.ate_se3.rmse";             // headline, lower is better
constexpr const char *kClearance = "traversal.min_clearance_m";     // headline, higher is better
constexpr const char *kCoverage = "map.coverage";                   // headline, higher is better
constexpr const char *kDistance = "traversal.distance_traveled_m";  // bookkeeping: never gated

/// Three runs of cell "world=office" with these values per metric, and one run of "world=maze".
BenchAggregates benchmark(const std::vector<double> &ate, const std::vector<double> &clearance,
                          const std::vector<double> &coverage) {
    test::Rows rows;
    for (std::size_t i = 0; i < ate.size(); ++i) {
        rows.add("world=office", "done",
                 {{kAte, ate[i]},
                  {kClearance, clearance[i]},
                  {kCoverage, coverage[i]},
                  {kDistance, 10.0 + static_cast<double>(i)}});
    }
    rows.add("world=maze", "done", {{kAte, 0.2}, {kClearance, 0.3}, {kCoverage, 0.5}, {kDistance, 5}});
    return aggregate(rows.jobs, rows.metrics);
}

const GateRow &row(const GateResult &r, const std::string &cell, const std::string &metric) {
    for (const GateRow &g : r.rows) {
        if (g.cell == cell && g.comparison.metric == metric) return g;
    }
    throw std::runtime_error("no row " + cell + " " + metric);
}

TEST(RegressionGate, APlantedRegressionIsFoundWithWelchsNumbers) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    const BenchAggregates next = benchmark({1.5, 1.6, 1.4}, {0.5, 0.55, 0.45}, {0.61, 0.612, 0.608});
    const GateResult r = compareBenchmarks(base, next, GateOptions{});
    // Headline metrics with a direction only (not the distance), both cells: 3 x 2 rows.
    EXPECT_EQ(r.rows.size(), 6u);
    const GateRow &ate = row(r, "world=office", kAte);
    // mean 1.5 vs 1.0, both sd 0.1, n 3: t = 0.5 / sqrt(0.01/3 + 0.01/3) = 6.1237, df = 4,
    // p = 2 (1 - F_4(t)) = 0.0036022326 (closed form of Student's t with 4 degrees of freedom).
    EXPECT_NEAR(ate.comparison.welch.t, 6.1237243570, 1e-9);
    EXPECT_NEAR(ate.comparison.welch.df, 4.0, 1e-12);
    EXPECT_NEAR(ate.comparison.welch.p_value, 0.0036022326, 1e-9);
    EXPECT_NEAR(ate.relative, 0.5, 1e-12);
    EXPECT_EQ(ate.verdict, GateVerdict::Regression);
    // Clearance went up by 0.2 m with the same spread: better, and as significant.
    EXPECT_EQ(row(r, "world=office", kClearance).verdict, GateVerdict::Improvement);
    // Coverage rose 0.01: significant by Welch (sd 0.002) but under 5 % of 0.6 (0.03): no change.
    EXPECT_LT(row(r, "world=office", kCoverage).comparison.welch.p_value, 0.05);
    EXPECT_EQ(row(r, "world=office", kCoverage).verdict, GateVerdict::NoSignificantChange);
    // One run per side cannot be significant.
    EXPECT_EQ(row(r, "world=maze", kAte).verdict, GateVerdict::NotEnoughRuns);
    EXPECT_EQ(r.regressions, 1);

    const std::string md = r.markdown("main", "pr");
    EXPECT_NE(md.find("**1 regression**, 1 improvement, 6 comparisons."), std::string::npos) << md;
    EXPECT_NE(md.find("| world=office | trajectory.ate_se3.rmse | 1 (n 3) | 1.5 (n 3) | 0.5 (+50.0 %) ["),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| 0.003602 | **regression** (lower is better) |"), std::string::npos) << md;
}

TEST(RegressionGate, TheSameResultsAreNoRegression) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    const GateResult r = compareBenchmarks(base, base, GateOptions{});
    EXPECT_EQ(r.regressions, 0);
    for (const GateRow &g : r.rows) EXPECT_NE(g.verdict, GateVerdict::Improvement) << g.comparison.metric;
    EXPECT_NE(r.markdown("a", "b").find("**No significant regression**, 0 improvements"), std::string::npos);
}

TEST(RegressionGate, ThresholdsMetricsAndCellPairs) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    const BenchAggregates next = benchmark({1.5, 1.6, 1.4}, {0.5, 0.55, 0.45}, {0.61, 0.612, 0.608});
    GateOptions o;
    o.metrics = {kAte};
    o.min_absolute = 0.6;  // the 0.5 m ATE change is below it
    EXPECT_EQ(compareBenchmarks(base, next, o).regressions, 0);
    o.min_absolute = 0;
    o.min_relative = 0.6;  // 50 % is below 60 %
    EXPECT_EQ(compareBenchmarks(base, next, o).regressions, 0);
    o.min_relative = 0.05;
    o.alpha = 0.001;  // p = 0.0036 is not below it
    EXPECT_EQ(compareBenchmarks(base, next, o).regressions, 0);

    // Two cells of one benchmark: the maze cell (one run) against the office one.
    GateOptions cells;
    cells.base_cell = "world=office";
    cells.new_cell = "2";
    const GateResult pair = compareBenchmarks(base, base, cells);
    ASSERT_FALSE(pair.rows.empty());
    EXPECT_EQ(pair.rows.front().cell, "world=office -> world=maze");
    cells.new_cell = "world=desert";
    const GateResult missing = compareBenchmarks(base, base, cells);
    EXPECT_TRUE(missing.rows.empty());
    EXPECT_EQ(missing.only_in_new, std::vector<std::string>{"world=desert"});
}

TEST(RegressionGate, CellsOnOneSideAreListed) {
    const BenchAggregates base = benchmark({1.0, 1.1, 0.9}, {0.3, 0.35, 0.25}, {0.60, 0.602, 0.598});
    test::Rows other;
    other.add("world=office", "done", {{kAte, 1.0}});
    other.add("world=city", "done", {{kAte, 1.0}});
    const GateResult r = compareBenchmarks(base, aggregate(other.jobs, other.metrics), GateOptions{});
    EXPECT_EQ(r.only_in_base, std::vector<std::string>{"world=maze"});
    EXPECT_EQ(r.only_in_new, std::vector<std::string>{"world=city"});
    EXPECT_NE(r.markdown("main", "pr").find("Only in pr: world=city"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::bench
