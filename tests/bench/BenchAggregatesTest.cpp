#include <gtest/gtest.h>

#include "BenchTestRows.hpp"
#include "robometrics/bench/BenchAggregates.hpp"

namespace robometrics::bench {
namespace {

TEST(BenchAggregates, GroupsDoneJobsByCell) {
    test::Rows rows;
    rows.add("slam=a", bench::JobStatus::done, {{"ate", 1.0}, {"run_s", 10}});
    rows.add("slam=a", bench::JobStatus::done, {{"ate", 3.0}});
    rows.add("slam=a", bench::JobStatus::failed, {{"ate", 100.0}});  // a failed run's value is not counted
    rows.add("slam=b", bench::JobStatus::done, {{"ate", 2.0}});
    rows.add("slam=b", bench::JobStatus::pending, {});
    rows.metrics.push_back(MetricValue{3, "map.iou", std::nullopt});  // null in summary.json
    const BenchAggregates agg = aggregate(rows.jobs, rows.metrics);
    ASSERT_EQ(agg.cells.size(), 2u);
    EXPECT_EQ(agg.cells[0].key, "slam=a");
    EXPECT_EQ(agg.cells[0].done, 2);
    EXPECT_EQ(agg.cells[0].failed, 1);
    EXPECT_EQ(agg.cells[1].unfinished, 1);
    EXPECT_EQ(agg.cells[0].jobs, (std::vector<int>{0, 1, 2}));
    const CellMetric &ate = agg.cells[0].metrics.at("ate");
    EXPECT_EQ(ate.values, (std::vector<double>{1.0, 3.0}));
    EXPECT_EQ(ate.jobs, (std::vector<int>{0, 1}));
    EXPECT_DOUBLE_EQ(ate.summary.mean, 2.0);
    EXPECT_EQ(agg.metric_names, (std::vector<std::string>{"ate", "run_s"}));
    EXPECT_EQ(agg.findCell("slam=b"), &agg.cells[1]);
    EXPECT_EQ(agg.findCell("1"), &agg.cells[0]);
    EXPECT_EQ(agg.findCell("3"), nullptr);
    EXPECT_EQ(agg.findCell("slam=c"), nullptr);
}

}  // namespace
}  // namespace robometrics::bench
