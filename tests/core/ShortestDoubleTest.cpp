#include "robometrics/core/ShortestDouble.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace robometrics {
namespace {

std::string shortest(double value) {
    char buffer[kShortestDoubleChars + 8];
    std::memset(buffer, '#', sizeof buffer);
    char *end = writeShortest(buffer, value);
    EXPECT_LE(end - buffer, static_cast<std::ptrdiff_t>(kShortestDoubleChars)) << value;
    return std::string(buffer, end);
}

TEST(ShortestDoubleTest, HandComputedValues) {
    EXPECT_EQ(shortest(0.1), "0.1");
    EXPECT_EQ(shortest(-12.5), "-12.5");
    EXPECT_EQ(shortest(100.0), "100");
    EXPECT_EQ(shortest(1e16), "1e+16");
    EXPECT_EQ(shortest(1e-5), "1e-05");
    EXPECT_EQ(shortest(-0.0), "-0");
    EXPECT_EQ(shortest(std::numeric_limits<double>::infinity()), "inf");
}

TEST(ShortestDoubleTest, LongestTextsFitTheBound) {
    EXPECT_EQ(shortest(-2.2250738585072014e-308), "-2.2250738585072014e-308");
    EXPECT_EQ(shortest(-std::numeric_limits<double>::denorm_min()), "-5e-324");
    EXPECT_EQ(shortest(-std::numeric_limits<double>::max()), "-1.7976931348623157e+308");
}

TEST(ShortestDoubleTest, SameTextAsFmtOnRandomBitPatterns) {
    std::mt19937_64 rng(31);
    for (int i = 0; i < 20000; ++i) {
        const double value = std::bit_cast<double>(rng());
        ASSERT_EQ(shortest(value), fmt::format("{}", value)) << i;
    }
}

TEST(ShortestDoubleTest, SameTextAsFmtAroundEachLayout) {
    // Each power of ten where fmt's layout changes (0.000ddd, 0.ddd, d.dd, ddd00, d.dde+XX) and the
    // doubles next to it, with one and with many digits.
    for (int e = -330; e <= 310; ++e) {
        const double power = std::pow(10.0, e);
        for (double value : {power, std::nextafter(power, 0.0), std::nextafter(power, std::numeric_limits<double>::infinity()), 1.5 * power,
                             1.2345678901234567 * power, -power / 3}) {
            ASSERT_EQ(shortest(value), fmt::format("{}", value)) << e;
        }
    }
}

TEST(ShortestDoubleTest, SameTextAsFmtOnMeasuredMagnitudes) {
    // What the CSVs hold: metres, milliseconds, stamps and counts, in every layout's range.
    std::mt19937_64 rng(62);
    std::uniform_real_distribution<double> exponent(-7.0, 19.0);
    for (int i = 0; i < 200000; ++i) {
        const double value = std::pow(10.0, exponent(rng)) * (i % 2 ? 1 : -1);
        ASSERT_EQ(shortest(value), fmt::format("{}", value)) << i;
        const double rounded = std::round(value * 1000) / 1000;
        ASSERT_EQ(shortest(rounded), fmt::format("{}", rounded)) << i;
    }
}

TEST(ShortestDoubleTest, SameTextAsFmtForNonFiniteValues) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (double value : {nan, -nan, std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
        EXPECT_EQ(shortest(value), fmt::format("{}", value));
    }
}

}  // namespace
}  // namespace robometrics
