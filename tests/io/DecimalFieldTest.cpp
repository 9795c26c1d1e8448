#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
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
        std::string text;
        if (random() % 2) text += '-';
        const int whole = static_cast<int>(random() % 18), fraction = static_cast<int>(random() % 24);
        for (int d = 0; d < whole; ++d) text += static_cast<char>('0' + random() % 10);
        if (fraction > 0 || whole == 0) {
            text += '.';
            for (int d = 0; d < fraction + (whole == 0); ++d) text += static_cast<char>('0' + random() % 10);
        }
        expectSameAsFromChars(text);
    }
}

}  // namespace
}  // namespace robometrics::io
