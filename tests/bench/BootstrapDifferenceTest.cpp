#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "robometrics/bench/stats/BootstrapDifference.hpp"

namespace robometrics::bench {
namespace {

TEST(BootstrapDifference, DeterministicForASeed) {
    const std::vector<double> a = {1.0, 1.2, 0.9, 1.1, 1.3}, b = {1.5, 1.7, 1.4, 1.8, 1.6};
    const BootstrapResult r1 = bootstrapDifference(a, b);
    const BootstrapResult r2 = bootstrapDifference(a, b);
    EXPECT_EQ(r1.ci_low, r2.ci_low);  // bit for bit
    EXPECT_EQ(r1.ci_high, r2.ci_high);
    EXPECT_NEAR(r1.difference, 1.1 - 1.6, 1e-12);
    EXPECT_EQ(r1.resamples, 10000);
    // The resampled means lie within the data: a - b within [0.9 - 1.8, 1.3 - 1.4].
    EXPECT_GE(r1.ci_low, -0.9);
    EXPECT_LE(r1.ci_high, -0.1);
    EXPECT_LT(r1.ci_low, r1.difference);
    EXPECT_GT(r1.ci_high, r1.difference);
    BootstrapOptions other;
    other.seed = 7;
    EXPECT_NE(bootstrapDifference(a, b, other).ci_low, r1.ci_low);
}

TEST(BootstrapDifference, ConstantSamplesGiveAPointInterval) {
    // Every resample of {2, 2, 2} has mean 2: the interval is exactly the difference.
    const BootstrapResult r = bootstrapDifference(std::vector<double>{2, 2, 2}, std::vector<double>{0.5, 0.5});
    EXPECT_EQ(r.ci_low, 1.5);
    EXPECT_EQ(r.ci_high, 1.5);
}

TEST(BootstrapDifference, OverlappingSamplesIncludeZero) {
    const std::vector<double> a = {1, 3, 2, 4, 0}, b = {2, 1, 3, 0, 4};
    const BootstrapResult r = bootstrapDifference(a, b);
    EXPECT_EQ(r.difference, 0.0);
    EXPECT_LT(r.ci_low, 0.0);
    EXPECT_GT(r.ci_high, 0.0);
    EXPECT_TRUE(std::isnan(bootstrapDifference(std::vector<double>{}, b).ci_low));
}

}  // namespace
}  // namespace robometrics::bench
