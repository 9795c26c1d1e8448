// JSON scalars written as text: escaping, UTF-8 checks, and numbers in nlohmann::json's exact
// form (what `echo --json` printed when it built a JSON tree per message).

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

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
    // The double nearest to 1.0125942, as nlohmann::json has always written it (not the shortest).
    EXPECT_EQ(numberText(1.0125942F), "1.0125942000000001");
    EXPECT_EQ(numberText(-0.0F), "-0.0");
    EXPECT_EQ(numberText(1.0e-30F), "1e-30");               // beyond 10^22: the slow path
    EXPECT_EQ(numberText(3.4028235e38F), "3.4028235e+38");  // the largest float
    EXPECT_EQ(numberText(1.0e-45F), "1e-45");               // the smallest subnormal
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
