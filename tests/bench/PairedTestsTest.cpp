#include <gtest/gtest.h>

#include <vector>

#include "robometrics/bench/stats/PairedTests.hpp"

namespace robometrics::bench {
namespace {

// Reference values from scipy 1.10.1 (Debian 12's python3-scipy): scipy.stats.wilcoxon(d),
// ttest_1samp(d, 0) (= ttest_rel) and t.interval(0.95, n - 1, mean, sem).

TEST(PairedTests, WilcoxonExactAsScipyWithoutZerosOrTies) {
    const std::vector<double> d{0.31, -0.12, 0.45, 0.08, 0.27, -0.05, 0.19, 0.6};
    const WilcoxonResult r = wilcoxonSignedRank(d);
    EXPECT_TRUE(r.exact);
    EXPECT_EQ(r.n, 8);
    EXPECT_EQ(r.statistic, 4.0);  // W- = 1 + 3: the ranks of -0.05 and -0.12
    EXPECT_EQ(r.w_plus, 32.0);
    EXPECT_NEAR(r.p_value, 0.0546875, 1e-15);  // scipy: 0.0546875 = 2 * 7 / 256
}

TEST(PairedTests, WilcoxonNormalApproximationAsScipyAboveFifty) {
    const std::vector<double> d{
        0.3842,  1.7097,  1.5747,  -0.1603, 0.052,   -0.1774, 0.9197, 0.2939,  1.0969,  -1.4973, 1.9165,  0.2536,
        1.0304,  0.2134,  -0.0291, 0.8131,  1.1745,  0.1475,  0.1972, 1.0357,  -0.5203, -1.1644, 0.745,   -0.3206,
        -1.5703, -0.4641, -0.1176, -0.8432, -1.1425, 0.3866,  1.2472, 0.1169,  -0.3936, 0.735,   1.0672,  0.05,
        0.8947,  1.3929,  0.143,   -0.4635, 0.6977,  0.5975,  1.4488, -0.9346, -0.3116, -0.4882, -1.384,  0.4764,
        0.8778,  -0.3888, 1.7356,  1.1719,  0.9774,  0.7517,  1.3057, -0.982,  0.9639,  0.9528,  -1.4177, 0.697};
    const WilcoxonResult r = wilcoxonSignedRank(d);
    EXPECT_FALSE(r.exact);
    EXPECT_EQ(r.statistic, 591.0);
    EXPECT_NEAR(r.p_value, 0.017071723791291522, 1e-12);
}

TEST(PairedTests, WilcoxonDropsZerosAndCountsTiesExactly) {
    // Six recordings changed the same way, two did not: the zeros carry no sign and are dropped;
    // all six signs positive is 1 of 64 patterns, two-sided 2/64.
    const std::vector<double> six{0, 0, 0.046, 0.044, 0.05, 0.041, 0.047, 0.043};
    WilcoxonResult r = wilcoxonSignedRank(six);
    EXPECT_EQ(r.n, 6);
    EXPECT_EQ(r.zeros, 2);
    EXPECT_TRUE(r.exact);
    EXPECT_NEAR(r.p_value, 2.0 / 64, 1e-15);
    // Four equal changes among twelve: every pattern of signs of four tied ranks, two-sided 2/16
    // (the normal approximation scipy switches to with zeros says 0.0455).
    const std::vector<double> four{0.046, 0.046, 0.046, 0.046, 0, 0, 0, 0, 0, 0, 0, 0};
    r = wilcoxonSignedRank(four);
    EXPECT_EQ(r.n, 4);
    EXPECT_NEAR(r.p_value, 0.125, 1e-15);
    // Ties across signs: |d| = 1, 1, 2 -> ranks 1.5, 1.5, 3; W+ = 4.5 (1.5 + 3). The 8 sign
    // patterns give W+ = 0, 1.5, 1.5, 3, 3, 4.5, 4.5, 6: P(W+ >= 4.5) = 3/8, p = 2 * 3/8.
    r = wilcoxonSignedRank(std::vector<double>{1, -1, 2});
    EXPECT_EQ(r.w_plus, 4.5);
    EXPECT_NEAR(r.p_value, 0.75, 1e-15);
    // Nothing changed: no evidence either way.
    r = wilcoxonSignedRank(std::vector<double>{0, 0, 0});
    EXPECT_EQ(r.n, 0);
    EXPECT_EQ(r.p_value, 1.0);
    EXPECT_TRUE(std::isnan(wilcoxonSignedRank(std::vector<double>{}).p_value));
}

TEST(PairedTests, PairedTAsScipyWithItsInterval) {
    const std::vector<double> d{0.31, -0.12, 0.45, 0.08, 0.27, -0.05, 0.19, 0.6};
    const PairedTResult r = pairedTTest(d);
    EXPECT_EQ(r.n, 8);
    EXPECT_NEAR(r.mean, 0.21625, 1e-15);
    EXPECT_NEAR(r.t, 2.506644739950763, 1e-12);
    EXPECT_NEAR(r.p_value, 0.040595656228491456, 1e-10);
    EXPECT_NEAR(r.ci_low, 0.012252207201080473, 1e-10);
    EXPECT_NEAR(r.ci_high, 0.42024779279891955, 1e-10);
    // ttest_rel(new, base) of six recordings whose ATE rose by about 0.045 m.
    const std::vector<double> rose{0.046, 0.044, 0.05, 0.041, 0.047, 0.043};
    EXPECT_NEAR(pairedTTest(rose).t, 34.69799446181481, 1e-9);
    EXPECT_NEAR(pairedTTest(rose).p_value, 3.7404584921025303e-07, 1e-14);
}

TEST(PairedTests, PairedTWithoutSpread) {
    PairedTResult r = pairedTTest(std::vector<double>{0.5, 0.5, 0.5});
    EXPECT_EQ(r.p_value, 0.0);  // an exact difference
    EXPECT_EQ(r.ci_low, 0.5);
    r = pairedTTest(std::vector<double>{0, 0});
    EXPECT_EQ(r.p_value, 1.0);
    EXPECT_TRUE(std::isnan(pairedTTest(std::vector<double>{1}).p_value));
}

}  // namespace
}  // namespace robometrics::bench
