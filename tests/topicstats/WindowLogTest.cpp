#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "robometrics/topicstats/WindowLog.hpp"

namespace robometrics::topicstats {
namespace {

WindowRecord logRecord(std::size_t index, const std::string &topic, Metric metric, TimeNs start, double average) {
    return WindowRecord{index, topic, metric, start, start + kNsPerSecond, StatisticsSet{average, 1.0, 3.0, 0.5, 4}};
}

/// Same index and same CSV row (topic, metric, window and every statistic, to the last bit).
void expectSameRecord(const WindowRecord &a, const WindowRecord &b) {
    EXPECT_EQ(a.topic_index, b.topic_index);
    EXPECT_EQ(windowCsvRow(a), windowCsvRow(b));
}

TEST(WindowLog, ReadsBackEveryRecordInOrder) {
    const std::vector<WindowRecord> added{
        logRecord(0, "/scan", Metric::MessageAge, 0, 2.0),
        logRecord(0, "/scan", Metric::MessagePeriod, 0, 100.0),
        logRecord(1, "/a_topic_name_longer_than_fifteen", Metric::MessageAge, 0, 7.0),
        logRecord(0, "/scan", Metric::MessageAge, kNsPerSecond, 2.5),
    };
    WindowLog log;
    EXPECT_TRUE(log.empty());
    for (const WindowRecord &r : added) log.add(r);
    ASSERT_EQ(log.size(), added.size());
    std::size_t i = 0;
    for (const auto &r : log) expectSameRecord(r, added[i++]);
    EXPECT_EQ(i, added.size());
}

TEST(WindowLog, AnIndexThatChangesItsNameKeepsTheEarlierRecords) {
    WindowLog log;
    log.add(logRecord(3, "/old", Metric::MessageAge, 0, 1.0));
    log.add(logRecord(3, "/new", Metric::MessageAge, kNsPerSecond, 1.0));
    auto it = log.begin();
    EXPECT_EQ((*it).topic, "/old");
    ++it;
    EXPECT_EQ((*it).topic, "/new");
    EXPECT_EQ((*it).topic_index, 3u);
}

TEST(WindowLog, ALongLogReadsBackFromItsTemporaryFileWhileTwoReadersRead) {
    // More than two blocks of the SpillLog beneath: the records come back from the file, and two
    // iterators (the CSV writer and the report on their own threads) do not disturb each other.
    WindowLog log;
    const std::size_t n = 2 * SpillLog<int>::kBlockRecords + 17;
    for (std::size_t i = 0; i < n; ++i) {
        log.add(logRecord(i % 3, "/t" + std::to_string(i % 3), Metric::MessageAge, TimeNs(i) * kNsPerSecond,
                          0.5 * double(i)));
    }
    ASSERT_EQ(log.size(), n);
    auto a = log.begin(), b = log.begin();
    for (std::size_t i = 0; i < n; ++i, ++a) {
        const WindowRecord expected = logRecord(i % 3, "/t" + std::to_string(i % 3), Metric::MessageAge,
                                                TimeNs(i) * kNsPerSecond, 0.5 * double(i));
        expectSameRecord(*a, expected);
        if (i % 2 == 0) {  // the second reader lags behind, reading other blocks
            expectSameRecord(*b, logRecord((i / 2) % 3, "/t" + std::to_string((i / 2) % 3), Metric::MessageAge,
                                           TimeNs(i / 2) * kNsPerSecond, 0.5 * double(i / 2)));
            ++b;
        }
    }
    EXPECT_TRUE(a == log.end());
}

}  // namespace
}  // namespace robometrics::topicstats
