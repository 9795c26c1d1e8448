#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "robometrics/slam/ErrorStatistics.hpp"

using robometrics::slam::computeErrorStatistics;
using robometrics::slam::pairwiseSum;

TEST(ErrorStatistics, EvenCountHandComputed) {
    std::vector<double> e = {4.0, 1.0, 3.0, 2.0};
    auto s = computeErrorStatistics(e);
    EXPECT_EQ(s.n, 4u);
    EXPECT_DOUBLE_EQ(s.mean, 2.5);
    EXPECT_DOUBLE_EQ(s.median, 2.5);  // mean of the two middle values
    EXPECT_DOUBLE_EQ(s.min, 1.0);
    EXPECT_DOUBLE_EQ(s.max, 4.0);
    EXPECT_DOUBLE_EQ(s.sse, 30.0);
    EXPECT_DOUBLE_EQ(s.rmse, std::sqrt(7.5));
    EXPECT_DOUBLE_EQ(s.std, std::sqrt(1.25));  // population std (ddof = 0)
}

TEST(ErrorStatistics, OddCountMedianIsTheMiddleValue) {
    std::vector<double> e = {3.0, 1.0, 2.0};
    auto s = computeErrorStatistics(e);
    EXPECT_DOUBLE_EQ(s.median, 2.0);
    EXPECT_DOUBLE_EQ(s.std, std::sqrt(2.0 / 3.0));
}

TEST(ErrorStatistics, EmptyGivesZeros) {
    auto s = computeErrorStatistics({});
    EXPECT_EQ(s.n, 0u);
    EXPECT_EQ(s.rmse, 0.0);
}

TEST(ErrorStatistics, PairwiseSumFollowsNumpyBlocking) {
    // numpy sums 8 values as ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)). 1e16 + 1 rounds back to
    // 1e16 (ties to even), but 1e16 + 2 and 1e16 + 6 are exact: the tree gives 1e16 + 6, a loop 1e16.
    std::vector<double> v = {1e16, 1, 1, 1, 1, 1, 1, 1};
    EXPECT_EQ(pairwiseSum(v), 1e16 + 6);
    double naive = 0.0;
    for (double x : v) naive += x;
    EXPECT_EQ(naive, 1e16);
}

TEST(ErrorStatistics, InPlaceGivesTheSameBitsAndReordersItsInput) {
    std::vector<double> e;
    for (int i = 0; i < 1001; ++i) e.push_back(std::fmod(i * 0.7368, 1.3) + 1e-3 * i);
    const auto copied = computeErrorStatistics(e);
    std::vector<double> reordered = e;
    const auto in_place = robometrics::slam::computeErrorStatisticsInPlace(reordered);
    for (auto [a, b] : {std::pair{copied.mean, in_place.mean},
                        {copied.median, in_place.median},
                        {copied.std, in_place.std},
                        {copied.rmse, in_place.rmse},
                        {copied.sse, in_place.sse},
                        {copied.min, in_place.min},
                        {copied.max, in_place.max}}) {
        EXPECT_EQ(a, b);  // bit for bit
    }
    EXPECT_EQ(in_place.n, 1001u);
    EXPECT_NE(reordered, e);  // the median's selection moved them
}
