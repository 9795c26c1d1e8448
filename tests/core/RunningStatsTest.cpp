#include "robometrics/core/RunningStats.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace robometrics {
namespace {

TEST(RunningStats, EmptyReportsNaNAndCountZero) {
    RunningStats s;
    EXPECT_TRUE(s.empty());
    EXPECT_EQ(s.count(), 0u);
    EXPECT_TRUE(std::isnan(s.mean()));
    EXPECT_TRUE(std::isnan(s.min()));
    EXPECT_TRUE(std::isnan(s.max()));
    EXPECT_TRUE(std::isnan(s.stddev()));
}

TEST(RunningStats, WelfordPopulationAndSampleDeviation) {
    RunningStats s;
    for (double x : {2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0}) s.add(x);
    EXPECT_EQ(s.count(), 8u);
    EXPECT_DOUBLE_EQ(s.mean(), 5.0);
    EXPECT_DOUBLE_EQ(s.variance(), 4.0);  // sum of squared deviations 32 / 8
    EXPECT_DOUBLE_EQ(s.stddev(), 2.0);
    EXPECT_DOUBLE_EQ(s.sampleVariance(), 32.0 / 7.0);
    EXPECT_EQ(s.min(), 2.0);
    EXPECT_EQ(s.max(), 9.0);
}

TEST(RunningStats, OneSampleHasZeroPopulationDeviation) {
    RunningStats s;
    s.add(3.5);
    EXPECT_EQ(s.stddev(), 0.0);  // as libstatistics_collector (not NaN)
    EXPECT_TRUE(std::isnan(s.sampleStddev()));
}

TEST(RunningStats, NaNSamplesAreIgnored) {
    RunningStats s;
    s.add(NAN);
    s.add(1.0);
    s.add(NAN);
    s.add(3.0);
    EXPECT_EQ(s.count(), 2u);
    EXPECT_DOUBLE_EQ(s.mean(), 2.0);
}

TEST(RunningStats, AllNegativeDataHasANegativeMaximum) {
    // libstatistics_collector started max at numeric_limits<double>::min() (fixed upstream, #201).
    RunningStats s;
    s.add(-5.0);
    s.add(-1.0);
    EXPECT_EQ(s.max(), -1.0);
    EXPECT_EQ(s.min(), -5.0);
}

TEST(RunningStats, ResetStartsOver) {
    RunningStats s;
    s.add(10);
    s.reset();
    s.add(1);
    EXPECT_EQ(s.count(), 1u);
    EXPECT_EQ(s.mean(), 1.0);
    EXPECT_EQ(s.max(), 1.0);
}

}  // namespace
}  // namespace robometrics
