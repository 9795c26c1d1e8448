// The Slurm job ids of a benchmark (OUT/slurm/jobs.txt) after an append was cut short at any
// byte: the torn id is never read, and the next append does not join onto it.
#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/bench/slurm/SlurmStatus.hpp"

namespace robometrics::bench::slurm_status_test {
namespace {

namespace fs = std::filesystem;

std::vector<long long> ids(const fs::path &out) {
    auto read = slurmJobIds(out.string());
    EXPECT_TRUE(read.ok()) << read.message();
    return read.ok() ? *read : std::vector<long long>{};
}

TEST(SlurmStatus, JobIdsSurviveAnAppendCutShortAtAnyByte) {
    const fs::path out = test::scratchDir("slurm-ids");
    EXPECT_TRUE(ids(out).empty());  // nothing submitted yet
    fs::create_directories(out / "slurm");
    ASSERT_TRUE(appendSlurmJobId(out.string(), 111).ok());
    ASSERT_TRUE(appendSlurmJobId(out.string(), 2222).ok());
    EXPECT_EQ(test::readFile(out / "slurm" / "jobs.txt"), "111\n2222\n");
    EXPECT_EQ(ids(out), (std::vector<long long>{111, 2222}));

    const std::string whole = "111\n2222\n33333\n";
    for (std::size_t cut = 0; cut <= whole.size(); ++cut) {
        std::ofstream(out / "slurm" / "jobs.txt", std::ios::binary | std::ios::trunc) << whole.substr(0, cut);
        std::vector<long long> complete;
        for (std::size_t end = 0, start = 0; (end = whole.find('\n', start)) < cut; start = end + 1) {
            complete.push_back(std::stoll(whole.substr(start, end - start)));
        }
        EXPECT_EQ(ids(out), complete) << "cut after " << cut << " bytes";
        ASSERT_TRUE(appendSlurmJobId(out.string(), 44).ok());
        complete.push_back(44);
        EXPECT_EQ(ids(out), complete) << "cut after " << cut << " bytes, then appended";
    }
}

}  // namespace
}  // namespace robometrics::bench::slurm_status_test
