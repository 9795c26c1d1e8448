#include <gtest/gtest.h>

#include "BenchTestRows.hpp"
#include "robometrics/bench/CellComparison.hpp"

namespace robometrics::bench {
namespace {

TEST(CellComparison, ClearDifferenceIsSignificant) {
    test::Rows rows;
    for (double v : {0.30, 0.32, 0.31, 0.33}) rows.add("slam=a", "done", {{"trajectory.ate_se3.rmse", v}});
    for (double v : {0.10, 0.12, 0.11, 0.13}) rows.add("slam=b", "done", {{"trajectory.ate_se3.rmse", v}});
    const BenchAggregates agg = aggregate(rows.jobs, rows.metrics);
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
    test::Rows rows;
    for (double v : {0.8, 0.6, 0.7}) rows.add("p=1", "done", {{"map.coverage", v}});
    for (double v : {0.75, 0.65, 0.72}) rows.add("p=2", "done", {{"map.coverage", v}});
    const BenchAggregates agg = aggregate(rows.jobs, rows.metrics);
    const CellComparison c = compareCells(agg.cells[0], agg.cells[1], "map.coverage");
    EXPECT_EQ(c.direction, Direction::HigherIsBetter);
    EXPECT_EQ(c.better, "p=2");  // 0.7067 > 0.7
    EXPECT_FALSE(c.welch_significant);
    EXPECT_FALSE(c.bootstrap_significant);
    EXPECT_NE(c.sentence().find("not significant"), std::string::npos);
    const CellComparison none = compareCells(agg.cells[0], agg.cells[1], "absent");
    EXPECT_NE(none.sentence().find("no values"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::bench
