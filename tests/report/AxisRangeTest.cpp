#include <gtest/gtest.h>

#include "robometrics/report/AxisRange.hpp"

namespace robometrics::report {
namespace {

TEST(AxisRange, ARateThatBarelyMovesKeepsAtLeastTenPercentOfItsValue) {
    // A TF rate of 9.998..10.002 Hz: drawn over about 9.5..10.5 Hz, not stretched to the full height.
    const AxisRange r = readableRange(9.998, 10.002);
    EXPECT_LE(r.lo, 9.5);
    EXPECT_GE(r.hi, 10.5);
    EXPECT_LT(r.lo, 9.998);
    EXPECT_GT(r.lo, 9.0);  // centred on the data, not from zero: 9.5 - 4 % of 1.0
    EXPECT_NEAR((r.lo + r.hi) / 2, 10.0, 1e-9);
}

TEST(AxisRange, AQuantityNearZeroStartsAtZero) {
    const AxisRange speed = readableRange(0.0, 0.3);
    EXPECT_EQ(speed.lo, 0.0);
    EXPECT_NEAR(speed.hi, 0.3 * 1.04, 1e-12);
    // 5..30 Hz: the minimum is within one span of zero.
    EXPECT_EQ(readableRange(5, 30).lo, 0.0);
}

TEST(AxisRange, AWideSwingKeepsItsOwnRangeWithAMargin) {
    const AxisRange r = readableRange(20, 40);  // 20 from zero, a span of 20: starts at zero
    EXPECT_EQ(r.lo, 0.0);
    const AxisRange far = readableRange(80, 100);  // a real swing far from zero: its own range
    EXPECT_NEAR(far.lo, 80 - 0.8, 1e-9);
    EXPECT_NEAR(far.hi, 100 + 0.8, 1e-9);
}

TEST(AxisRange, NegativeAndConstantAndMissingData) {
    const AxisRange neg = readableRange(-10.001, -10.0);
    EXPECT_LE(neg.lo, -10.5);
    EXPECT_GE(neg.hi, -9.5);
    const AxisRange zero = readableRange(0, 0);
    EXPECT_EQ(zero.lo, 0.0);
    EXPECT_GT(zero.hi, 0.0);
    const AxisRange none = readableRange(1, 0);
    EXPECT_EQ(none.lo, 0.0);
    EXPECT_EQ(none.hi, 1.0);
}

}  // namespace
}  // namespace robometrics::report
