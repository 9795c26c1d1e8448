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

TEST(CostModelTest, BatchValuesEqualTheScalarFormulaAcrossEveryStep) {
    // Gradients swept densely through 0..1.5 (every step of the value, the series bound 0.5 and
    // saturation at tan 35 deg = 0.70), central along x and one-sided along y (y_minus missing).
    const CostModel m{CostmapConfig{}};
    const int n = 150001;
    CellBatch batch;
    batch.reset(n);
    for (int k = 0; k < n; ++k) {
        const double a = 1.5 * k / (n - 1);
        batch.points[k] = k % 7 == 0 ? 1.0 : 0.0;
        batch.variance[k] = k % 5 == 0 ? 0.01 : 0.0;
        batch.patch[k] = k % 3 == 0 ? 0.05 : 1.0;
        batch.centre[k] = 0.0;
        batch.x_minus[k] = -a;
        batch.x_plus[k] = a;
        batch.y_minus[k] = std::nan("");
        batch.y_plus[k] = 0.3 * a;
    }
    batch.size = n;
    m.values(batch, 1.0);
    for (int k = 0; k < n; ++k) {
        CostFactors f;
        f.obstacle = m.obstacleCost(batch.points[k]);
        f.roughness = m.roughnessCost(batch.variance[k]);
        f.unknown = batch.patch[k] < 0.1 ? 1 : 0;
        double dx = 0;
        double dy = 0;
        ASSERT_TRUE(CostModel::gradient(0.0, batch.x_minus[k], batch.x_plus[k], batch.y_minus[k], batch.y_plus[k],
                                        1.0, dx, dy));
        f.slope = m.slopeCost(std::atan(std::sqrt(dx * dx + dy * dy)));
        ASSERT_EQ(batch.value[k], m.value(f)) << "gradient " << batch.x_plus[k];
    }
    // By hand: k = 1000 has gradient (0.01, 0.003), |g| = 0.01044, 0.598 deg; slope factor
    // 0.01709, and k % 5 == 0: roughness 0.2: 0.3 * 0.01709 + 0.15 * 0.2 = 0.03513 -> 3.48 -> 3.
    EXPECT_EQ(batch.value[1000], 3);
}

}  // namespace
}  // namespace robometrics::terrain
