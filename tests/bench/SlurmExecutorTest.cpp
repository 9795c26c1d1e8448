#include <gtest/gtest.h>

#include "BenchTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/bench/slurm/SlurmExecutor.hpp"

namespace robometrics::bench {

// The submission itself needs a cluster (tests/slurm); a benchmark with every job done needs none.
TEST(SlurmExecutor, NothingToSubmitWhenEveryJobIsDone) {
    const auto out = test::scratchDir("slurm-all-done");
    auto stored = test::storeMatrix(out, "iterations: 2\ncommand: [\"true\"]\n");
    ASSERT_TRUE(stored.ok()) << stored.message();
    for (int i = 0; i < 2; ++i) {
        JobOutcome done;
        done.index = i;
        done.success = true;
        ASSERT_TRUE(stored->store.record(done).ok());
    }
    auto rows = stored->store.jobs();
    ASSERT_TRUE(rows.ok()) << rows.message();
    for (const JobRecord &job : *rows) ASSERT_EQ(job.status, bench::JobStatus::done);  // else sbatch would run
    auto submitted = submitSlurm(stored->matrix, SlurmOptions{out.string(), "robometrics", false});
    ASSERT_TRUE(submitted.ok()) << submitted.message();
    EXPECT_EQ(*submitted, "bench: every job of " + out.string() + " is done; nothing to submit\n");
    EXPECT_FALSE(std::filesystem::exists(out / "slurm"));
}

}  // namespace robometrics::bench
