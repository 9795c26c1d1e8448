#include <gtest/gtest.h>
#include <stdlib.h>

#include "BenchTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/bench/BenchStore.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

/// Sets or clears the variables an array task names its job with, for one test.
struct JobIndexEnvironment {
    JobIndexEnvironment(const char *slurm, const char *kubernetes) {
        slurm ? setenv("SLURM_ARRAY_TASK_ID", slurm, 1) : unsetenv("SLURM_ARRAY_TASK_ID");
        kubernetes ? setenv("JOB_COMPLETION_INDEX", kubernetes, 1) : unsetenv("JOB_COMPLETION_INDEX");
    }
    ~JobIndexEnvironment() {
        unsetenv("SLURM_ARRAY_TASK_ID");
        unsetenv("JOB_COMPLETION_INDEX");
    }
};

}  // namespace

std::vector<int> indicesOf(const std::string &given) {
    auto indices = workerJobIndices(given);
    return indices ? *indices : std::vector<int>{-100};
}

TEST(BenchStore, WorkerJobsAreTheOptionElseTheArrayTaskElseAnError) {
    {
        JobIndexEnvironment none(nullptr, nullptr);
        EXPECT_EQ(indicesOf("4"), std::vector<int>{4});
        EXPECT_EQ(indicesOf("0-2,7"), (std::vector<int>{0, 1, 2, 7}));  // a packed array task
        EXPECT_EQ(workerJobIndices("").message(),
                  "--index missing (nor SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX set)");
        EXPECT_FALSE(workerJobIndices("4-").ok());
    }
    {
        JobIndexEnvironment kubernetes(nullptr, "5");
        EXPECT_EQ(indicesOf(""), std::vector<int>{5});
        EXPECT_EQ(indicesOf("0"), std::vector<int>{0});  // the option wins
    }
    {
        JobIndexEnvironment both("2", "5");
        EXPECT_EQ(indicesOf(""), std::vector<int>{2});  // Slurm's is read first
    }
    {
        JobIndexEnvironment negative("-1", "7");
        EXPECT_EQ(indicesOf(""), std::vector<int>{7});
    }
}

TEST(BenchStore, RunWorkerJobReportsTheJobOrWhyItFailed) {
    const fs::path out = test::scratchDir("worker-job");
    auto missing = runWorkerJob((out / "none").string(), 0, {}, test::robometricsBinary());
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message(), (out / "none" / "bench.sqlite").string() +
                                     ": no benchmark store (start one with `robometrics bench MATRIX.yaml -o OUT`)");

    auto stored = test::storeMatrix(out, R"(
axes: {scenario: [office, fail]}
command: [sh, -c, "test $1 = office && exec \"$0\" simulate --scenario office --duration 1 -o $2", "{robometrics}", "{scenario}", "{out}"]
)");
    ASSERT_TRUE(stored.ok()) << stored.message();
    auto done = runWorkerJob(out.string(), 0, {}, test::robometricsBinary());
    ASSERT_TRUE(done.ok()) << done.message();
    EXPECT_EQ(done->rfind("job 0: done in ", 0), 0u) << *done;
    EXPECT_TRUE(done->ends_with(" s evaluate), verdict ok\n")) << *done;

    auto failed = runWorkerJob(out.string(), 1, {}, test::robometricsBinary());
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.message(),
              "job 1: the command failed (exit code 1; see " + jobDirectory(out.string(), 1) + "/stderr.log)");
}

TEST(BenchStore, APackedWorkerRunsEveryJobPastAFailureAndStopsOnASignal) {
    const fs::path out = test::scratchDir("worker-jobs");
    EXPECT_EQ(runWorkerJobs((out / "none").string(), {0, 1}, {}, test::robometricsBinary()).message(),
              (out / "none" / "bench.sqlite").string() +
                  ": no benchmark store (start one with `robometrics bench MATRIX.yaml -o OUT`)");
    auto stored = test::storeMatrix(out, R"(
axes: {scenario: [fail, ok, ok2]}
command: [sh, -c, "test $1 != fail && exec \"$0\" simulate --scenario office --duration 1 -o $2", "{robometrics}", "{scenario}", "{out}"]
)");
    ASSERT_TRUE(stored.ok()) << stored.message();
    auto ran = runWorkerJobs(out.string(), {0, 1, 2}, {}, test::robometricsBinary());
    ASSERT_TRUE(ran.ok()) << ran.message();
    EXPECT_EQ(ran->failed, 1);
    EXPECT_FALSE(ran->stopped);
    EXPECT_EQ(ran->text.rfind("job 0: the command failed (exit code 1; ", 0), 0u) << ran->text;
    EXPECT_NE(ran->text.find("\njob 1: done in "), std::string::npos) << ran->text;
    EXPECT_NE(ran->text.find("\njob 2: done in "), std::string::npos) << ran->text;

    auto stopped = runWorkerJobs(
        out.string(), {1, 2}, [] { return 15; }, test::robometricsBinary());
    ASSERT_TRUE(stopped.ok()) << stopped.message();
    EXPECT_TRUE(stopped->stopped);
    EXPECT_EQ(stopped->text, "");  // no job was started
}

}  // namespace robometrics::bench
