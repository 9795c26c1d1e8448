#include "robometrics/traversal/SensorValidity.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "TraversalTestMessages.hpp"

namespace robometrics::traversal {
namespace {

using namespace test;

// The LDS-01's contract: 0.0 (no return) and 0.05 are below range_min 0.12, 4.0 is above
// range_max 3.5; inf and NaN are no measurement. Only 0.5 is a reading.
const msgs::LaserScan kLds01 = lds01Scan({0.0f, 0.05f, 0.5f, INFINITY, NAN, 4.0f});

TEST(SensorValidity, Rep117KeepsOnlyFiniteRangesWithinTheLimits) {
    const ScanMinimum m = scanMinimum(kLds01, true);
    ASSERT_TRUE(m.range.has_value());
    EXPECT_FLOAT_EQ(*m.range, 0.5f);
    EXPECT_EQ(m.counts.readings, 6u);
    EXPECT_EQ(m.counts.non_finite, 2u);
    EXPECT_EQ(m.counts.below_min, 2u);
    EXPECT_EQ(m.counts.above_max, 1u);
    EXPECT_EQ(m.counts.invalid(), 5u);
}

TEST(SensorValidity, WithoutRangeLimitsOnlyFinitenessCountsAsTheSeed) {
    const ScanMinimum m = scanMinimum(kLds01, false);
    ASSERT_TRUE(m.range.has_value());
    EXPECT_EQ(*m.range, 0.0);  // the "no return" becomes an obstacle at 0 m
    EXPECT_EQ(m.counts.non_finite, 2u);
    EXPECT_EQ(m.counts.below_min, 0u);
    EXPECT_EQ(m.counts.above_max, 0u);
    EXPECT_EQ(m.counts.invalid(), 2u);
}

TEST(SensorValidity, LimitsAreInclusiveAndAScanWithoutReadingsHasNoMinimum) {
    const ScanMinimum edges = scanMinimum(lds01Scan({3.5f, 0.12f}), true);
    ASSERT_TRUE(edges.range.has_value());
    EXPECT_FLOAT_EQ(*edges.range, 0.12f);
    EXPECT_EQ(edges.counts.invalid(), 0u);

    const ScanMinimum none = scanMinimum(lds01Scan({0.0f, 0.0f, -INFINITY}), true);
    EXPECT_FALSE(none.range.has_value());
    EXPECT_EQ(none.counts.below_min, 2u);
    EXPECT_EQ(none.counts.non_finite, 1u);
    EXPECT_FALSE(scanMinimum(msgs::LaserScan{}, true).range.has_value());  // no ranges at all
}

TEST(SensorValidity, ScanWithNaNLimitsHasNoReadings) {
    msgs::LaserScan s = lds01Scan({1.0f});
    s.range_min = NAN;
    const ScanMinimum m = scanMinimum(s, true);
    EXPECT_FALSE(m.range.has_value());
    EXPECT_EQ(m.counts.below_min, 1u);
}

// scanMinimum reads four ranges at a time: the first of equal minima must still win (the sign of
// a zero is kept in the output), and a length that is not a multiple of four counts exactly.
TEST(SensorValidity, TheFirstOfEqualMinimaWinsWhateverItsLaneOrBlock) {
    const ScanMinimum minus_first = scanMinimum(lds01Scan({1.0f, 2.0f, -0.0f, 3.0f, 4.0f, 0.0f, 5.0f}), false);
    ASSERT_TRUE(minus_first.range.has_value());
    EXPECT_TRUE(std::signbit(*minus_first.range));  // index 2 (block 0) before index 5 (block 1)
    const ScanMinimum plus_first = scanMinimum(lds01Scan({1.0f, 0.0f, 2.0f, 3.0f, 4.0f, 5.0f, -0.0f}), false);
    ASSERT_TRUE(plus_first.range.has_value());
    EXPECT_FALSE(std::signbit(*plus_first.range));
    const ScanMinimum later_lane = scanMinimum(lds01Scan({9.0f, 9.0f, 9.0f, 9.0f, 9.0f, -0.0f, 9.0f, 0.0f}), false);
    ASSERT_TRUE(later_lane.range.has_value());
    EXPECT_TRUE(std::signbit(*later_lane.range));  // lane 1 of block 1 before lane 3 of block 1
}

TEST(SensorValidity, ScanOfFiveRangesCountsEachOnce) {
    const ScanMinimum m = scanMinimum(lds01Scan({0.5f, NAN, 4.0f, 0.01f, 0.3f}), true);
    ASSERT_TRUE(m.range.has_value());
    EXPECT_FLOAT_EQ(*m.range, 0.3f);
    // readings, non-finite, below range_min, above range_max
    const auto counts = std::tuple(m.counts.readings, m.counts.non_finite, m.counts.below_min, m.counts.above_max);
    EXPECT_EQ(counts, std::tuple(5u, 1u, 1u, 1u));
    const ScanMinimum empty = scanMinimum(lds01Scan({}), true);
    EXPECT_FALSE(empty.range.has_value());
    EXPECT_EQ(empty.counts.invalid(), 0u);
}

TEST(SensorValidity, ScanRangeCountsAdd) {
    ScanRangeCounts a{6, 2, 2, 1};
    a += ScanRangeCounts{3, 1, 0, 1};
    EXPECT_EQ(a.readings, 9u);
    EXPECT_EQ(a.invalid(), 7u);
}

TEST(SensorValidity, ImuFieldMinusOneCovarianceMeansNoData) {
    const msgs::Vector3 value{0.1, 0.2, 9.8};
    std::array<double, 9> cov{};
    EXPECT_EQ(imuField(value, cov), ImuField::Usable);  // all-zero: covariance unknown, data present
    cov[4] = -1;
    EXPECT_EQ(imuField(value, cov), ImuField::Usable);  // only element 0 carries the flag
    cov[0] = -1;
    EXPECT_EQ(imuField(value, cov), ImuField::NoData);
    EXPECT_EQ(imuField({NAN, 0, 0}, cov), ImuField::NoData);  // no data, whatever the values say
    cov[0] = 0.01;
    EXPECT_EQ(imuField({0, NAN, 0}, cov), ImuField::NonFinite);
    EXPECT_EQ(imuField({0, 0, -INFINITY}, cov), ImuField::NonFinite);
}

TEST(SensorValidity, ImuFieldSkipsCountEachReason) {
    ImuFieldSkips k;
    for (ImuField f : {ImuField::Usable, ImuField::NoData, ImuField::NoData, ImuField::NonFinite}) k.count(f);
    EXPECT_EQ(k.no_data, 2u);
    EXPECT_EQ(k.non_finite, 1u);
    EXPECT_EQ(k.total(), 3u);
}

}  // namespace
}  // namespace robometrics::traversal
