#include <gtest/gtest.h>
#include <signal.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/Benchmark.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

// Two jobs of one cell whose command fails at once: no evaluation, no binary needed.
const char *kFailingMatrix = "axes: {x: [a]}\niterations: 2\ncommand: [\"false\"]\n";

BenchmarkOptions optionsIn(const fs::path &dir, const std::string &matrix_text) {
    std::ofstream(dir / "m.yaml") << matrix_text;
    BenchmarkOptions o;
    o.matrix_file = (dir / "m.yaml").string();
    o.out_dir = (dir / "out").string();
    o.workers = 1;
    return o;
}

}  // namespace

TEST(Benchmark, FailedJobsAreTheFailureAfterTheTables) {
    const fs::path dir = test::scratchDir("benchmark-failed");
    const BenchmarkOptions o = optionsIn(dir, kFailingMatrix);
    auto run = runBenchmark(o);
    ASSERT_TRUE(run.ok()) << run.message();
    EXPECT_EQ(run->text,
              "cell  done  failed  pending   ok   run_s  eval_s\n"
              "x=a      0       2        0    0       -       -\n"
              "\n"
              "#  cell  done  failed\n"
              "1  x=a   0     2\n"
              "\n"
              "results: " +
                  o.out_dir + "/bench.sqlite, report: " + o.out_dir + "/report.html\n");
    EXPECT_EQ(run->failure, "2 of 2 jobs failed (see OUT/jobs/*/stderr.log)");
    EXPECT_TRUE(fs::exists(dir / "out" / "results.csv"));
}

TEST(Benchmark, AStopBeforeTheFirstJobLeavesThemPendingForResume) {
    const fs::path dir = test::scratchDir("benchmark-stopped");
    BenchmarkOptions o = optionsIn(dir, kFailingMatrix);
    o.stop_requested = [] { return SIGINT; };
    auto run = runBenchmark(o);
    ASSERT_TRUE(run.ok()) << run.message();
    EXPECT_EQ(run->text.substr(0, run->text.find("\n\n")),
              "cell  done  failed  pending   ok   run_s  eval_s\n"
              "x=a      0       0        2    0       -       -");
    EXPECT_EQ(run->failure, "interrupted: continue with --resume");
}

TEST(Benchmark, ASecondRunInTheSameOutputNeedsResume) {
    const fs::path dir = test::scratchDir("benchmark-again");
    BenchmarkOptions o = optionsIn(dir, kFailingMatrix);
    ASSERT_TRUE(runBenchmark(o).ok());
    auto again = runBenchmark(o);
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.message(), o.out_dir +
                                   "/bench.sqlite: a benchmark is already stored here: add --resume to "
                                   "continue it, or choose another -o");
    o.resume = true;
    auto resumed = runBenchmark(o);
    ASSERT_TRUE(resumed.ok()) << resumed.message();
    EXPECT_EQ(resumed->failure, "2 of 2 jobs failed (see OUT/jobs/*/stderr.log)");  // run again, failed again
}

TEST(Benchmark, BadInputsAreErrorsAndCreateNothing) {
    const fs::path dir = test::scratchDir("benchmark-bad");
    BenchmarkOptions o = optionsIn(dir, "command: [\"false\"]\niterations: many\n");
    auto bad = runBenchmark(o);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.message(), o.matrix_file + ":2: iterations: expected an integer >= 1, got 'many'");
    EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(Benchmark, TheExecutorIsAnEnumSpelledAsTheOptionSpellsIt) {
    auto executor = parseExecutor("k8s");
    ASSERT_FALSE(executor.ok());
    EXPECT_EQ(executor.message(), "unknown executor 'k8s' (expected local or slurm)");
    for (Executor e : {Executor::local, Executor::slurm}) {
        auto parsed = parseExecutor(std::string(executorText(e)));
        ASSERT_TRUE(parsed.ok()) << parsed.message();
        EXPECT_EQ(*parsed, e);
    }
    EXPECT_EQ(executorText(Executor::slurm), "slurm");
    EXPECT_EQ(BenchmarkOptions{}.executor, Executor::local);
}

}  // namespace robometrics::bench
