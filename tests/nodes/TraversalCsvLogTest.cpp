#include <gtest/gtest.h>

#include <filesystem>

#include "TestSupport.hpp"
#include "robometrics/nodes/TraversalCsvLog.hpp"
#include "robometrics/traversal/TraversalCsv.hpp"

namespace robometrics::nodes {
namespace {

TEST(TraversalCsvLog, TheCsvTakesItsNameOnlyWhenTheRunEnds) {
    const auto path = test::scratchDir("traversal_csv_log") / "logs" / "run.csv";
    TraversalCsvLog log(traversal::TraversalConfig{}, path.string(), true);
    ASSERT_TRUE(log.open().ok());
    log.node().tick(2'500'000'000);  // a timer: two whole seconds of rows, no messages
    EXPECT_FALSE(std::filesystem::exists(path));
    log.node().finish();
    auto summary = log.finish();
    ASSERT_TRUE(summary) << summary.message();
    const std::string csv = test::readFile(path);
    EXPECT_EQ(csv.rfind(traversal::TraversalCsv::header(true), 0), 0u);
    EXPECT_EQ(summary->end_time, 2'500'000'000);
}

TEST(TraversalCsvLog, DefaultPathIsTheSeedsTimestampedLogName) {
    const std::string path = TraversalCsvLog::defaultPath();
    EXPECT_EQ(path.rfind("metric_logs/metrics_log_", 0), 0u);
    EXPECT_EQ(path.size(), std::string("metric_logs/metrics_log_YYYYMMDD_HHMMSS.csv").size());
}

}  // namespace
}  // namespace robometrics::nodes
