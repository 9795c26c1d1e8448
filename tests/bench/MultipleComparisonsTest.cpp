#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "robometrics/bench/stats/MultipleComparisons.hpp"

namespace robometrics::bench {
namespace {

TEST(MultipleComparisons, HolmAndBenjaminiHochbergByHand) {
    // Four tests and one that could not reject (NaN: not counted, m = 4). Sorted: 0.005, 0.01,
    // 0.03, 0.04.
    const std::vector<double> p{0.01, 0.04, 0.03, 0.005, NAN};
    // Holm: 4 * 0.005 = 0.02; 3 * 0.01 = 0.03; 2 * 0.03 = 0.06; 1 * 0.04 -> 0.06 (running max).
    const std::vector<double> holm = adjustPValues(p, Correction::Holm);
    EXPECT_NEAR(holm[0], 0.03, 1e-15);
    EXPECT_NEAR(holm[1], 0.06, 1e-15);
    EXPECT_NEAR(holm[2], 0.06, 1e-15);
    EXPECT_NEAR(holm[3], 0.02, 1e-15);
    EXPECT_TRUE(std::isnan(holm[4]));
    // BH: 4 * 0.04 / 4 = 0.04; 4 * 0.03 / 3 = 0.04; 4 * 0.01 / 2 = 0.02; 4 * 0.005 / 1 = 0.02.
    const std::vector<double> bh = adjustPValues(p, Correction::BenjaminiHochberg);
    EXPECT_NEAR(bh[0], 0.02, 1e-15);
    EXPECT_NEAR(bh[1], 0.04, 1e-15);
    EXPECT_NEAR(bh[2], 0.04, 1e-15);
    EXPECT_NEAR(bh[3], 0.02, 1e-15);
    EXPECT_TRUE(std::isnan(bh[4]));
    const std::vector<double> none = adjustPValues(p, Correction::None);
    EXPECT_EQ(none[1], 0.04);
}

TEST(MultipleComparisons, ManyCorrelatedChangesSurviveBenjaminiHochberg) {
    // A regression that moves fifteen statistics of one trajectory, each p = 0.03: Holm finds
    // none (0.03 * 15 > 0.05), BH all fifteen (the largest p times 15 / 15).
    const std::vector<double> p(15, 0.03);
    for (double q : adjustPValues(p, Correction::BenjaminiHochberg)) EXPECT_NEAR(q, 0.03, 1e-15);
    for (double q : adjustPValues(p, Correction::Holm)) EXPECT_GT(q, 0.05);
}

TEST(MultipleComparisons, Words) {
    Correction c = Correction::None;
    EXPECT_TRUE(parseCorrection("holm", c));
    EXPECT_EQ(c, Correction::Holm);
    EXPECT_TRUE(parseCorrection("bh", c));
    EXPECT_EQ(c, Correction::BenjaminiHochberg);
    EXPECT_FALSE(parseCorrection("bonferroni", c));
    EXPECT_STREQ(correctionName(Correction::BenjaminiHochberg), "Benjamini-Hochberg");
}

}  // namespace
}  // namespace robometrics::bench
