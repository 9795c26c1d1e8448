#include <gtest/gtest.h>

#include <vector>

#include "robometrics/slam/BoxStatistics.hpp"

namespace robometrics::slam {
namespace {

TEST(BoxStatistics, QuartilesAsNumpyAndWhiskersOnData) {
    // numpy.percentile([1, 2, 3, 4], [25, 50, 75]) = 1.75, 2.5, 3.25; IQR 1.5 reaches -0.5..5.5.
    const std::vector<double> v = {4, 1, 3, 2};
    const BoxStatistics b = computeBoxStatistics(v);
    EXPECT_DOUBLE_EQ(b.q1, 1.75);
    EXPECT_DOUBLE_EQ(b.median, 2.5);
    EXPECT_DOUBLE_EQ(b.q3, 3.25);
    EXPECT_EQ(b.whisker_low, 1.0);
    EXPECT_EQ(b.whisker_high, 4.0);
    EXPECT_EQ(b.outliers, 0u);
}

TEST(BoxStatistics, OutlierBeyondTheWhisker) {
    // [0, 0, 0, 10]: q1 = median = 0, q3 = 0 + 0.25 * 10 = 2.5; 10 > 2.5 + 1.5 * 2.5 = 6.25.
    const std::vector<double> v = {0, 0, 0, 10, NAN};
    const BoxStatistics b = computeBoxStatistics(v);
    EXPECT_EQ(b.q1, 0.0);
    EXPECT_EQ(b.median, 0.0);
    EXPECT_DOUBLE_EQ(b.q3, 2.5);
    EXPECT_EQ(b.whisker_high, 0.0);
    EXPECT_EQ(b.outliers, 1u);
}

TEST(BoxStatistics, PercentileEdgesAndEmpty) {
    const std::vector<double> sorted = {1, 2, 4};
    EXPECT_EQ(percentileOfSorted(sorted, 0), 1.0);
    EXPECT_EQ(percentileOfSorted(sorted, 100), 4.0);
    EXPECT_DOUBLE_EQ(percentileOfSorted(sorted, 75), 3.0);  // rank 1.5 between 2 and 4
    EXPECT_TRUE(std::isnan(computeBoxStatistics(std::vector<double>{}).median));
}

}  // namespace
}  // namespace robometrics::slam
