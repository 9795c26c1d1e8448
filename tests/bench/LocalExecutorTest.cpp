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
command: [sh, -c, "grep Cpus_allowed_list /proc/self/status > $0/../cpus.txt; exec \"$1\" simulate --scenario $2 --duration 1 --seed $3 -o $0", "{out}", "{robometrics}", "{scenario}", "{seed}"]
)";

Result<LocalSummary> runMatrix(const fs::path &out, int workers, bool pin) {
    auto m = parseMatrix(kMatrix, "m.yaml");
    EXPECT_TRUE(m.ok()) << m.message();
    auto jobs = expandMatrix(*m, ExpandContext{out.string(), test::robometricsBinary()});
    auto store = prepareStore(*m, *jobs, out.string(), false);
    EXPECT_TRUE(store.ok()) << store.message();
    LocalOptions o;
    o.out_dir = out.string();
    o.workers = workers;
    o.pin_cpus = pin;
    o.robometrics = test::robometricsBinary();
    return runLocal(*m, o);
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
        EXPECT_EQ(r.status, "done");
        EXPECT_EQ(r.attempts, 1);
        workers.insert(*r.worker);
    }
    EXPECT_LE(workers.size(), 2u);
    // office runs are ok; the stuck scenario is found stuck.
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

}  // namespace
}  // namespace robometrics::bench
