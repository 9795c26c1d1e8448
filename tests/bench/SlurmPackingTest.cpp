#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/bench/SlurmPacking.hpp"

namespace robometrics::bench {
namespace {

TEST(SlurmPacking, ChunksKeepTheOrderAndTheLastIsShorter) {
    EXPECT_EQ(packJobs({0, 1, 2, 3, 4, 9, 12}, 3), (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4, 9}, {12}}));
    EXPECT_EQ(packJobs({5, 6}, 1), (std::vector<std::vector<int>>{{5}, {6}}));
    EXPECT_EQ(packJobs({5, 6}, 0), (std::vector<std::vector<int>>{{5}, {6}}));  // never below one
    EXPECT_TRUE(packJobs({}, 4).empty());
}

TEST(SlurmPacking, AutomaticCountFillsAMinuteOfTheMedianJob) {
    EXPECT_EQ(autoJobsPerTask({}), 1);
    EXPECT_EQ(autoJobsPerTask({0.2, 0.2}), 1);  // fewer than three measurements: no guess
    // Median of {0.19, 0.2, 5.0} is 0.2 s: ceil(60 / 0.2) = 300 jobs of it fill a minute.
    EXPECT_EQ(autoJobsPerTask({5.0, 0.19, 0.2}), 300);
    EXPECT_EQ(autoJobsPerTask({7, 7, 7}), 9);  // ceil(60 / 7) = 9
    EXPECT_EQ(autoJobsPerTask({120, 90, 300}), 1);
    EXPECT_EQ(autoJobsPerTask({0, 0, 0}), 1000);                // capped
    EXPECT_EQ(autoJobsPerTask({NAN, -1, 0.5, 0.5, 0.5}), 120);  // unusable times are left out
}

TEST(SlurmPacking, JobListsParseWhatTheScriptWritesAndRefuseTheRest) {
    EXPECT_EQ(*parseJobList("7", "--index"), (std::vector<int>{7}));
    EXPECT_EQ(*parseJobList("0-3,9,11-12", "--index"), (std::vector<int>{0, 1, 2, 3, 9, 11, 12}));
    for (const char *bad : {"", "x", "3-1", "1-2-3", "-4", "1,,2", "1,", "12345678901"}) {
        auto parsed = parseJobList(bad, "--index");
        EXPECT_FALSE(parsed.ok()) << bad;
    }
    EXPECT_EQ(parseJobList("2-x", "--index").message(),
              "--index: '2-x' is not a job index or range (expected e.g. 7 or 0-3,9)");
    auto huge = parseJobList("0-999999999", "--index");  // no allocation of a billion indices
    ASSERT_FALSE(huge.ok());
    EXPECT_EQ(huge.message(), "--index: more than 100000 job indices in '0-999999999'");
}

TEST(SlurmPacking, SlurmTimesInEveryFormSlurmAccepts) {
    EXPECT_EQ(slurmTimeSeconds("10"), 600);         // minutes
    EXPECT_EQ(slurmTimeSeconds("10:30"), 630);      // minutes:seconds
    EXPECT_EQ(slurmTimeSeconds("01:02:03"), 3723);  // hours:minutes:seconds
    EXPECT_EQ(slurmTimeSeconds("2-3"), 2 * 86400 + 3 * 3600);
    EXPECT_EQ(slurmTimeSeconds("2-03:04"), 2 * 86400 + 3 * 3600 + 4 * 60);
    EXPECT_EQ(slurmTimeSeconds("1-00:00:05"), 86405);
    for (const char *bad : {"", "UNLIMITED", "1:2:3:4", "a", "-5", "1-", "1:-2", " 5"}) {
        EXPECT_EQ(slurmTimeSeconds(bad), std::nullopt) << bad;
    }
    EXPECT_EQ(slurmTimeText(3723), "01:03:00");  // rounded up to whole minutes
    EXPECT_EQ(slurmTimeText(600), "00:10:00");
    EXPECT_EQ(slurmTimeText(2 * 86400 + 3600), "2-01:00:00");
}

TEST(SlurmPacking, TaskTimeLimitIsTheSumOfItsJobs) {
    EXPECT_EQ(*taskTimeLimit("00:10:00", 1), "00:10:00");  // unpacked: as written
    EXPECT_EQ(*taskTimeLimit("00:10:00", 30), "05:00:00");
    EXPECT_EQ(*taskTimeLimit("90", 20), "1-06:00:00");  // 90 min x 20 = 30 h
    EXPECT_EQ(*taskTimeLimit("", 30), "");
    EXPECT_EQ(*taskTimeLimit("UNLIMITED", 30), "UNLIMITED");
    EXPECT_EQ(taskTimeLimit("ten minutes", 3).message(),
              "resources.time_limit 'ten minutes' is not a Slurm time (MM, MM:SS, HH:MM:SS, D-HH:MM:SS)");
}

}  // namespace
}  // namespace robometrics::bench
