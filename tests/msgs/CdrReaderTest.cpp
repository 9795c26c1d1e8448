// The low-level XCDR1 reader: alignment from the byte after the header, lazy alignment of empty
// sequences, strings, sticky errors with field paths.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "robometrics/msgs/CdrReader.hpp"

namespace robometrics::msgs {
namespace {

TEST(CdrReaderTest, AlignsFromTheByteAfterTheHeader) {
    // Origin offsets: u8 @0, 3 pad bytes, u32 @4, f64 @8 (8-aligned from the origin), i.e.
    // absolute offsets 4, 8 and 12.
    const std::vector<std::uint8_t> bytes = {0, 1, 0, 0, 7, 0xaa, 0xbb, 0xcc, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f};
    CdrReader r;
    ASSERT_TRUE(r.begin(bytes, "T").ok());
    std::uint8_t a = 0;
    std::uint32_t b = 0;
    double c = 0;
    r.read(a);
    r.read(b);
    r.read(c);
    ASSERT_TRUE(r.finish().ok()) << r.finish().message();
    EXPECT_EQ(a, 7);
    EXPECT_EQ(b, 5U);
    EXPECT_EQ(c, 1.0);
    EXPECT_EQ(r.position(), 20U);
}

TEST(CdrReaderTest, EmptySequenceDoesNotAlignItsElements) {
    // float64[] (empty) then uint8: the count ends at origin 4 and the byte follows at once.
    const std::vector<std::uint8_t> bytes = {0, 1, 0, 0, 0, 0, 0, 0, 9};
    CdrReader r;
    ASSERT_TRUE(r.begin(bytes, "T").ok());
    std::vector<double> values{1.0, 2.0};
    std::uint8_t tail = 0;
    r.readSequence(values);
    r.read(tail);
    ASSERT_TRUE(r.finish().ok());
    EXPECT_TRUE(values.empty());
    EXPECT_EQ(tail, 9);
}

TEST(CdrReaderTest, StringsIncludeTheirNulAndZeroLengthIsEmpty) {
    const std::vector<std::uint8_t> bytes = {0, 1, 0, 0, 3, 0, 0, 0, 'h', 'i', 0, 0, 0, 0, 0, 0};
    CdrReader r;
    ASSERT_TRUE(r.begin(bytes, "T").ok());
    std::string first = "old";
    std::string second = "old";
    r.readString(first);
    r.readString(second);
    ASSERT_TRUE(r.finish().ok());
    EXPECT_EQ(first, "hi");
    EXPECT_EQ(second, "");
}

TEST(CdrReaderTest, FirstErrorSticksAndNamesThePath) {
    const std::vector<std::uint8_t> bytes = {0, 1, 0, 0, 2, 0, 0, 0};
    CdrReader r;
    ASSERT_TRUE(r.begin(bytes, "Msg").ok());
    std::uint32_t count = 0;
    double value = 0;
    r.push("items");
    r.read(count);
    r.setIndex(1);
    r.push("value");
    r.read(value);
    r.pop();
    r.pop();
    r.read(count);  // a later read must not replace the first error
    EXPECT_EQ(count, 2U);
    EXPECT_TRUE(r.failed());
    EXPECT_EQ(r.finish().message(), "Msg.items[1].value: need 8 bytes at offset 12, payload has 8");
}

TEST(CdrReaderTest, StringLongerThanThePayloadFails) {
    const std::vector<std::uint8_t> bytes = {0, 1, 0, 0, 0xff, 0xff, 0, 0, 'a'};
    CdrReader r;
    ASSERT_TRUE(r.begin(bytes, "S").ok());
    std::string text;
    r.push("data");
    r.readString(text);
    r.pop();
    EXPECT_EQ(r.finish().message(), "S.data: need 65535 bytes at offset 8, payload has 9");
}

TEST(CdrReaderTest, BigEndianHeaderSwapsBytes) {
    const std::vector<std::uint8_t> bytes = {0, 0, 0, 0, 0x12, 0x34, 0, 0, 0, 0, 0, 1};
    CdrReader r;
    ASSERT_TRUE(r.begin(bytes, "T").ok());
    std::int16_t a = 0;
    std::uint32_t b = 0;
    r.read(a);
    r.read(b);
    ASSERT_TRUE(r.finish().ok());
    EXPECT_EQ(a, 0x1234);
    EXPECT_EQ(b, 1U);
}

TEST(CdrReaderTest, RejectsParameterListAndUnknownRepresentations) {
    CdrReader r;
    const std::vector<std::uint8_t> pl = {0, 3, 0, 0};
    EXPECT_EQ(r.begin(pl, "T").message(),
              "T: encapsulation header 00 03 at offset 0: parameter-list CDR (PL_CDR) is not supported, only XCDR1");
    const std::vector<std::uint8_t> odd = {1, 1, 0, 0};
    EXPECT_EQ(r.begin(odd, "T").message(),
              "T: encapsulation header 01 01 at offset 0: unknown representation (expected 00 00 or 00 01, XCDR1)");
    const std::vector<std::uint8_t> tiny = {0, 1};
    EXPECT_EQ(r.begin(tiny, "T").message(),
              "T: payload of 2 bytes is shorter than the 4-byte CDR encapsulation header");
}

}  // namespace
}  // namespace robometrics::msgs
