#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/Terrain.hpp"

namespace robometrics::sim {

TEST(Terrain, HillStepAndRampHeights) {
    Terrain t(101, 101, 0.1, -5.0, -5.0);
    t.addHill(0.0, 0.0, 1.0, 1.0);
    EXPECT_NEAR(t.height(0.0, 0.0), 1.0, 1e-6);
    EXPECT_NEAR(t.height(1.0, 0.0), std::exp(-0.5), 1e-6);
    t.addStep(2.0, 2.0, 3.0, 3.0, 0.12);
    EXPECT_NEAR(t.height(2.5, 2.5), 0.12 + std::exp(-6.25), 1e-6);
    // Between samples the height is bilinear: half way up a step edge.
    EXPECT_NEAR(t.height(1.95, 2.5), 0.06 + 0.5 * (std::exp(-(1.9 * 1.9 + 6.25) / 2) + std::exp(-(4 + 6.25) / 2)),
                1e-6);
    EXPECT_DOUBLE_EQ(t.height(50.0, 0.0), 0.0);  // outside: flat at 0
}

TEST(Terrain, GradientOfARampIsItsSlope) {
    Terrain t(101, 101, 0.1, 0.0, 0.0);
    t.addRampX(2.0, 8.0, 0.0, 10.0, 1.2);  // 0.2 m per m
    double gx = 0, gy = 0;
    t.gradient(5.0, 5.0, gx, gy);
    EXPECT_NEAR(gx, 0.2, 1e-6);
    EXPECT_NEAR(gy, 0.0, 1e-6);
    EXPECT_NEAR(t.height(9.0, 5.0), 1.2, 1e-6);
}

TEST(Terrain, RoughPatchIsBoundedDeterministicAndMarked) {
    Terrain a(101, 101, 0.1, 0.0, 0.0), b(101, 101, 0.1, 0.0, 0.0);
    a.addRoughPatch(2.0, 2.0, 4.0, 4.0, 0.03, 0.8, 11);
    b.addRoughPatch(2.0, 2.0, 4.0, 4.0, 0.03, 0.8, 11);
    double max_abs = 0, sum = 0;
    int n = 0;
    for (double x = 2.0; x <= 4.0; x += 0.1) {
        for (double y = 2.0; y <= 4.0; y += 0.1) {
            EXPECT_EQ(a.height(x, y), b.height(x, y));
            max_abs = std::max(max_abs, std::abs(a.height(x, y)));
            sum += a.height(x, y);
            ++n;
        }
    }
    EXPECT_LE(max_abs, 0.03 + 1e-6);
    EXPECT_GT(max_abs, 0.02);
    EXPECT_NEAR(sum / n, 0.0, 0.005);
    EXPECT_NEAR(a.roughness(3.0, 3.0), 0.8, 1e-6);
    EXPECT_DOUBLE_EQ(a.roughness(6.0, 6.0), 0.0);
    Terrain c(101, 101, 0.1, 0.0, 0.0);
    c.addRoughPatch(2.0, 2.0, 4.0, 4.0, 0.03, 0.8, 12);
    EXPECT_NE(a.height(3.0, 3.0), c.height(3.0, 3.0));
}

}  // namespace robometrics::sim
