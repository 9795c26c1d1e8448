#include <gtest/gtest.h>

#include "BenchTestRows.hpp"
#include "robometrics/bench/CellComparison.hpp"

namespace robometrics::bench {
namespace {

using CellValues = std::pair<std::string, std::vector<double>>;

/// Two cells with one done job per value of `metric`.
BenchAggregates twoCellsOn(const std::string &metric, const CellValues &a, const CellValues &b) {
    test::Rows rows;
    for (const CellValues &cell : {a, b}) {
        for (double v : cell.second) rows.add(cell.first, bench::JobStatus::done, {{metric, v}});
    }
    return aggregate(rows.jobs, rows.metrics);
}

TEST(CellComparison, ClearDifferenceIsSignificant) {
    const BenchAggregates agg = twoCellsOn("trajectory.ate_se3.rmse", {"slam=a", {0.30, 0.32, 0.31, 0.33}},
                                           {"slam=b", {0.10, 0.12, 0.11, 0.13}});
    const CellComparison c = compareCells(agg.cells[0], agg.cells[1], "trajectory.ate_se3.rmse");
    EXPECT_EQ(c.better, "slam=b");  // lower ATE
    EXPECT_NEAR(c.welch.difference, 0.2, 1e-12);
    // Same spread in both, so t = 0.2 / sqrt(2 * var / 4) with var = 0.0005/3; df = 6.
    EXPECT_NEAR(c.welch.df, 6.0, 1e-9);
    EXPECT_NEAR(c.welch.t, 0.2 / std::sqrt(2 * (0.0005 / 3) / 4), 1e-9);
    EXPECT_TRUE(c.welch_significant);
    EXPECT_TRUE(c.bootstrap_significant);
    EXPECT_GT(c.bootstrap.ci_low, 0.0);
    EXPECT_NE(c.sentence().find("slam=b is better"), std::string::npos);
    EXPECT_NE(c.sentence().find("significant at 5 %"), std::string::npos);
}

TEST(CellComparison, OverlapIsNotSignificant) {
    const BenchAggregates agg = twoCellsOn("map.coverage", {"p=1", {0.8, 0.6, 0.7}}, {"p=2", {0.75, 0.65, 0.72}});
    const CellComparison c = compareCells(agg.cells[0], agg.cells[1], "map.coverage");
    EXPECT_EQ(c.direction, evaluate::Direction::HigherIsBetter);
    EXPECT_EQ(c.better, "p=2");  // 0.7067 > 0.7
    EXPECT_FALSE(c.welch_significant);
    EXPECT_FALSE(c.bootstrap_significant);
    EXPECT_NE(c.sentence().find("not significant"), std::string::npos);
    const CellComparison none = compareCells(agg.cells[0], agg.cells[1], "absent");
    EXPECT_NE(none.sentence().find("no values"), std::string::npos);
}

TEST(CellComparison, AMetricWithoutDirectionHasNoBetterCell) {
    const BenchAggregates agg =
        twoCellsOn("traversal.distance_traveled_m", {"p=1", {10.0, 11.0, 12.0}}, {"p=2", {20.0, 21.0, 22.0}});
    const CellComparison c = compareCells(agg.cells[0], agg.cells[1], "traversal.distance_traveled_m");
    EXPECT_EQ(c.direction, evaluate::Direction::None);
    EXPECT_EQ(c.better, "");
    EXPECT_TRUE(c.welch_significant);  // the statistics are still there
    EXPECT_EQ(c.sentence().rfind("p=1 minus p=2 on traversal.distance_traveled_m is -10 (not ranked: no direction in "
                                 "the metric catalogue); the difference is significant at 5 %",
                                 0),
              0u)
        << c.sentence();
}

}  // namespace
}  // namespace robometrics::bench
