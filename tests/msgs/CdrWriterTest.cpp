// The low-level XCDR1 writer: header, zero alignment padding, strings, final padding to 4.

#include <gtest/gtest.h>

#include <vector>

#include "robometrics/msgs/CdrWriter.hpp"

namespace robometrics::msgs {
namespace {

TEST(CdrWriterTest, PadsWithZerosFromTheOriginAndToAMultipleOfFour) {
    std::vector<std::uint8_t> out{9, 9, 9};  // cleared by the writer
    CdrWriter w(out, CdrByteOrder::Little);
    w.write(std::uint8_t{7});
    w.write(1.0);
    w.write(true);
    w.finish();
    EXPECT_EQ(
        out, (std::vector<std::uint8_t>{0, 1, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 1, 0, 0, 0}));
}

TEST(CdrWriterTest, WritesStringsWithLengthAndNul) {
    std::vector<std::uint8_t> out;
    CdrWriter w(out, CdrByteOrder::Little);
    w.writeString("ab");
    w.writeString("");
    w.finish();
    EXPECT_EQ(out, (std::vector<std::uint8_t>{0, 1, 0, 0, 3, 0, 0, 0, 'a', 'b', 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(CdrWriterTest, EmptyArrayWritesNoAlignment) {
    std::vector<std::uint8_t> out;
    CdrWriter w(out, CdrByteOrder::Little);
    w.writeCount(0);
    w.writeArray(static_cast<const double *>(nullptr), 0);
    w.write(std::uint8_t{5});
    EXPECT_EQ(out, (std::vector<std::uint8_t>{0, 1, 0, 0, 0, 0, 0, 0, 5}));
}

TEST(CdrWriterTest, BigEndianArraysAreSwappedElementByElement) {
    std::vector<std::uint8_t> out;
    CdrWriter w(out, CdrByteOrder::Big);
    const std::uint16_t values[] = {0x0102, 0x0304};
    w.writeArray(values, 2);
    EXPECT_EQ(out, (std::vector<std::uint8_t>{0, 0, 0, 0, 1, 2, 3, 4}));
}

}  // namespace
}  // namespace robometrics::msgs
