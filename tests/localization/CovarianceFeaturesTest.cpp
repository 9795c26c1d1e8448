#include "robometrics/localization/CovarianceFeatures.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace robometrics::localization {
namespace {

std::array<double, 36> cov(double xx, double xy, double yy, double yaw) {
    std::array<double, 36> c{};
    c[0] = xx;
    c[1] = c[6] = xy;
    c[7] = yy;
    c[35] = yaw;
    return c;
}

TEST(CovarianceFeaturesTest, MajorAxisStdAndYawStd) {
    auto f = covarianceFeatures(cov(4, 0, 1, 0.25));
    ASSERT_TRUE(f.valid);
    EXPECT_DOUBLE_EQ(f.xy_std, 2.0);
    EXPECT_DOUBLE_EQ(f.yaw_std, 0.5);
    // [[4, 2], [2, 1]]: lambda = 2.5 + sqrt(1.5^2 + 2^2) = 5.
    f = covarianceFeatures(cov(4, 2, 1, 0));
    EXPECT_DOUBLE_EQ(f.xy_std, std::sqrt(5.0));
    // Rotated ellipse [[2, 1], [1, 2]]: eigenvalues 3 and 1.
    f = covarianceFeatures(cov(2, 1, 2, 0));
    EXPECT_DOUBLE_EQ(f.xy_std, std::sqrt(3.0));
}

TEST(CovarianceFeaturesTest, NoiseNegativeIsZeroAndRealNegativeOrNaNIsInvalid) {
    auto f = covarianceFeatures(cov(-1e-12, 0, -1e-12, -1e-12));
    ASSERT_TRUE(f.valid);
    EXPECT_DOUBLE_EQ(f.xy_std, 0.0);
    EXPECT_DOUBLE_EQ(f.yaw_std, 0.0);
    f = covarianceFeatures(cov(-0.1, 0, 1, 0));
    EXPECT_FALSE(f.valid);
    EXPECT_EQ(f.problem, "negative variance in the covariance");
    f = covarianceFeatures(cov(1, std::nan(""), 1, 0));
    EXPECT_FALSE(f.valid);
    EXPECT_EQ(f.problem, "NaN in the covariance");
    // Degenerate: a line-shaped (singular) ellipse. (The all-zero matrix is the unset one: see
    // UnsetAllZeroCovarianceIsInvalid.)
    f = covarianceFeatures(cov(1, 1, 1, 0));
    EXPECT_DOUBLE_EQ(f.xy_std, std::sqrt(2.0));
}

TEST(CovarianceFeaturesTest, NoiseNegativeCountsAsZeroInBothHalvesOfTheEigenvalue) {
    // [[-8e-10, 0], [0, 0]] is the zero matrix up to noise: lambda_max = 0, not |a|/2 = 4e-10
    // (which a clamp in only the half-sum would give: xy_std 2e-5 m).
    auto f = covarianceFeatures(cov(-8e-10, 0, 0, 0));
    ASSERT_TRUE(f.valid);
    EXPECT_EQ(f.xy_std, 0.0);
    // [[1, 0], [0, -8e-10]]: lambda_max = 1 exactly, not 1 + 4e-10.
    f = covarianceFeatures(cov(1, 0, -8e-10, 0));
    ASSERT_TRUE(f.valid);
    EXPECT_EQ(f.xy_std, 1.0);
    // And symmetric in the axes.
    EXPECT_EQ(covarianceFeatures(cov(-8e-10, 0, 1, 0)).xy_std, 1.0);
}

TEST(CovarianceFeaturesTest, InfiniteYawIsKeptAndInfiniteXYIsHandled) {
    const double inf = std::numeric_limits<double>::infinity();
    auto f = covarianceFeatures(cov(1, 0, 1, inf));
    ASSERT_TRUE(f.valid);
    EXPECT_TRUE(std::isinf(f.yaw_std));
    f = covarianceFeatures(cov(inf, 0, 1, 0));
    ASSERT_TRUE(f.valid);
    EXPECT_TRUE(std::isinf(f.xy_std));
    f = covarianceFeatures(cov(inf, 0, inf, 0));  // inf - inf must not turn into NaN
    ASSERT_TRUE(f.valid);
    EXPECT_TRUE(std::isinf(f.xy_std));
}

TEST(CovarianceFeaturesTest, UnsetAllZeroCovarianceIsInvalid) {
    // An all-zero covariance is "unknown", not a perfect fix: an invalid reading, counted as such.
    auto f = covarianceFeatures(std::array<double, 36>{});
    EXPECT_FALSE(f.valid);
    EXPECT_EQ(f.problem, "covariance unset (all zero)");
    // Zero x, y and yaw variance with another entry set is a (degenerate) estimate, still read.
    std::array<double, 36> c{};
    c[14] = 1e6;  // z unknown, as 2-D localizers often report
    f = covarianceFeatures(c);
    ASSERT_TRUE(f.valid);
    EXPECT_EQ(f.xy_std, 0.0);
    // Noise below zero is not the unset matrix either.
    EXPECT_TRUE(covarianceFeatures(cov(-8e-10, 0, 0, 0)).valid);
}

}  // namespace
}  // namespace robometrics::localization
