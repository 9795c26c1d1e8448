#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/Random.hpp"

namespace robometrics::sim {

TEST(Random, SplitmixAndXoshiroMatchTheReferenceAlgorithms) {
    std::uint64_t state = 0;
    EXPECT_EQ(splitmix64(state), 0xe220a8397b1dcdafULL);  // the published first output for seed 0
    Rng rng(42);
    EXPECT_EQ(rng.next(), 0x15780b2e0c2ec716ULL);
    EXPECT_EQ(rng.next(), 0x6104d9866d113a7eULL);
    EXPECT_EQ(rng.next(), 0xae17533239e499a1ULL);
}

TEST(Random, SameSeedSameSequenceAndForksAreIndependent) {
    Rng a(7), b(7), c(8);
    for (int i = 0; i < 100; ++i) EXPECT_EQ(a.normal(), b.normal());
    EXPECT_NE(Rng(7).next(), c.next());
    EXPECT_NE(Rng(7).fork(1).next(), Rng(7).fork(2).next());
    EXPECT_EQ(Rng(7).fork(1).next(), Rng(7).fork(1).next());
}

TEST(Random, UniformAndNormalHaveTheRightMoments) {
    Rng rng(1);
    const int n = 200000;
    double sum = 0, sum2 = 0, usum = 0, umin = 1, umax = 0;
    for (int i = 0; i < n; ++i) {
        const double x = rng.normal();
        sum += x;
        sum2 += x * x;
        const double u = rng.uniform();
        usum += u;
        umin = std::min(umin, u);
        umax = std::max(umax, u);
    }
    EXPECT_NEAR(sum / n, 0.0, 0.01);
    EXPECT_NEAR(std::sqrt(sum2 / n), 1.0, 0.01);
    EXPECT_NEAR(usum / n, 0.5, 0.005);
    EXPECT_GE(umin, 0.0);
    EXPECT_LT(umax, 1.0);
    EXPECT_NEAR(Rng(3).normal(5.0, 0.0), 5.0, 1e-12);
}

}  // namespace robometrics::sim
