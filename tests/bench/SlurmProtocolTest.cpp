#include <gtest/gtest.h>

#include "robometrics/bench/slurm/SlurmProtocol.hpp"

namespace robometrics::bench {
namespace {

TEST(SlurmProtocol, ArrayListCompressesRanges) {
    EXPECT_EQ(slurmArrayList({0, 1, 2, 3}), "0-3");
    EXPECT_EQ(slurmArrayList({9, 5, 0, 1, 7, 8, 5}), "0-1,5,7-9");
    EXPECT_EQ(slurmArrayList({}), "");
}

TEST(SlurmProtocol, BatchScriptQuotesAndRequestsResources) {
    SlurmScript s;
    s.out_dir = "/data/it's out";
    s.robometrics = "/opt/rm/robometrics";
    s.array = "0-11";
    s.resources = {2, 1024, "00:10:00"};
    const std::string text = slurmBatchScript(s);
    EXPECT_NE(text.find("#SBATCH --array=0-11\n"), std::string::npos);
    EXPECT_NE(text.find("#SBATCH --cpus-per-task=2\n"), std::string::npos);
    EXPECT_NE(text.find("#SBATCH --mem=1024\n"), std::string::npos);
    EXPECT_NE(text.find("#SBATCH --time=00:10:00\n"), std::string::npos);
    EXPECT_NE(
        text.find("exec '/opt/rm/robometrics' bench run-job '/data/it'\\''s out' --index \"$SLURM_ARRAY_TASK_ID\"\n"),
        std::string::npos)
        << text;
    s.resources = {};
    EXPECT_EQ(slurmBatchScript(s).find("--mem"), std::string::npos);  // 0 = the partition's default
}

TEST(SlurmProtocol, PackedScriptGivesEachTaskItsJobList) {
    SlurmScript s;
    s.out_dir = "/data/out";
    s.robometrics = "/opt/robometrics";
    s.array = "0-1";
    s.task_jobs = {"0-2", "5,9"};
    const std::string text = slurmBatchScript(s);
    EXPECT_NE(text.find("#SBATCH --array=0-1\n"), std::string::npos);
    EXPECT_NE(text.find("case \"$SLURM_ARRAY_TASK_ID\" in\n  0) jobs=0-2 ;;\n  1) jobs=5,9 ;;\n"), std::string::npos)
        << text;
    EXPECT_NE(text.find("exec '/opt/robometrics' bench run-job '/data/out' --index \"$jobs\"\n"), std::string::npos)
        << text;
}

TEST(SlurmProtocol, ParsesSbatchSqueueAndSacct) {
    EXPECT_EQ(parseSbatchJobId("1234\n"), 1234);
    EXPECT_EQ(parseSbatchJobId("77;cluster\n"), 77);
    EXPECT_FALSE(parseSbatchJobId("sbatch: error\n"));
    auto squeue = parseSlurmStates("12_[3-7]|PENDING|(Resources)\n12_1|RUNNING|node1\n", "squeue");
    ASSERT_TRUE(squeue.ok());
    ASSERT_EQ(squeue->size(), 2u);
    EXPECT_EQ((*squeue)[0].job_id, "12_[3-7]");
    EXPECT_EQ((*squeue)[1].state, "RUNNING");
    auto sacct = parseSlurmStates("12_0|COMPLETED|0:0\n12_2|CANCELLED by 0|0:15\n", "sacct");
    ASSERT_TRUE(sacct.ok());
    EXPECT_EQ((*sacct)[1].state, "CANCELLED");
    EXPECT_EQ((*sacct)[1].detail, "0:15");
    auto bad = parseSlurmStates("12_0|COMPLETED\n", "sacct");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.message().find("sacct: line 1"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::bench
