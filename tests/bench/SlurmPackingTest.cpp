#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/bench/slurm/SlurmPacking.hpp"

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

std::vector<int> indices(int n, int from = 0) {
    std::vector<int> out;
    for (int i = 0; i < n; ++i) out.push_back(from + i);
    return out;
}

std::vector<std::size_t> sizes(const std::vector<std::vector<int>> &tasks) {
    std::vector<std::size_t> out;
    for (const auto &t : tasks) out.push_back(t.size());
    return out;
}

TEST(SlurmPacking, AutoNeverPacksFewerTasksThanThePartitionRuns) {
    // The case: 988 jobs of ~0.05 s on 2 CPUs. A minute of them is 1000 jobs, which made
    // one task and one busy CPU; now two tasks of 494.
    const std::vector<double> short_jobs{0.05, 0.05, 0.06};
    auto tasks = packAutomatically(indices(988, 12), short_jobs, 2);
    EXPECT_EQ(sizes(tasks), (std::vector<std::size_t>{494, 494}));
    EXPECT_EQ(tasks[0].front(), 12);
    EXPECT_EQ(tasks[1].back(), 999);
    // 1000 jobs of 1 s on 2 CPUs: at most 60 per task (a minute) -> 17 tasks, rounded up to 18 so
    // both CPUs get 9; sizes 56 and 55 (1000 = 10 x 56 + 8 x 55).
    tasks = packAutomatically(indices(1000), {1, 1, 1}, 2);
    ASSERT_EQ(tasks.size(), 18u);
    EXPECT_EQ(tasks.front().size(), 56u);
    EXPECT_EQ(tasks.back().size(), 55u);
    // Fewer jobs than slots: one job each.
    EXPECT_EQ(sizes(packAutomatically(indices(3), {0.1, 0.1, 0.1}, 8)), (std::vector<std::size_t>{1, 1, 1}));
    // Nothing measured yet: one job per task, whatever the partition.
    EXPECT_EQ(packAutomatically(indices(10), {}, 2).size(), 10u);
    // Every job in order, each once.
    std::vector<int> all;
    for (const auto &t : packAutomatically(indices(1001), short_jobs, 64)) all.insert(all.end(), t.begin(), t.end());
    EXPECT_EQ(all, indices(1001));
}

TEST(SlurmPacking, ThePartitionSizeComesFromSinfo) {
    const std::string sinfo =
        "debug*|n1|2|idle\n"
        "debug*|n2|8|mix\n"
        "debug*|n3|8|drain\n"
        "debug*|n4|8|idle*\n"  // not responding
        "gpu|g1|16|alloc\n";
    auto size = parsePartitionSize(sinfo, "", 1);
    ASSERT_TRUE(size.ok()) << size.message();
    EXPECT_EQ(size->partition, "debug");
    EXPECT_EQ(size->nodes, 2);
    EXPECT_EQ(size->cpus, 10);
    EXPECT_EQ(size->slots, 10);
    EXPECT_EQ(parsePartitionSize(sinfo, "", 4)->slots, 2);  // 2 / 4 = 0 on n1, 8 / 4 = 2 on n2
    EXPECT_EQ(parsePartitionSize(sinfo, "gpu", 4)->slots, 4);
    EXPECT_EQ(parsePartitionSize(sinfo, "cpu", 1).message(), "sinfo has no partition 'cpu' (partitions: debug, gpu)");
    EXPECT_EQ(parsePartitionSize(sinfo, "", 16).message(),
              "partition debug: no node that is up has 16 CPUs for a task (2 nodes up)");
    EXPECT_FALSE(parsePartitionSize("debug*|n1|two|idle\n", "", 1).ok());
    EXPECT_EQ(parsePartitionSize("a|n1|2|idle\n", "", 1).message(), "sinfo names no default partition (partitions: a)");
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
