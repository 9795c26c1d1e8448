#include "robometrics/bench/BenchTable.hpp"

#include <gtest/gtest.h>

namespace robometrics::bench {
namespace {

JobRecord job(const std::string &cell, JobStatus status, double run_s) {
    JobRecord j;
    j.cell_key = cell;
    j.status = status;
    j.run_s = run_s;
    j.evaluate_s = 1.0;
    j.verdict = "ok";
    return j;
}

TEST(BenchTable, OneRowPerCellWithMeansOfTheDoneJobs) {
    const std::string table =
        formatCellTable({job("world=a", bench::JobStatus::done, 2.0), job("world=a", bench::JobStatus::done, 4.0), job("world=b", bench::JobStatus::failed, 9.0)});
    EXPECT_EQ(table,
              "cell     done  failed  pending   ok   run_s  eval_s\n"
              "world=a     2       0        0    2    3.00    1.00\n"
              "world=b     0       1        0    0       -       -\n");
}

TEST(BenchTable, AMatrixWithoutAxesIsOneRow) {
    const std::string table = formatCellTable({job("", bench::JobStatus::done, 1.0), job("", bench::JobStatus::done, 3.0), job("", bench::JobStatus::pending, 0)});
    EXPECT_EQ(table,
              "cell   done  failed  pending   ok   run_s  eval_s\n"
              "(all)     2       0        1    2    2.00    1.00\n");
}

}  // namespace
}  // namespace robometrics::bench
