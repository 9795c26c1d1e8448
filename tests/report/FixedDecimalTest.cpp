#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
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

}  // namespace
}  // namespace robometrics::report
