#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "robometrics/slam/ErrorDensity.hpp"

namespace robometrics::slam {
namespace {

// Five errors, sorted 1, 2, 2.5, 4, 7 (n = 5): mean 3.3, squared deviations 5.29 + 1.69 + 0.64 +
// 0.49 + 13.69 = 21.8, sample variance 21.8 / 4 = 5.45.
const std::vector<double> kErrors = {2.5, 7, 1, NAN, 4, 2};

TEST(ErrorDensity, FreedmanDiaconisBinsAsSeaborn) {
    // numpy.percentile 25 / 75 of the five = 2 and 4, IQR 2; h = 2 * 2 / 5^(1/3) = 2.339;
    // (7 - 1) / 2.339 = 2.56, so 3 bins.
    EXPECT_EQ(distplotBins(kErrors), 3u);
    // No spread between the quartiles: int(sqrt(5)) = 2 bins.
    EXPECT_EQ(distplotBins(std::vector<double>{0, 0, 0, 0, 1}), 2u);
    EXPECT_EQ(distplotBins(std::vector<double>{3}), 1u);
    // Spread far beyond the quartiles: capped at 50.
    std::vector<double> spiky(100, 1.0);
    for (std::size_t i = 0; i < spiky.size(); ++i) spiky[i] += 1e-3 * static_cast<double>(i);
    spiky.back() = 1e6;
    EXPECT_EQ(distplotBins(spiky), 50u);
    spiky.back() = 1e300;  // (max - min) / h beyond any integer type: still 50
    EXPECT_EQ(distplotBins(spiky), 50u);
}

TEST(ErrorDensity, HistogramAsNumpyWithDensity) {
    // 3 bins over [1, 7]: edges 1, 3, 5, 7; counts 3 (1, 2, 2.5), 1 (4), 1 (7, the last bin is
    // closed); density count / width 2 / n 5 = 0.3, 0.1, 0.1.
    const DensityHistogram h = densityHistogram(kErrors, 3);
    EXPECT_EQ(h.edges, (std::vector<double>{1, 3, 5, 7}));
    ASSERT_EQ(h.density.size(), 3u);
    EXPECT_DOUBLE_EQ(h.density[0], 0.3);
    EXPECT_DOUBLE_EQ(h.density[1], 0.1);
    EXPECT_DOUBLE_EQ(h.density[2], 0.1);
    // One value, repeated: numpy widens the range to v -/+ 0.5.
    const DensityHistogram one = densityHistogram(std::vector<double>{3, 3}, 1);
    EXPECT_EQ(one.edges, (std::vector<double>{2.5, 3.5}));
    EXPECT_EQ(one.density, std::vector<double>{1.0});
    EXPECT_TRUE(densityHistogram(std::vector<double>{}, 3).edges.empty());
}

TEST(ErrorDensity, ScottBandwidthAsScipy) {
    // sqrt(5.45) * 5^(-1/5) = 2.334523 * 0.724780 = 1.692015 (scipy's gaussian_kde: 1.6920151615160273).
    EXPECT_NEAR(scottBandwidth(kErrors), std::sqrt(5.45) * std::pow(5.0, -0.2), 1e-15);
    EXPECT_NEAR(scottBandwidth(kErrors), 1.6920151615160273, 1e-12);
    EXPECT_TRUE(std::isnan(scottBandwidth(std::vector<double>{2, 2, 2})));
    EXPECT_TRUE(std::isnan(scottBandwidth(std::vector<double>{2})));
}

TEST(ErrorDensity, GaussianDensityOnSeabornsGrid) {
    const double bw = std::sqrt(5.45) * std::pow(5.0, -0.2);
    const DensityCurve c = gaussianDensity(kErrors, 3, 200);
    ASSERT_EQ(c.x.size(), 200u);
    EXPECT_NEAR(c.x.front(), 1 - 3 * bw, 1e-12);
    EXPECT_NEAR(c.x.back(), 7 + 3 * bw, 1e-12);
    // At the grid's first point: (1 / (5 bw sqrt(2 pi))) * sum over the errors of exp(-z^2 / 2);
    // scipy gives 0.0006238382476295856.
    double sum = 0;
    for (double e : {1.0, 2.0, 2.5, 4.0, 7.0}) {
        const double z = (c.x.front() - e) / bw;
        sum += std::exp(-0.5 * z * z);
    }
    EXPECT_NEAR(c.density.front(), sum / (5 * bw * std::sqrt(2 * std::numbers::pi)), 1e-15);
    EXPECT_NEAR(c.density.front(), 0.0006238382476295856, 1e-12);
    // The curve integrates to about 1 over its +-3 bandwidths (trapezoids).
    double area = 0;
    for (std::size_t i = 1; i < c.x.size(); ++i)
        area += 0.5 * (c.density[i] + c.density[i - 1]) * (c.x[i] - c.x[i - 1]);
    EXPECT_NEAR(area, 1.0, 0.01);
    EXPECT_TRUE(gaussianDensity(std::vector<double>{4, 4}, 3, 200).x.empty());
}

}  // namespace
}  // namespace robometrics::slam
