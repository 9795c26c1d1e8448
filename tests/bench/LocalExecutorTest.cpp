#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "BenchTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/LocalExecutor.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

// Each job records the CPUs it may run on, then simulates a 1 s run.
const char *kMatrix = R"(
axes: {scenario: [office, stuck]}
iterations: 2
command: [sh, -c, "grep Cpus_allowed_list /proc/self/status > $0/../cpus.txt; exec \"$1\" simulate --scenario $2 --duration 8 --seed $3 -o $0", "{out}", "{robometrics}", "{scenario}", "{seed}"]
)";

Result<LocalSummary> runMatrix(const fs::path &out, int workers, bool pin) {
    auto stored = test::storeMatrix(out, kMatrix);
    if (!stored) return stored.error();
    LocalOptions o;
    o.out_dir = out.string();
    o.workers = workers;
    o.pin_cpus = pin;
    o.robometrics = test::robometricsBinary();
    return runLocal(stored->matrix, o);
}

TEST(LocalExecutor, RunsEveryJobOnceWithSeveralWorkers) {
    auto out = test::scratchDir("local-all");
    auto summary = runMatrix(out, 2, false);
    ASSERT_TRUE(summary.ok()) << summary.message();
    EXPECT_EQ(summary->done, 4);
    EXPECT_EQ(summary->failed, 0);
    EXPECT_FALSE(summary->interrupted);
    auto store = ResultStore::open(storePath(out.string()));
    auto rows = store->jobs();
    ASSERT_EQ(rows->size(), 4u);
    std::set<std::string> workers;
    for (const JobRecord &r : *rows) {
        EXPECT_EQ(r.status, bench::JobStatus::done);
        EXPECT_EQ(r.attempts, 1);
        workers.insert(*r.worker);
    }
    EXPECT_LE(workers.size(), 2u);
    // office runs are ok; the stuck scenario is found stuck (8 s: a 5 s stuck window fits in the
    // 6 s the rover is commanded before it gives up).
    EXPECT_EQ((*rows)[0].verdict, std::optional<std::string>("ok"));
    EXPECT_EQ((*rows)[2].verdict, std::optional<std::string>("potential_failure"));
    EXPECT_EQ(test::zombieChildren(), 0);
}

TEST(LocalExecutor, PinsEachWorkerToOneCpu) {
    auto out = test::scratchDir("local-pin");
    auto summary = runMatrix(out, 2, true);
    ASSERT_TRUE(summary.ok()) << summary.message();
    std::vector<int> cpus = availableCpus();
    std::set<std::string> allowed;
    for (int c : cpus) allowed.insert("Cpus_allowed_list:\t" + std::to_string(c) + "\n");
    for (int i = 0; i < 4; ++i) {
        std::string seen = test::readFile(fs::path(jobDirectory(out.string(), i)) / "cpus.txt");
        EXPECT_EQ(allowed.count(seen), 1u) << seen;  // a single CPU of this process's set
    }
}

TEST(LocalExecutor, NothingPendingIsNothingToDo) {
    auto out = test::scratchDir("local-none");
    ASSERT_TRUE(runMatrix(out, 1, false).ok());
    LocalOptions o;
    o.out_dir = out.string();
    o.robometrics = test::robometricsBinary();
    auto again = runLocal(MatrixSpec{}, o);
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again->done, 0);
}

TEST(LocalExecutor, ProgressEndsWithTheFinalCounts) {
    const auto out = test::scratchDir("local-progress");
    auto stored = test::storeMatrix(out, "iterations: 2\ncommand: [\"false\"]\n");
    ASSERT_TRUE(stored.ok()) << stored.message();
    std::vector<std::pair<std::string, bool>> lines;
    LocalOptions o;
    o.out_dir = out.string();
    o.workers = 1;
    o.progress = [&](const std::string &line, bool last) { lines.emplace_back(line, last); };
    ASSERT_TRUE(runLocal(stored->matrix, o).ok());
    ASSERT_FALSE(lines.empty());  // redrawn while the jobs run, then once more at the end
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) EXPECT_FALSE(lines[i].second) << i;
    // Both jobs finished, none remain: the ETA is 0 whatever they took; the rate depends on it.
    EXPECT_TRUE(lines.back().second);
    EXPECT_THAT(lines.back().first,
                testing::MatchesRegex("bench: 0/2 done, 0 running, 2 failed, [0-9]+\\.[0-9] jobs/min, ETA 0:00"));
}

}  // namespace
}  // namespace robometrics::bench
