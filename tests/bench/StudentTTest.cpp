#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/bench/stats/StudentT.hpp"

namespace robometrics::bench {
namespace {

TEST(StudentT, IncompleteBetaClosedForms) {
    // I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 - (1 - x)^b; I_0.5(a, a) = 1/2 by symmetry.
    EXPECT_NEAR(regularizedIncompleteBeta(1, 1, 0.3), 0.3, 1e-14);
    EXPECT_NEAR(regularizedIncompleteBeta(3, 1, 0.5), 0.125, 1e-14);
    EXPECT_NEAR(regularizedIncompleteBeta(1, 4, 0.5), 1 - 0.0625, 1e-14);
    EXPECT_NEAR(regularizedIncompleteBeta(7.5, 7.5, 0.5), 0.5, 1e-13);
    // I_0.4(2, 3) = sum_{j=2..4} C(4, j) 0.4^j 0.6^(4-j) = 0.3456 + 0.1536 + 0.0256 = 0.5248.
    EXPECT_NEAR(regularizedIncompleteBeta(2, 3, 0.4), 0.5248, 1e-13);
    // Both branches of the continued fraction: x above (a + 1) / (a + b + 2) uses the symmetry.
    EXPECT_NEAR(regularizedIncompleteBeta(2, 3, 0.9), 1 - regularizedIncompleteBeta(3, 2, 0.1), 1e-14);
    // I_0.9(2, 3) = 6*0.81*0.01 + 4*0.729*0.1 + 0.6561 = 0.0486 + 0.2916 + 0.6561 = 0.9963.
    EXPECT_NEAR(regularizedIncompleteBeta(2, 3, 0.9), 0.9963, 1e-13);
    EXPECT_EQ(regularizedIncompleteBeta(2, 3, 0), 0.0);
    EXPECT_EQ(regularizedIncompleteBeta(2, 3, 1), 1.0);
    EXPECT_TRUE(std::isnan(regularizedIncompleteBeta(0, 3, 0.5)));
    EXPECT_TRUE(std::isnan(regularizedIncompleteBeta(2, 3, 1.5)));
}

TEST(StudentT, CdfClosedForms) {
    // df = 1 is the Cauchy distribution: F(t) = 1/2 + atan(t) / pi.
    EXPECT_NEAR(studentTCdf(1.0, 1), 0.75, 1e-14);
    EXPECT_NEAR(studentTCdf(-3.0, 1), 0.5 + std::atan(-3.0) / M_PI, 1e-14);
    // df = 2: F(t) = 1/2 + t / (2 sqrt(2 + t^2)); t = 2 gives 1/2 + 2 / (2 sqrt 6).
    EXPECT_NEAR(studentTCdf(2.0, 2), 0.5 + 1 / std::sqrt(6.0), 1e-14);
    EXPECT_EQ(studentTCdf(0.0, 5), 0.5);
    // Two-sided p of |t| = 1 with df = 1: 2 (1 - 0.75) = 0.5.
    EXPECT_NEAR(studentTTwoSidedP(-1.0, 1), 0.5, 1e-14);
}

TEST(StudentT, QuantilesOfTheTables) {
    // t_{0.975} from the printed tables (and exact for df = 1: tan(0.475 pi); df = 2: sqrt(2) * 0.95 / sqrt(1 -
    // 0.95^2)).
    EXPECT_NEAR(studentTQuantile(0.975, 1), std::tan(0.475 * M_PI), 1e-9);
    EXPECT_NEAR(studentTQuantile(0.975, 2), 0.95 * std::sqrt(2.0 / (1 - 0.95 * 0.95)), 1e-12);
    EXPECT_NEAR(studentTQuantile(0.975, 4), 2.776445105, 1e-8);
    EXPECT_NEAR(studentTQuantile(0.975, 9), 2.262157163, 1e-8);
    EXPECT_NEAR(studentTQuantile(0.975, 30), 2.042272456, 1e-8);
    EXPECT_NEAR(studentTQuantile(0.975, 1e6), 1.959966, 1e-5);  // tends to the normal 1.959964
    EXPECT_NEAR(studentTQuantile(0.025, 9), -2.262157163, 1e-8);
    EXPECT_EQ(studentTQuantile(0.5, 3), 0.0);
    EXPECT_TRUE(std::isnan(studentTQuantile(1.0, 3)));
    EXPECT_NEAR(studentTCdf(studentTQuantile(0.9, 3.7), 3.7), 0.9, 1e-12);  // fractional df (Welch)
}

}  // namespace
}  // namespace robometrics::bench
