#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/nodes/TopicStatsWindows.hpp"

namespace robometrics::nodes {
namespace {

TEST(TopicStatsWindows, TheOutputIsAnMcapACsvOrNothing) {
    EXPECT_TRUE(TopicStatsWindows::forOutput(""));
    EXPECT_TRUE(TopicStatsWindows::forOutput("w.mcap"));
    auto bad = TopicStatsWindows::forOutput("w.txt");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.message(), "-o must name a .mcap or .csv file, got 'w.txt'");
}

TEST(TopicStatsWindows, CsvRowsFollowTheHeader) {
    const auto path = test::scratchDir("topic_stats_windows") / "w.csv";
    auto windows = TopicStatsWindows::forOutput(path.string());
    ASSERT_TRUE(windows);
    ASSERT_TRUE(windows->open().ok());
    topicstats::WindowRecord record;
    record.topic = "/scan";
    record.window_start = 0;
    record.window_stop = 1'000'000'000;
    windows->sink()(record);
    ASSERT_TRUE(windows->commit().ok());
    EXPECT_EQ(test::readFile(path), topicstats::windowCsvHeader() + topicstats::windowCsvRow(record));
}

}  // namespace
}  // namespace robometrics::nodes
