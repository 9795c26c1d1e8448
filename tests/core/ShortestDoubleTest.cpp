#include "robometrics/core/ShortestDouble.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
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

}  // namespace
}  // namespace robometrics
