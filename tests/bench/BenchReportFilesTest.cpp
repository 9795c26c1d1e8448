#include <gtest/gtest.h>

#include "BenchTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/bench/report/BenchReportFiles.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

/// A stored benchmark of cells x=a and x=b, two iterations each, whose jobs recorded these ATEs.
void storeFinishedBenchmark(const fs::path &out, const std::vector<double> &ate) {
    auto stored = test::storeMatrix(out, "axes: {x: [a, b]}\niterations: 2\ncommand: [\"true\"]\n");
    ASSERT_TRUE(stored.ok()) << stored.message();
    for (int i = 0; i < 4; ++i) {
        JobOutcome o;
        o.index = i;
        o.success = true;
        o.run_s = 1;
        o.metrics = {MetricValue{i, "trajectory.ate_se3.rmse", ate[static_cast<std::size_t>(i)]}};
        ASSERT_TRUE(stored->store.record(o).ok());
    }
}

}  // namespace

TEST(BenchReportFiles, BenchReportPrintsTheTableAndWhereTheReportIs) {
    const fs::path out = test::scratchDir("bench-report-text");
    storeFinishedBenchmark(out, {1, 2, 3, 5});
    auto text = benchReport(out.string(), {});
    ASSERT_TRUE(text.ok()) << text.message();
    // a: mean 1.5, s 0.707, 95 % CI half width t(0.975, 1) 12.706 x 0.5 = 6.35; b: mean 4, half 12.7.
    EXPECT_EQ(*text,
              "#  cell  done  failed  trajectory.ate_se3.rmse\n"
              "1  x=a   2     0       1.5 ± 6.4\n"
              "2  x=b   2     0       4 ± 13\n"
              "\n"
              "report: " +
                  (out / "report.html").string() + "\n");
    EXPECT_TRUE(fs::exists(out / "results.json"));
}

TEST(BenchReportFiles, BenchReportPutsTheComparisonBetweenTableAndReport) {
    const fs::path out = test::scratchDir("bench-report-compare");
    storeFinishedBenchmark(out, {1, 2, 3, 5});
    const BenchReportOptions options{{"1", "2"}, "trajectory.ate_se3.rmse"};
    auto written = writeBenchReport(out.string(), options);
    ASSERT_TRUE(written.ok()) << written.message();
    ASSERT_EQ(written->comparison.rfind("x=a is better on trajectory.ate_se3.rmse (lower is better) by 2.5;", 0), 0u)
        << written->comparison;
    auto text = benchReport(out.string(), options);
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_EQ(*text, written->table + "\n" + written->comparison + "\n\nreport: " + written->report_path + "\n");
}

TEST(BenchReportFiles, BenchReportWithoutAStoreIsAnError) {
    const fs::path out = test::scratchDir("bench-report-none");
    auto text = benchReport(out.string(), {});
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.message(), (out / "bench.sqlite").string() + ": no benchmark store (run `robometrics bench` first)");
}

}  // namespace robometrics::bench
