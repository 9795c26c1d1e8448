#include "robometrics/terrain/CostModel.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace robometrics::terrain {
namespace {

TEST(CostModelTest, NormalisesEachFactorAndClampsToOne) {
    CostModel m{CostmapConfig{}};
    EXPECT_DOUBLE_EQ(m.obstacleCost(2), 0.4);   // 2 / 5
    EXPECT_DOUBLE_EQ(m.obstacleCost(12), 1.0);
    EXPECT_DOUBLE_EQ(m.obstacleCost(-1), 0.0);
    EXPECT_DOUBLE_EQ(m.roughnessCost(0.01), 0.2);  // 0.01 / 0.05
    EXPECT_DOUBLE_EQ(m.slopeCost(35.0 * std::numbers::pi / 180.0), 1.0);
    EXPECT_NEAR(m.slopeCost(std::atan(0.1)), 0.16315980392856125, 1e-15);  // 5.7106 deg / 35 deg
}

TEST(CostModelTest, WeightedTotalMapsTo0To99RoundedOrTruncated) {
    CostmapConfig config;
    CostModel round(config);
    config.rounding = Rounding::Truncate;
    CostModel trunc(config);
    // 0.4*0.4 + 0.3*0.16316 + 0.15*0.2 = 0.238948; *99 = 23.656
    CostFactors f{0.4, 0.16315980392856125, 0.2, 0.0};
    EXPECT_NEAR(round.total(f), 0.2389479411785684, 1e-15);
    EXPECT_EQ(round.value(f), 24);
    EXPECT_EQ(trunc.value(f), 23);
    // Unknown alone: 0.15 * 99 = 14.85 -> 15 rounded, 14 truncated (the original's floor).
    CostFactors unknown{0, 0, 0, 1};
    EXPECT_EQ(round.value(unknown), 15);
    EXPECT_EQ(trunc.value(unknown), 14);
    EXPECT_EQ(round.value(CostFactors{}), 0);
}

TEST(CostModelTest, LethalByThresholdOrByDefiniteObstacle) {
    CostModel m{CostmapConfig{}};
    // 0.4 + 0.3 + 0.15*0 + 0.15 = 0.85 >= 0.8
    EXPECT_EQ(m.value({1.0 - 1e-9, 1.0, 0.0, 1.0}), 100);
    // 0.4*0.99 = 0.396 < 0.8 but obstacle >= 0.99 is a definite obstacle.
    EXPECT_EQ(m.value({0.99, 0, 0, 0}), 100);
    // Just below: 0.4 * 0.98 = 0.392 -> 38.8 -> 39
    EXPECT_EQ(m.value({0.98, 0, 0, 0}), 39);
    // Total clamped to 1 when weights sum above 1.
    CostmapConfig heavy;
    heavy.weight_slope = 3.0;
    heavy.lethal_threshold = 2.0;  // never reached: the clamped total is at most 1 -> 99
    EXPECT_EQ(CostModel(heavy).value({0, 1, 0, 0}), 99);
}

TEST(CostModelTest, SlopeUsesCentralOrOneSidedDifferences) {
    double s = 0;
    ASSERT_TRUE(CostModel::slope(1.0, 0.9, 1.1, 1.0, 1.0, 1.0, s));  // dz/dx = 0.2/2 = 0.1
    EXPECT_NEAR(s, std::atan(0.1), 1e-15);
    ASSERT_TRUE(CostModel::slope(1.0, std::nan(""), 1.3, 1.0, 1.4, 1.0, s));  // dx 0.3 one-sided, dy 0.2
    EXPECT_NEAR(s, std::atan(std::hypot(0.3, 0.2)), 1e-15);
    EXPECT_FALSE(CostModel::slope(1.0, std::nan(""), std::nan(""), 1.0, 1.0, 1.0, s));
    EXPECT_FALSE(CostModel::slope(std::nan(""), 1.0, 1.0, 1.0, 1.0, 1.0, s));
}

}  // namespace
}  // namespace robometrics::terrain
