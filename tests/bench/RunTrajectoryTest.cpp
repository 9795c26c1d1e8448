#include <gtest/gtest.h>

#include <sstream>

#include "robometrics/bench/report/RunTrajectory.hpp"

namespace robometrics::bench {
namespace {

TEST(RunTrajectory, ReadsThePositionColumnsByName) {
    std::istringstream csv(
        "time_s,timestamp,ape_se3_m,ape_origin_m,ref_x,ref_y,ref_z,est_x,est_y,est_z\n"
        "0.0,10.0,0.1,0.0,1,2,0,1.1,2.0,0\n"
        "0.1,10.1,0.2,0.1,3,4,0,3.2,4.0,0\r\n"
        "0.2,10.2,x,0.1,oops,4,0,3.2,4.0,0\n"  // skipped: not a number where it matters
        "0.3,10.3,nan,nan,5,6,0,5,6.5,0\n");   // kept: the errors may be nan, the positions are fine
    auto run = readRunTrajectory(csv, 7);
    ASSERT_TRUE(run.has_value());
    EXPECT_EQ(run->job_index, 7);
    EXPECT_EQ(run->ref_x, (std::vector<double>{1, 3, 5}));
    EXPECT_EQ(run->ref_y, (std::vector<double>{2, 4, 6}));
    EXPECT_EQ(run->est_x, (std::vector<double>{1.1, 3.2, 5}));
    EXPECT_EQ(run->est_y, (std::vector<double>{2.0, 4.0, 6.5}));
}

TEST(RunTrajectory, AnOlderAteCsvOrAnEmptyOneGivesNone) {
    std::istringstream old("time_s,timestamp,ape_se3_m,ape_origin_m\n0,1,0.1,0.1\n");
    EXPECT_FALSE(readRunTrajectory(old, 0).has_value());
    std::istringstream empty("");
    EXPECT_FALSE(readRunTrajectory(empty, 0).has_value());
    std::istringstream header_only("ref_x,ref_y,est_x,est_y\n");
    EXPECT_FALSE(readRunTrajectory(header_only, 0).has_value());
}

TEST(RunTrajectory, LongRunsAreThinnedKeepingTheFirstAndLastPose) {
    std::string text = "ref_x,ref_y,est_x,est_y\n";
    for (int i = 0; i < 1000; ++i) text += std::to_string(i) + ",0,0,0\n";
    std::istringstream csv(text);
    auto run = readRunTrajectory(csv, 0, 400);
    ASSERT_TRUE(run.has_value());
    // 999 intervals at most 399 per plot point: every ceil(999 / 399) = 3rd row, 0..999 -> 334 points.
    ASSERT_EQ(run->ref_x.size(), 334u);
    EXPECT_EQ(run->ref_x.front(), 0);
    EXPECT_EQ(run->ref_x[1], 3);
    EXPECT_EQ(run->ref_x.back(), 999);

    std::string uneven = "ref_x,ref_y,est_x,est_y\n";
    for (int i = 0; i < 11; ++i) uneven += std::to_string(i) + ",0,0,0\n";
    std::istringstream csv2(uneven);
    auto few = readRunTrajectory(csv2, 0, 4);  // step ceil(10 / 3) = 4: rows 0, 4, 8 and the last, 10
    ASSERT_TRUE(few.has_value());
    EXPECT_EQ(few->ref_x, (std::vector<double>{0, 4, 8, 10}));
}

}  // namespace
}  // namespace robometrics::bench
