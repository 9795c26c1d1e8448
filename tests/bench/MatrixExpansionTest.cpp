#include <gtest/gtest.h>

#include <filesystem>

#include "robometrics/bench/MatrixSpec.hpp"

namespace robometrics::bench {
namespace {

MatrixSpec parse(const std::string &yaml) {
    auto m = parseMatrix(yaml, "m.yaml");
    EXPECT_TRUE(m.ok()) << m.message();
    return m.ok() ? *m : MatrixSpec{};
}

TEST(MatrixExpansion, CellsInFileOrderThenIterations) {
    MatrixSpec m = parse(R"(
axes:
  b: [x, y]
  a: ["1", "2", "3"]
iterations: 2
base_seed: 10
command: ["{robometrics}", "--b={b}", "{a}", "{seed}", "{iteration}", "{index}", "{out}", "{{lit}}"]
)");
    auto jobs = expandMatrix(m, ExpandContext{"OUT", "/bin/rm"});
    ASSERT_TRUE(jobs.ok()) << jobs.message();
    ASSERT_EQ(jobs->size(), 12u);  // 2 x 3 cells x 2 iterations
    // First axis slowest: (x,1) (x,2) (x,3) (y,1) (y,2) (y,3), each twice.
    const char *keys[] = {"b=x,a=1", "b=x,a=2", "b=x,a=3", "b=y,a=1", "b=y,a=2", "b=y,a=3"};
    for (int i = 0; i < 12; ++i) {
        const JobSpec &j = (*jobs)[static_cast<std::size_t>(i)];
        EXPECT_EQ(j.index, i);
        EXPECT_EQ(j.cell_key, keys[i / 2]);
        EXPECT_EQ(j.iteration, i % 2);
        EXPECT_EQ(j.seed, 10 + i % 2);
    }
    const JobSpec &j7 = (*jobs)[7];  // cell (y,1), iteration 1
    EXPECT_EQ(j7.cell, (std::map<std::string, std::string>{{"a", "1"}, {"b", "y"}}));
    EXPECT_EQ(j7.out_dir, "OUT/jobs/0007/run");
    // {out} is absolute: the command runs in its run directory, where "OUT/..." would not exist.
    const std::string out = (std::filesystem::current_path() / "OUT/jobs/0007/run").string();
    EXPECT_EQ(j7.argv, (std::vector<std::string>{"/bin/rm", "--b=y", "1", "11", "1", "7", out, "{lit}"}));
}

TEST(MatrixExpansion, ASeedAxisGivesTheSeedOfEveryIteration) {
    MatrixSpec m = parse("axes: {seed: [\"5\", \"9\"]}\niterations: 2\nbase_seed: 100\ncommand: [sim, \"{seed}\"]\n");
    auto jobs = expandMatrix(m, ExpandContext{"o", "r"});
    ASSERT_TRUE(jobs.ok()) << jobs.message();
    ASSERT_EQ(jobs->size(), 4u);
    std::vector<std::int64_t> seeds;
    for (const JobSpec &j : *jobs) seeds.push_back(j.seed);
    EXPECT_EQ(seeds, (std::vector<std::int64_t>{5, 5, 9, 9}));
    EXPECT_EQ((*jobs)[2].argv[1], "9");
}

TEST(MatrixExpansion, NoAxesMeansOneCell) {
    MatrixSpec m = parse("iterations: 3\ncommand: [x, \"{seed}\"]\n");
    auto jobs = expandMatrix(m, ExpandContext{"o", "r"});
    ASSERT_TRUE(jobs.ok());
    ASSERT_EQ(jobs->size(), 3u);
    EXPECT_EQ((*jobs)[2].cell_key, "");
    EXPECT_EQ((*jobs)[2].argv[1], "2");  // base_seed 0 + iteration 2
}

TEST(MatrixExpansion, ArgumentsAreNeverSplit) {
    // argv only: a value with spaces stays one argument; no shell ever sees it.
    MatrixSpec m = parse("axes: {name: [\"a b; rm -rf x\"]}\ncommand: [echo, \"{name}\"]\n");
    auto jobs = expandMatrix(m, ExpandContext{"o", "r"});
    ASSERT_TRUE(jobs.ok());
    EXPECT_EQ((*jobs)[0].argv, (std::vector<std::string>{"echo", "a b; rm -rf x"}));
}

TEST(MatrixExpansion, SubstituteRejectsUnbalancedBraces) {
    EXPECT_EQ(substitute("{a", {{"a", "1"}}).message(), "'{a': unclosed '{'");
    EXPECT_EQ(substitute("a}", {{"a", "1"}}).message(), "'a}': unmatched '}' (write '}}' for a literal brace)");
    EXPECT_EQ(*substitute("{a}{a}-{{}}", {{"a", "1"}}), "11-{}");
}

// A few kilobytes of matrix must not expand into gigabytes of jobs: 10^6 iterations (the job
// cap) of a 200-argument command is refused after 64 MiB, not after 8 GB
// (fuzz/regressions/BenchMatrix/million-jobs-long-command.yaml).
TEST(MatrixExpansion, ExpansionMemoryIsBounded) {
    std::string command;
    for (int i = 0; i < 200; ++i) command += std::string(i ? ", " : "") + "\"{seed}-{index}-{out}\"";
    // parseMatrix expands the jobs to check their substitutions: the error comes from there.
    auto m = parseMatrix("iterations: 1000000\ncommand: [" + command + "]\n", "m.yaml");
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.message().find("more than 64 MiB"), std::string::npos) << m.message();
}

TEST(MatrixExpansion, JobDirectoriesArePadded) {
    EXPECT_EQ(jobDirectory("out", 3), "out/jobs/0003");
    EXPECT_EQ(jobDirectory("out", 12345), "out/jobs/12345");
}

}  // namespace
}  // namespace robometrics::bench
