#include <gtest/gtest.h>

#include "BenchTestRows.hpp"
#include "robometrics/bench/report/Leaderboard.hpp"

namespace robometrics::bench {
namespace {

test::Rows threeCells() {
    test::Rows rows;
    for (double v : {0.30, 0.32, 0.31})
        rows.add("slam=a", bench::JobStatus::done, {{"trajectory.ate_se3.rmse", v}, {"map.iou", 0.8}});
    for (double v : {0.10, 0.12, 0.11})
        rows.add("slam=b", bench::JobStatus::done, {{"trajectory.ate_se3.rmse", v}, {"map.iou", 0.6}});
    for (double v : {0.05, 0.30, 0.10})
        rows.add("slam=c", bench::JobStatus::done, {{"trajectory.ate_se3.rmse", v}, {"map.iou", 0.7}});
    return rows;
}

TEST(Leaderboard, LowerIsBetterRanksSmallestMeanFirst) {
    const test::Rows rows = threeCells();
    const BenchAggregates agg = aggregate(rows.jobs, rows.metrics);
    const Leaderboard board = leaderboard(agg, "trajectory.ate_se3.rmse").value();
    EXPECT_EQ(board.direction, evaluate::Direction::LowerIsBetter);
    ASSERT_EQ(board.rows.size(), 3u);
    EXPECT_EQ(board.rows[0].cell->key, "slam=b");  // mean 0.11
    EXPECT_EQ(board.rows[1].cell->key, "slam=c");  // mean 0.15
    EXPECT_EQ(board.rows[2].cell->key, "slam=a");  // mean 0.31
    EXPECT_EQ(board.rows[0].rank, 1);
    EXPECT_TRUE(std::isnan(board.rows[0].p_vs_best));
    // c overlaps b (wide spread): not distinguishable; a is clearly worse (t = -24.5 on 4 df).
    EXPECT_FALSE(board.rows[1].worse_than_best);
    EXPECT_TRUE(board.rows[2].worse_than_best);
}

TEST(Leaderboard, HigherIsBetterAndTies) {
    test::Rows rows = threeCells();
    const BenchAggregates agg = aggregate(rows.jobs, rows.metrics);
    const Leaderboard board = leaderboard(agg, "map.iou").value();
    EXPECT_EQ(board.direction, evaluate::Direction::HigherIsBetter);
    EXPECT_EQ(board.rows[0].cell->key, "slam=a");
    EXPECT_EQ(board.rows[2].cell->key, "slam=b");

    test::Rows tie;
    tie.add("x=1", bench::JobStatus::done, {{"map.ssim", 0.9}});
    tie.add("x=2", bench::JobStatus::done, {{"map.ssim", 0.9}});
    const BenchAggregates tagg = aggregate(tie.jobs, tie.metrics);
    const Leaderboard tboard = leaderboard(tagg, "map.ssim").value();
    EXPECT_EQ(tboard.rows[0].rank, 1);
    EXPECT_EQ(tboard.rows[1].rank, 1);
    EXPECT_EQ(tboard.rows[0].cell->key, "x=1");                           // matrix order among equals
    EXPECT_TRUE(leaderboard(tagg, "map.coverage").value().rows.empty());  // no cell has a value
}

TEST(Leaderboard, BookkeepingAndUnknownMetricsAreNotRanked) {
    test::Rows rows;
    for (double v : {10.0, 12.0}) {
        rows.add("slam=a", bench::JobStatus::done,
                 {{"end_ns", 1e18 + v}, {"traversal.distance_traveled_m", v}, {"mine.score", v}});
    }
    rows.add("slam=b", bench::JobStatus::done,
             {{"end_ns", 2e18}, {"traversal.distance_traveled_m", 30.0}, {"mine.score", 1.0}});
    const BenchAggregates agg = aggregate(rows.jobs, rows.metrics);
    EXPECT_FALSE(leaderboard(agg, "end_ns").has_value());                         // a timestamp
    EXPECT_FALSE(leaderboard(agg, "traversal.distance_traveled_m").has_value());  // the mission, not its quality
    EXPECT_FALSE(leaderboard(agg, "mine.score").has_value());                     // not in the catalogue: no guess
}

}  // namespace
}  // namespace robometrics::bench
