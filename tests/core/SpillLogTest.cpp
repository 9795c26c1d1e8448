#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>

#include "robometrics/core/SpillLog.hpp"

namespace robometrics {
namespace {

struct Record {
    std::int64_t t;
    double value;
};

Record recordAt(std::size_t i) { return {static_cast<std::int64_t>(i) * 1000 - 7, 0.25 * double(i)}; }

SpillLog<Record> logOf(std::size_t n) {
    SpillLog<Record> log;
    for (std::size_t i = 0; i < n; ++i) log.push_back(recordAt(i));
    return log;
}

void expectRecords(const SpillLog<Record> &log, std::size_t n) {
    ASSERT_EQ(log.size(), n);
    std::size_t i = 0;
    for (const Record &r : log) {
        ASSERT_EQ(r.t, recordAt(i).t) << "record " << i;
        ASSERT_EQ(r.value, recordAt(i).value) << "record " << i;
        ++i;
    }
    EXPECT_EQ(i, n);
}

/// Sets TMPDIR for one test and restores it.
class ScopedTmpdir {
public:
    explicit ScopedTmpdir(const char *dir) {
        if (const char *old = std::getenv("TMPDIR")) old_ = old;
        ::setenv("TMPDIR", dir, 1);
    }
    ~ScopedTmpdir() {
        if (old_.empty()) {
            ::unsetenv("TMPDIR");
        } else {
            ::setenv("TMPDIR", old_.c_str(), 1);
        }
    }

private:
    std::string old_;
};

TEST(SpillLog, ASmallLogStaysInMemory) {
    const SpillLog<Record> log = logOf(10);
    EXPECT_FALSE(log.onDisk());
    expectRecords(log, 10);
}

TEST(SpillLog, FullBlocksGoToATemporaryFileAndReadBackInOrder) {
    const std::size_t n = 3 * SpillLog<Record>::kBlockRecords + 5;  // three blocks spilled, a tail
    const SpillLog<Record> log = logOf(n);
    EXPECT_TRUE(log.onDisk());
    expectRecords(log, n);
    expectRecords(log, n);  // read twice (the CSV, then the report)
}

TEST(SpillLog, AnExactNumberOfBlocksHasAnEmptyTail) {
    const SpillLog<Record> log = logOf(2 * SpillLog<Record>::kBlockRecords);
    expectRecords(log, 2 * SpillLog<Record>::kBlockRecords);
}

TEST(SpillLog, ThreadsReadOneLogAtOnce) {
    const std::size_t n = 5 * SpillLog<Record>::kBlockRecords + 99;
    const SpillLog<Record> log = logOf(n);
    std::thread other([&] { expectRecords(log, n); });
    expectRecords(log, n);
    other.join();
}

TEST(SpillLog, WithoutAUsableTemporaryFolderTheRecordsStayInMemory) {
    // /proc is a folder in which no file can be made: the log keeps its blocks in memory.
    const ScopedTmpdir tmpdir("/proc");
    const std::size_t n = 2 * SpillLog<Record>::kBlockRecords + 1;
    const SpillLog<Record> log = logOf(n);
    EXPECT_FALSE(log.onDisk());
    expectRecords(log, n);
}

TEST(SpillLog, ClearForgetsEveryRecordAndMovesKeepThem) {
    SpillLog<Record> log = logOf(SpillLog<Record>::kBlockRecords + 3);
    SpillLog<Record> moved = std::move(log);
    expectRecords(moved, SpillLog<Record>::kBlockRecords + 3);
    moved.clear();
    EXPECT_TRUE(moved.empty());
    EXPECT_FALSE(moved.onDisk());
    moved.push_back(recordAt(0));
    expectRecords(moved, 1);
}

TEST(SpillFile, ReadsBackAnyRangeAndRefusesOneBeyondItsEnd) {
    SpillFile file;
    const std::string text = "0123456789";
    file.append(text.data(), text.size());
    file.append(text.data(), 3);
    EXPECT_EQ(file.size(), 13u);
    std::string out(4, ' ');
    file.read(8, out.data(), 4);
    EXPECT_EQ(out, "8901");
    EXPECT_THROW(file.read(10, out.data(), 4), std::runtime_error);
}

}  // namespace
}  // namespace robometrics
