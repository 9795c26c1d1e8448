#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "robometrics/bench/stats/StudentT.hpp"
#include "robometrics/bench/stats/WelchTest.hpp"

namespace robometrics::bench {
namespace {

TEST(WelchTest, HandComputed) {
    // a = 1..5: mean 3, var 2.5; b = 2, 4, ..., 10: mean 6, var 10. Squared standard errors
    // 0.5 and 2: t = -3 / sqrt(2.5) = -1.897367, df = 2.5^2 / (0.25/4 + 4/4) = 6.25 / 1.0625 = 5.882353.
    const std::vector<double> a = {1, 2, 3, 4, 5}, b = {2, 4, 6, 8, 10};
    const WelchResult r = welchTest(a, b);
    EXPECT_DOUBLE_EQ(r.difference, -3.0);
    EXPECT_NEAR(r.t, -3 / std::sqrt(2.5), 1e-12);
    EXPECT_NEAR(r.df, 6.25 / 1.0625, 1e-12);
    // p = I_{df/(df+t^2)}(df/2, 1/2) = 0.10753 (R: t.test(1:5, seq(2, 10, 2))$p.value = 0.1075).
    EXPECT_NEAR(r.p_value, 0.1075, 5e-4);
    EXPECT_NEAR(r.p_value, regularizedIncompleteBeta(r.df / 2, 0.5, r.df / (r.df + r.t * r.t)), 1e-15);
}

TEST(WelchTest, EqualVariancesGiveStudentsT) {
    // Equal n and variances: df = 2n - 2 = 8 and t = 2 / sqrt(2 * 2.5 / 5) = 2; p = 2 (1 - F_8(2)).
    const std::vector<double> a = {3, 4, 5, 6, 7}, b = {1, 2, 3, 4, 5};
    const WelchResult r = welchTest(a, b);
    EXPECT_NEAR(r.t, 2.0, 1e-12);
    EXPECT_NEAR(r.df, 8.0, 1e-12);
    EXPECT_NEAR(r.p_value, 2 * (1 - studentTCdf(2.0, 8)), 1e-14);
    EXPECT_NEAR(r.p_value, 0.08051, 1e-4);  // printed tables: two-sided p of t = 2 at 8 df
}

TEST(WelchTest, DegenerateSamples) {
    EXPECT_TRUE(std::isnan(welchTest(std::vector<double>{1}, std::vector<double>{1, 2}).p_value));
    EXPECT_EQ(welchTest(std::vector<double>{2, 2}, std::vector<double>{2, 2}).p_value, 1.0);
    EXPECT_EQ(welchTest(std::vector<double>{2, 2}, std::vector<double>{3, 3}).p_value, 0.0);
}

}  // namespace
}  // namespace robometrics::bench
