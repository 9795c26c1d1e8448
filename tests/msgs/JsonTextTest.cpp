// JSON scalars written as text: escaping, UTF-8 checks, and numbers in nlohmann::json's layout
// (what `echo --json` printed when it built a JSON tree per message); float32 values in their
// shortest decimal.

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "robometrics/msgs/JsonText.hpp"

namespace robometrics::msgs {
namespace {

std::string stringText(std::string_view value) {
    std::string out = "x";  // appended to, not replaced
    Status s = appendJsonString(out, value);
    return s.ok() ? out : s.message();
}

template <class T>
std::string numberText(T value) {
    std::string out;
    appendJsonNumber(out, value);
    return out;
}

TEST(JsonText, StringsAreQuotedAndEscapedLikeNlohmann) {
    EXPECT_EQ(stringText(""), R"(x"")");
    EXPECT_EQ(stringText("odom/base_link"), R"(x"odom/base_link")");
    EXPECT_EQ(stringText("a\"b\\c"), R"(x"a\"b\\c")");
    EXPECT_EQ(stringText("\b\f\n\r\t"), R"(x"\b\f\n\r\t")");
    EXPECT_EQ(stringText(std::string("\x01\x1f\x7f", 3)), "x\"\\u0001\\u001f\x7f\"");
    EXPECT_EQ(stringText(std::string("nul\0!", 5)), R"(x"nul\u0000!")");
}

TEST(JsonText, Utf8IsCopiedAndInvalidUtf8NamesTheByte) {
    EXPECT_EQ(stringText("caf\xc3\xa9 \"1\""), "x\"caf\xc3\xa9 \\\"1\\\"\"");
    EXPECT_EQ(stringText("ab\xff"), "invalid UTF-8 byte at index 2: 0xFF");
    std::string out = "kept";
    EXPECT_FALSE(appendJsonString(out, "\xc3").ok());
    EXPECT_EQ(out, "kept");
}

TEST(JsonText, DoublesInShortestFormWithADotOrAnExponent) {
    EXPECT_EQ(numberText(1.0), "1.0");
    EXPECT_EQ(numberText(0.1), "0.1");
    EXPECT_EQ(numberText(-0.0), "-0.0");
    EXPECT_EQ(numberText(-2.5), "-2.5");
    EXPECT_EQ(numberText(0.0001), "0.0001");
    EXPECT_EQ(numberText(0.00001), "1e-05");
    EXPECT_EQ(numberText(123456789012345.0), "123456789012345.0");
    EXPECT_EQ(numberText(1e15), "1e+15");
    EXPECT_EQ(numberText(1.5e300), "1.5e+300");
    EXPECT_EQ(numberText(1.1603796887148006), "1.1603796887148006");
}

TEST(JsonText, NanAndInfinitiesAreStrings) {
    EXPECT_EQ(numberText(std::numeric_limits<double>::quiet_NaN()), R"("nan")");
    EXPECT_EQ(numberText(std::numeric_limits<double>::infinity()), R"("inf")");
    EXPECT_EQ(numberText(-std::numeric_limits<float>::infinity()), R"("-inf")");
    EXPECT_EQ(numberText(std::numeric_limits<float>::quiet_NaN()), R"("nan")");
}

TEST(JsonText, Float32InItsShortestDecimalForm) {
    EXPECT_EQ(numberText(0.1F), "0.1");  // the float is 0.100000001490116...
    EXPECT_EQ(numberText(-3.14159F), "-3.14159");
    EXPECT_EQ(numberText(30.0F), "30.0");
    EXPECT_EQ(numberText(16777216.0F), "16777216.0");
    EXPECT_EQ(numberText(38375248.0F), "38375248.0");  // above 2^24 the fixed form is the exact integer
    // Shortest, where nlohmann::json's Grisu2 wrote the double nearest to it as 1.0125942000000001.
    EXPECT_EQ(numberText(1.0125942F), "1.0125942");
    EXPECT_EQ(numberText(4.346272e-39F), "4.346272e-39");  // a subnormal (Grisu2: 4.3462720000000003e-39)
    EXPECT_EQ(numberText(-0.0F), "-0.0");
    EXPECT_EQ(numberText(1.0e-30F), "1e-30");
    EXPECT_EQ(numberText(0.00012345F), "0.00012345");
    EXPECT_EQ(numberText(1.2345e-5F), "1.2345e-05");
    EXPECT_EQ(numberText(1.0e10F), "10000000000.0");      // the exponent form "1e+10" is shorter
    EXPECT_EQ(numberText(1.0e14F), "100000000000000.0");  // shortest digits: the float is 100000000376832
    EXPECT_EQ(numberText(1.0e15F), "1e+15");
    EXPECT_EQ(numberText(1.0e16F), "1e+16");
    EXPECT_EQ(numberText(3.4028235e38F), "3.4028235e+38");  // the largest float
    EXPECT_EQ(numberText(1.0e-45F), "1e-45");               // the smallest subnormal
}

// The significant digits of a number's text and its decimal exponent: "-0.00125" -> 125, -3.
std::pair<std::string, int> significand(std::string_view text) {
    std::string digits;
    int exponent = 0;
    bool fraction = false;
    std::size_t i = text.starts_with('-') ? 1 : 0;
    for (; i < text.size() && text[i] != 'e'; ++i) {
        if (text[i] == '.') {
            fraction = true;
        } else {
            if (!(digits.empty() && text[i] == '0')) digits += text[i];
            if (fraction) --exponent;
        }
    }
    if (i < text.size()) exponent += std::stoi(std::string(text.substr(i + 1)));
    while (!digits.empty() && digits.back() == '0') {
        digits.pop_back();
        ++exponent;
    }
    return {digits, exponent};
}

// A float32's text reads back as the same float and, unless it is the exact-integer form, has
// the digits std::to_chars gives as the shortest (libstdc++'s Ryu: an independent algorithm).
void expectShortestFloatText(std::uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) return;
    const std::string text = numberText(value);
    float back = 0;
    const auto parsed = std::from_chars(text.data(), text.data() + text.size(), back);
    ASSERT_TRUE(parsed.ec == std::errc() && parsed.ptr == text.data() + text.size()) << text;
    ASSERT_EQ(std::memcmp(&back, &value, sizeof value), 0) << std::hex << bits << ": " << text;
    const bool exact_integer =
        text.ends_with(".0") && std::fabs(value) > 16777216.0F && std::fabs(value) < 1e15F && text.size() < 18;
    if (exact_integer || value == 0) return;
    char shortest[32];
    const char *end = std::to_chars(shortest, shortest + sizeof shortest, value, std::chars_format::scientific).ptr;
    ASSERT_EQ(significand(text), significand(std::string_view(shortest, end - shortest)))
        << std::hex << bits << ": " << text;
}

TEST(JsonText, Float32TextIsTheShortestThatReadsBack) {
    // Every 9,973rd bit pattern: some 430,000 floats of every magnitude, subnormals included.
    for (std::uint64_t bits = 0; bits <= 0xFFFFFFFFu; bits += 9973)
        expectShortestFloatText(static_cast<std::uint32_t>(bits));
}

// All 2^32 bit patterns: about 9 minutes of one core, so run by hand
// (--gtest_also_run_disabled_tests --gtest_filter=*EveryFloat32*).
TEST(JsonText, DISABLED_EveryFloat32TextIsTheShortestThatReadsBack) {
    for (std::uint64_t bits = 0; bits <= 0xFFFFFFFFu; ++bits) expectShortestFloatText(static_cast<std::uint32_t>(bits));
}

TEST(JsonText, IntegersAndBooleans) {
    EXPECT_EQ(numberText(std::int8_t{-3}), "-3");
    EXPECT_EQ(numberText(std::uint8_t{200}), "200");
    EXPECT_EQ(numberText(std::numeric_limits<std::int64_t>::min()), "-9223372036854775808");
    EXPECT_EQ(numberText(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
    std::string out;
    appendJsonBool(out, true);
    appendJsonBool(out, false);
    EXPECT_EQ(out, "truefalse");
}

}  // namespace
}  // namespace robometrics::msgs
