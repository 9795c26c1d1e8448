#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "robometrics/bench/stats/SampleSummary.hpp"

namespace robometrics::bench {
namespace {

TEST(SampleSummary, HandComputed) {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum 32, sample var 32 / 7, std 2.13809.
    // 95 % CI: 5 -+ t_{0.975, 7} (2.364624252) * sqrt(32/7) / sqrt(8) = 5 -+ 1.787485.
    const std::vector<double> v = {9, 4, 2, 4, 5, 4, 7, 5};
    const SampleSummary s = summarize(v);
    EXPECT_EQ(s.n, 8u);
    EXPECT_DOUBLE_EQ(s.mean, 5.0);
    EXPECT_NEAR(s.std, std::sqrt(32.0 / 7.0), 1e-12);
    EXPECT_EQ(s.min, 2.0);
    EXPECT_EQ(s.max, 9.0);
    EXPECT_DOUBLE_EQ(s.median, 4.5);
    const double half = 2.364624252 * std::sqrt(32.0 / 7.0) / std::sqrt(8.0);
    EXPECT_NEAR(s.ci_low, 5 - half, 1e-8);
    EXPECT_NEAR(s.ci_high, 5 + half, 1e-8);
}

TEST(SampleSummary, ThreeIterations) {
    // 1, 2, 3: mean 2, std 1, CI 2 -+ 4.302652730 / sqrt(3); median of an odd count is the middle.
    const std::vector<double> v = {3, 1, 2};
    const SampleSummary s = summarize(v);
    EXPECT_DOUBLE_EQ(s.median, 2.0);
    EXPECT_NEAR(s.std, 1.0, 1e-15);
    EXPECT_NEAR(s.ci_high - s.mean, 4.302652730 / std::sqrt(3.0), 1e-8);
}

TEST(SampleSummary, OneValueHasNoSpreadAndNonFiniteIsIgnored) {
    const std::vector<double> v = {NAN, 1.5, INFINITY};
    const SampleSummary s = summarize(v);
    EXPECT_EQ(s.n, 1u);
    EXPECT_EQ(s.mean, 1.5);
    EXPECT_EQ(s.median, 1.5);
    EXPECT_TRUE(std::isnan(s.std));
    EXPECT_TRUE(std::isnan(s.ci_low));
    EXPECT_EQ(summarize(std::vector<double>{}).n, 0u);
    EXPECT_TRUE(std::isnan(summarize(std::vector<double>{}).mean));
}

}  // namespace
}  // namespace robometrics::bench
