#include <gtest/gtest.h>
#include <sys/wait.h>

#include <csignal>

#include "robometrics/system/RunReport.hpp"

namespace robometrics::system {
namespace {

// A wait status as waitpid() reports it for a process that exited with `code`.
int exited(int code) { return code << 8; }

SupervisedRun exampleRun(int wait_status, RunEnd ended_by) {
    SupervisedRun run;
    run.wait_status = wait_status;
    run.ended_by = ended_by;
    run.duration_s = 12.34;
    run.samples = 13;
    run.summary.peak_cpu_percent = 187.26;
    run.summary.mean_cpu_percent = 92.5;
    run.summary.peak_rss_bytes = 3 * 1048576 + 524288;  // 3.5 MiB
    return run;
}

SuperviseOptions exampleOptions(double cpu_budget) {
    SuperviseOptions options;
    options.command = {"ros2", "launch", "nav.launch.py"};
    options.out_dir = "runs/a";
    options.cpu_budget = cpu_budget;
    return options;
}

}  // namespace

TEST(RunEnd, IsWrittenAsRunJsonSpellsIt) {
    EXPECT_EQ(RunEnd{}.text(), "exit");
    EXPECT_EQ((RunEnd{RunEnd::Kind::signal, SIGINT}.text()), "signal (SIGINT)");
    EXPECT_EQ((RunEnd{RunEnd::Kind::timeout, SIGTERM}.text()), "timeout (SIGTERM)");
    EXPECT_EQ((RunEnd{RunEnd::Kind::duration, SIGKILL}.text()), "duration (SIGKILL)");
}

TEST(RunReport, SummaryLinesOfACommandThatExitedCleanly) {
    ASSERT_TRUE(WIFEXITED(exited(0)));
    RunReport report = describeRun(exampleRun(exited(0), RunEnd{}), exampleOptions(200));
    EXPECT_EQ(report.text,
              "command:   ros2 launch nav.launch.py\n"
              "duration:  12.3 s (exit)\n"
              "peak CPU:  187.3 % (mean 92.5 %)\n"
              "peak RSS:  3.5 MiB\n"
              "samples:   13 -> runs/a/system.csv, run.json\n");
    EXPECT_EQ(report.warning, "");
    EXPECT_EQ(report.failure, "");
}

TEST(RunReport, OverTheBudgetIsAWarning) {
    SupervisedRun run = exampleRun(exited(0), RunEnd{});
    run.summary.over_cpu_budget = true;
    EXPECT_EQ(describeRun(run, exampleOptions(100)).warning, "peak CPU 187.3 % exceeds the edge budget of 100 %");
}

TEST(RunReport, OnlyACommandThatFailedByItselfIsAFailure) {
    EXPECT_EQ(describeRun(exampleRun(exited(3), RunEnd{}), exampleOptions(100)).failure,
              "the command exited with code 3");
    EXPECT_EQ(describeRun(exampleRun(exited(127), RunEnd{}), exampleOptions(100)).failure,
              "the command exited with code 127");
    // Stopped on purpose: whatever it exited with, the run is not a failure.
    EXPECT_EQ(describeRun(exampleRun(exited(130), RunEnd{RunEnd::Kind::timeout, SIGINT}), exampleOptions(100)).failure,
              "");
}

}  // namespace robometrics::system

namespace robometrics::system {
namespace {

// A command that crashes on its own (not stopped by robometrics) has failed: exit code 1.
TEST(RunReport, ACommandKilledByItsOwnSignalFailed) {
    const int segfault = SIGSEGV;  // waitpid's status for a process killed by SIGSEGV is the signal number
    ASSERT_TRUE(WIFSIGNALED(segfault));
    RunReport report = describeRun(exampleRun(segfault, RunEnd{}), exampleOptions(200));
    EXPECT_EQ(report.failure, "the command was killed by signal 11 (Segmentation fault)");
    EXPECT_TRUE(
        describeRun(exampleRun(SIGINT, RunEnd{RunEnd::Kind::signal, SIGINT}), exampleOptions(200)).failure.empty());
}

}  // namespace
}  // namespace robometrics::system
