#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include "robometrics/report/FixedDecimal.hpp"

namespace robometrics::report {
namespace {

std::string fixed(double value, int precision) {
    std::string out = "x";
    appendFixed(out, value, precision);
    return out.substr(1);
}

TEST(FixedDecimalTest, HandComputedValues) {
    EXPECT_EQ(fixed(1700000000.123456789, 9), "1700000000.123456717");  // the double nearest
    EXPECT_EQ(fixed(0.5, 0), "0");                                      // a tie: to even
    EXPECT_EQ(fixed(1.5, 0), "2");
    EXPECT_EQ(fixed(1.0009765625, 9), "1.000976562");  // 2^-10 is a tie at nine decimals
    EXPECT_EQ(fixed(1.0029296875, 9), "1.002929688");
    EXPECT_EQ(fixed(-0.0, 3), "-0.000");
    EXPECT_EQ(fixed(std::numeric_limits<double>::quiet_NaN(), 9), "nan");
    EXPECT_EQ(fixed(-std::numeric_limits<double>::infinity(), 6), "-inf");
    EXPECT_EQ(fixed(std::numeric_limits<double>::max(), 9).size(), 309u + 1 + 9);
}

TEST(FixedDecimalTest, SameTextAsFmtOnStampsTiesAndRandomValues) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> any(-1e4, 1e10);
    auto same = [](double v, int precision) {
        ASSERT_EQ(fixed(v, precision), fmt::format("{:.{}f}", v, precision)) << v;
    };
    for (int m = 0; m < 4096; ++m) {
        same(1700000000.0 + m / 1024.0, 9);  // exact ties at the ninth decimal
        same(m / 2048.0, 9);
        same(-m / 1024.0, 9);
        same(m / 128.0, 6);
    }
    for (int k = 0; k < 100000; ++k) {
        const double v = any(rng);
        same(v, 9);
        same(v, 6);
        same(v * 1e-9, 9);
        same(v * 1e-6, 1);  // SVG coordinates: a tenth of a pixel
        same(-v * 1e-7, 1);
    }
    for (int m = -2000; m <= 2000; ++m) same(m * 0.05, 1);  // ties at the first decimal
}

// Integer arithmetic writes values from 2^-75 to 2^53 with up to nine decimals; the rest goes
// through std::to_chars. Both must give fmt's text: compared over every precision it takes, bit
// patterns across that whole range of exponents and past both ends, and exact ties.
TEST(FixedDecimalTest, IntegerArithmeticCoversStampsAndMatchesFmtAcrossItsRange) {
    char buffer[64];
    EXPECT_NE(detail::fixedInIntegers(buffer, 1700000000.040000200, 9), nullptr);
    EXPECT_NE(detail::fixedInIntegers(buffer, 0.0, 9), nullptr);
    EXPECT_NE(detail::fixedInIntegers(buffer, -0x1p-75, 9), nullptr);
    EXPECT_EQ(detail::fixedInIntegers(buffer, 0x1.fffffffffffffp-76, 9), nullptr);
    EXPECT_EQ(detail::fixedInIntegers(buffer, 0x1p53, 0), nullptr);
    EXPECT_EQ(detail::fixedInIntegers(buffer, 1.5, 10), nullptr);
    EXPECT_EQ(detail::fixedInIntegers(buffer, std::numeric_limits<double>::quiet_NaN(), 3), nullptr);
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<int> exponent(-80, 56);
    std::uniform_int_distribution<std::uint64_t> mantissa(0, (std::uint64_t{1} << 52) - 1);
    for (int k = 0; k < 200000; ++k) {
        const int precision = k % 10;
        const std::uint64_t bits = (static_cast<std::uint64_t>(exponent(rng) + 1023) << 52) | mantissa(rng);
        double v;
        std::memcpy(&v, &bits, sizeof v);
        if (k % 3 == 0) v = -v;
        ASSERT_EQ(fixed(v, precision), fmt::format("{:.{}f}", v, precision)) << v << " " << precision;
    }
    for (int precision = 0; precision <= 9; ++precision) {
        for (int m = -300; m <= 300; ++m) {  // halves of the last printed digit: exact ties
            const double v = (m + 0.5) * std::pow(10.0, -precision);
            const double tie = std::ldexp(static_cast<double>(m), -precision - 1);
            for (double x : {v, tie, 1e15 + m + 0.5, static_cast<double>(m) * 0x1p-40}) {
                ASSERT_EQ(fixed(x, precision), fmt::format("{:.{}f}", x, precision)) << x << " " << precision;
            }
        }
    }
}

}  // namespace
}  // namespace robometrics::report
