// The low-level XCDR1 writer: header, zero alignment padding, strings, final padding to 4, and a
// reused buffer left holding exactly the payload.

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
    w.finish();
    EXPECT_EQ(out, (std::vector<std::uint8_t>{0, 1, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0}));
}

TEST(CdrWriterTest, BigEndianArraysAreSwappedElementByElement) {
    std::vector<std::uint8_t> out;
    CdrWriter w(out, CdrByteOrder::Big);
    const std::uint16_t values[] = {0x0102, 0x0304};
    w.writeArray(values, 2);
    w.finish();
    EXPECT_EQ(out, (std::vector<std::uint8_t>{0, 0, 0, 0, 1, 2, 3, 4}));
}

TEST(CdrWriterTest, ABufferThatHeldALongerMessageKeepsNoByteOfIt) {
    // The writer writes over the buffer's bytes and sets its size in finish(): padding included,
    // nothing of the earlier message survives.
    std::vector<std::uint8_t> out(100, 0xAA);
    CdrWriter w(out, CdrByteOrder::Little);
    w.write(std::uint8_t{7});
    w.write(std::uint32_t{0x01020304});
    w.writeString("a");
    w.finish();
    EXPECT_EQ(out, (std::vector<std::uint8_t>{0, 1, 0, 0, 7, 0, 0, 0, 4, 3, 2, 1, 2, 0, 0, 0, 'a', 0, 0, 0}));
}

}  // namespace
}  // namespace robometrics::msgs
