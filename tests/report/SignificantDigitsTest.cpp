#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "robometrics/report/SignificantDigits.hpp"

namespace robometrics::report {
namespace {

/// The text appendSignificant() adds after a chart's separator.
std::string significant(double value, int digits) {
    std::string text = ",";
    appendSignificant(text, value, digits);
    EXPECT_EQ(text.front(), ',');
    return text.erase(0, 1);
}

void expectFmtText(double value, int digits) {
    ASSERT_EQ(significant(value, digits), fmt::format("{:.{}g}", value, digits))
        << fmt::format("{:.17g} to {} digits", value, digits);
}

TEST(SignificantDigitsTest, HandComputedValues) {
    EXPECT_EQ(significant(2399.95, 7), "2399.95");
    EXPECT_EQ(significant(0.0123456789, 6), "0.0123457");
    EXPECT_EQ(significant(-0.0, 7), "-0");
    EXPECT_EQ(significant(0.0, 6), "0");
    EXPECT_EQ(significant(12.5, 2), "12");               // a tie: to even
    EXPECT_EQ(significant(9.9999996, 7), "10");          // carried into a new digit
    EXPECT_EQ(significant(9999999.6, 7), "1e+07");       // carried past seven digits: scientific
    EXPECT_EQ(significant(0.00012345678, 6), "0.000123457");
    EXPECT_EQ(significant(0.000012345678, 6), "1.23457e-05");  // through fmt
    EXPECT_EQ(significant(123456789.0, 7), "1.234568e+08");
}

// Each decimal power and its neighbouring doubles: where the exponent changes, and where
// rounding carries into it.
TEST(SignificantDigitsTest, SameTextAsFmtAtEveryPowerOfTen) {
    for (int e = -8; e <= 17; ++e) {
        const double power = std::pow(10.0, e);
        for (const double v : {power, std::nextafter(power, 0.0), std::nextafter(power, 1e300)}) {
            for (int digits = 1; digits <= 9; ++digits) {
                expectFmtText(v, digits);
                expectFmtText(-v, digits);
                // Just under the power by half a unit of the last digit: rounds up into it, or not.
                const double half_below = power * (1 - 0.5 * std::pow(10.0, -digits));
                for (const double w : {half_below, std::nextafter(half_below, 0.0), std::nextafter(half_below, 1e300)})
                    expectFmtText(w, digits);
            }
        }
    }
}

TEST(SignificantDigitsTest, SameTextAsFmtOnChartValues) {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> seconds(0, 14400), unit(-1, 1);
    std::uniform_int_distribution<int> exponent(-9, 12);
    for (int k = 0; k < 200000; ++k) {
        expectFmtText(seconds(rng), 7);  // the time axis of a 4-hour run
        const double v = unit(rng) * std::pow(10.0, exponent(rng));
        expectFmtText(v, 6);
        expectFmtText(v, 7);
        expectFmtText(std::round(v * 1000) / 1000, 6);  // short decimals: trailing zeros to trim
    }
    for (int m = -20000; m <= 20000; ++m) {
        expectFmtText(m * 0.05, 7);  // the run's 20 Hz stamps
        expectFmtText(m / 1024.0, 6);  // exact ties
    }
}

TEST(SignificantDigitsTest, SameTextAsFmtOnRandomMantissas) {
    std::mt19937_64 rng(5);
    std::uniform_int_distribution<int> exponent(-20, 60);  // 1e-6 .. 1e18: both sides of the fast range
    for (int k = 0; k < 300000; ++k) {
        const std::uint64_t mantissa = rng() & ((std::uint64_t{1} << 52) - 1);
        const double v = std::ldexp(1.0 + std::ldexp(static_cast<double>(mantissa), -52), exponent(rng));
        expectFmtText(v, 6);
        expectFmtText(-v, 7);
    }
}

}  // namespace
}  // namespace robometrics::report
