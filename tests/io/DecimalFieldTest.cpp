#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

#include "robometrics/io/DecimalField.hpp"

namespace robometrics::io {
namespace {

/// parseDecimalField's value, its end and its error against std::from_chars' on the same text.
void expectSameAsFromChars(const std::string &text) {
    double ours = 12345, theirs = 12345;
    const auto a = parseDecimalField(text.data(), text.data() + text.size(), ours);
    const auto b = std::from_chars(text.data(), text.data() + text.size(), theirs);
    EXPECT_EQ(a.ec, b.ec) << text;
    EXPECT_EQ(a.ptr - text.data(), b.ptr - text.data()) << text;
    if (b.ec == std::errc()) {
        // Bit for bit, so that -0.0 and 0.0 differ.
        EXPECT_EQ(std::memcmp(&ours, &theirs, sizeof ours), 0) << text << ": " << ours << " vs " << theirs;
    }
}

std::string randomDigits(std::mt19937_64 &random, int count) {
    std::string digits;
    for (int d = 0; d < count; ++d) digits += static_cast<char>('0' + random() % 10);
    return digits;
}

TEST(DecimalField, PlainDecimalsAreReadByHand) {
    double v = 0;
    const std::string text = "1700000000.123456 2";
    const auto r = parseDecimalField(text.data(), text.data() + text.size(), v);
    EXPECT_EQ(r.ptr - text.data(), 17);
    EXPECT_EQ(v, 1700000000.123456);
    const std::string negative = "-0.25";
    parseDecimalField(negative.data(), negative.data() + negative.size(), v);
    EXPECT_EQ(v, -0.25);
}

TEST(DecimalField, EdgesReadAsFromCharsReadsThem) {
    for (const char *text : {"0", "-0", "-0.000000", "5.", ".5", "-.5", ".", "-", "", "1e3", "1E-3", "1e", "2.5e+1x",
                             "0x1p3", "inf", "-infinity", "nan", "abc", "1.5.3", "1,2", "123456789012345",
                             "1234567890123456", "9007199254740992", "9007199254740992.5", "0.000000000000001",
                             "0.0000000000000000000001", "0.00000000000000000000001", "12345678901234567890", "0.0000000000000001", "9007199254740993",
                             "9007199254740993.0", "000000000000001.5", "999999999999999.9", "1e400", "+1",
                             "4.9406564584124654e-324", "179769313486231570000000000000000000000"}) {
        expectSameAsFromChars(text);
    }
}

TEST(DecimalField, RandomDecimalsReadBitForBitAsFromChars) {
    // Trajectory-like numbers of every length up to and past the shortcut's limits (2^53, 10^22).
    std::mt19937_64 random(46);
    for (int i = 0; i < 200000; ++i) {
        std::string text = random() % 2 ? "-" : "";
        const int whole = static_cast<int>(random() % 18), fraction = static_cast<int>(random() % 24);
        text += randomDigits(random, whole);
        if (fraction > 0 || whole == 0) text += "." + randomDigits(random, fraction + (whole == 0));
        expectSameAsFromChars(text);
    }
}

TEST(DecimalField, EightDigitsAtOnceStopAtAnyOtherByte) {
    // The digits are read eight at a time: every byte that is not a digit, at every place in such
    // a group, must end the number where from_chars ends it, those next to '0' and '9' included.
    for (const int other : {int{'/'}, int{':'}, int{' '}, int{'.'}, int{'e'}, int{'-'}, 0x00, 0x20, 0x3f, 0x40, 0x80, 0xb0, 0xb9, 0xf0, 0xfa, 0xff}) {
        for (std::size_t place = 0; place < 18; ++place) {
            std::string text = "123456789012345678";
            text[place] = static_cast<char>(other);
            expectSameAsFromChars(text);
            expectSameAsFromChars("0." + text);
        }
    }
}

TEST(DecimalField, ExponentsReadAsFromCharsReadsThem) {
    for (const char *text : {"1e22", "1e23", "1e27", "1e28", "1e-22", "1e-23", "1e-27", "1e-28", "1.2345e-05",
                             "6.965900001019293e-05", "5.233041016541992e-16", "-1.8366602545652158e-16", "1.5e",
                             "1.5e+", "1.5e-x", "1.e5", "-0e0", "0e-999", "1e0005", "1e005", "1E+3", "2e-3.5",
                             "12345678901234567e10", "9999999999999999999e27", "9999999999999999999e-27",
                             "9007199254740993e5", "18446744073709551615", "9223372036854775808",
                             "10000000000000000000", "0.015090605474730455", "-14.026247517115221",
                             // Zero with an exponent only the 128-bit shortcut's range takes.
                             "0e23", "0e27", "-0e25", "0.000e-23", "-00.0e-27", "0e28", "0e-28"}) {
        expectSameAsFromChars(text);
    }
}

TEST(DecimalField, RandomExponentsReadBitForBitAsFromChars) {
    // Mantissas of 1 to 20 digits with exponents on both sides of the shortcuts' limits (10^22, 10^27).
    std::mt19937_64 random(47);
    for (int i = 0; i < 200000; ++i) {
        const int digits = 1 + static_cast<int>(random() % 20), point = static_cast<int>(random() % digits);
        std::string mantissa = randomDigits(random, digits);
        if (point > 0) mantissa.insert(static_cast<std::size_t>(point), ".");
        const int exponent = static_cast<int>(random() % 71) - 35;
        expectSameAsFromChars((random() % 2 ? "-" : "") + mantissa + (random() % 2 ? "e" : "E") + std::to_string(exponent));
    }
}

TEST(DecimalField, ShortestDoublesReadBitForBitAsFromChars) {
    // What Python's repr() and std::to_chars write: the shortest text of a double, often 17 digits.
    std::mt19937_64 random(48);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    char buffer[64];
    for (int i = 0; i < 200000; ++i) {
        const double value = unit(random) * std::pow(10.0, static_cast<int>(random() % 41) - 20);
        const auto end = std::to_chars(buffer, buffer + sizeof buffer, value);
        expectSameAsFromChars(std::string(buffer, end.ptr));
        const auto fixed = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
        expectSameAsFromChars(std::string(buffer, fixed.ptr));
    }
}

TEST(DecimalField, NearHalfwayPointsReadBitForBitAsFromChars) {
    // The decimals of 17 to 19 digits nearest to a point halfway between two doubles, and such
    // integers above 2^53: where the rounding must see the remainder (a quotient or product
    // rounded twice, first to 64 bits then to 53, came out one bit off for 8 % of the first kind).
    std::mt19937_64 random(49);
    std::uniform_real_distribution<double> leading(1.0, 10.0);
    char buffer[64];
    for (int i = 0; i < 50000; ++i) {
        const double low = leading(random) * std::pow(10.0, static_cast<int>(random() % 17) - 8);
        const long double halfway = (static_cast<long double>(low) + std::nextafter(low, 1e300)) / 2;
        for (const int decimals : {16, 17, 18}) {
            const int length = std::snprintf(buffer, sizeof buffer, "%.*Le", decimals, halfway);
            expectSameAsFromChars(std::string(buffer, static_cast<std::size_t>(length)));
        }
        const int bits = 54 + static_cast<int>(random() % 11);           // 2^53 to 2^64
        const std::uint64_t spacing = std::uint64_t{1} << (bits - 53);  // between doubles there
        const std::uint64_t n = (random() >> (64 - bits)) | (std::uint64_t{1} << (bits - 1));
        const std::uint64_t whole_halfway = (n & ~(spacing - 1)) + spacing / 2;
        for (const std::uint64_t near : {whole_halfway - 1, whole_halfway, whole_halfway + 1}) {
            expectSameAsFromChars(std::to_string(near));
        }
    }
}

}  // namespace
}  // namespace robometrics::io
