// Ros1ToCdr: ROS 1 payloads built by hand and the CDR bytes computed by hand from the rules of
// bag-formats.md §4 (offsets in the comments count from after the 4-byte header).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/Ros1ToCdr.hpp"

namespace robometrics::msgs {
namespace {

using Payload = std::vector<std::uint8_t>;

Payload transcodeOk(std::string_view type, std::string_view definition, const Payload &ros1) {
    auto transcoder = Ros1ToCdr::create(type, definition);
    EXPECT_TRUE(transcoder.ok()) << transcoder.message();
    if (!transcoder) return {};
    Payload cdr;
    Status s = transcoder->transcode(ros1, cdr);
    EXPECT_TRUE(s.ok()) << s.message();
    return cdr;
}

std::string transcodeError(std::string_view type, std::string_view definition, const Payload &ros1) {
    auto transcoder = Ros1ToCdr::create(type, definition);
    if (!transcoder) return "create: " + transcoder.message();
    Payload cdr;
    Status s = transcoder->transcode(ros1, cdr);
    return s.ok() ? std::string("no error") : s.message();
}

const std::string kSep = "\n" + std::string(80, '=') + "\n";

TEST(Ros1ToCdr, Uint8ThenFloat64IsPaddedToEight) {
    const Payload ros1 = {0x01, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f};  // a = 1, b = 1.5
    const Payload cdr = {0,    1, 0, 0,                         // XCDR1 little endian
                       0x01, 0, 0, 0, 0, 0, 0,    0,          // @0 a, @1..7 padding
                       0,    0, 0, 0, 0, 0, 0xf8, 0x3f};      // @8 b
    EXPECT_EQ(transcodeOk("test_msgs/Align", "uint8 a\nfloat64 b\n", ros1), cdr);
}

TEST(Ros1ToCdr, StringsGainTheirNulAndLength) {
    // s = "ab", c = 7, t = "": the length counts the NUL; the empty string is 01 00 00 00 00.
    const Payload ros1 = {2, 0, 0, 0, 'a', 'b', 7, 0, 0, 0, 0};
    const Payload cdr = {0, 1, 0, 0, 3, 0, 0, 0, 'a', 'b', 0,  // @0 len 3, @4 "ab\0"
                       7,                                    // @7 c
                       1, 0, 0, 0, 0,                        // @8 len 1, @12 "\0"
                       0, 0, 0};                             // padded to a multiple of 4
    EXPECT_EQ(transcodeOk("test_msgs/Strings", "string s\nuint8 c\nstring t", ros1), cdr);
}

TEST(Ros1ToCdr, EmptyArraysAlignNothing) {
    // a = [] (no alignment to 8 for no elements), b = 9, c = [5].
    const Payload ros1 = {0, 0, 0, 0, 9, 1, 0, 0, 0, 5, 0};
    const Payload cdr = {0, 1, 0, 0, 0, 0, 0, 0,  // @0 count 0
                       9, 0, 0, 0,              // @4 b, padding to the count
                       1, 0, 0, 0,              // @8 count 1
                       5, 0,                    // @12 c[0]
                       0, 0};                   // end padding
    EXPECT_EQ(transcodeOk("test_msgs/Empties", "float64[] a\nuint8 b\nint16[] c", ros1), cdr);
}

TEST(Ros1ToCdr, NestedArrayOfMessagesAlignsEachField) {
    const std::string definition = "Tagged[] pts" + kSep + "MSG: test_msgs/Tagged\nuint8 tag\nfloat64 x\n";
    const Payload ros1 = {2, 0, 0, 0,                                               // count
                        1, 0, 0, 0, 0, 0, 0, 0,    0x40,                          // (1, 2.0)
                        3, 0, 0, 0, 0, 0, 0, 0xf0, 0xbf};                         // (3, -1.0)
    const Payload cdr = {0, 1, 0, 0, 2, 0, 0, 0,                                    // @0 count
                       1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x40,                     // @4 tag, @8 x
                       3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,    0, 0, 0xf0, 0xbf};  // @16 tag, @24 x
    EXPECT_EQ(transcodeOk("test_msgs/Points", definition, ros1), cdr);
}

TEST(Ros1ToCdr, MessagesWithoutFieldsBecomeOneByte) {
    const std::string definition = "std_msgs/Empty[] e\nuint8 after" + kSep + "MSG: std_msgs/Empty\n";
    const Payload ros1 = {2, 0, 0, 0, 4};
    const Payload cdr = {0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 4, 0};  // count, two dummy bytes, after, padding
    EXPECT_EQ(transcodeOk("test_msgs/Empties", definition, ros1), cdr);
}

TEST(Ros1ToCdr, HeaderLosesSeq) {
    const std::string definition =
        "Header header\nuint8 v" + kSep + "MSG: std_msgs/Header\nuint32 seq\ntime stamp\nstring frame_id\n";
    const Payload ros1 = {7,  0, 0, 0,                          // seq
                        10, 0, 0, 0, 5,   0, 0, 0,            // stamp 10 s 5 ns
                        1,  0, 0, 0, 'm',                     // frame_id "m"
                        2};                                   // v
    const Payload cdr = {0, 1, 0, 0, 10,  0, 0, 0, 5, 0, 0, 0,  // @0 sec, @4 nanosec
                       2, 0, 0, 0, 'm', 0,                    // @8 len 2, @12 "m\0"
                       2,                                     // @14 v
                       0};                                    // end padding
    EXPECT_EQ(transcodeOk("test_msgs/Stamped", definition, ros1), cdr);
}

TEST(Ros1ToCdr, TimeIsCopiedAndNegativeDurationNanosecondsAreCarried) {
    // t = 1 s 2 ns; d1 = 0 s -1 ns = -1 s + 999999999 ns; d2 = 1 s -1 ns = 0 s 999999999 ns;
    // d3 = -2 s 500000000 ns stays.
    const Payload ros1 = {1,    0,    0,    0,    2,    0,    0,    0,      // t
                        0,    0,    0,    0,    0xff, 0xff, 0xff, 0xff,   // d1
                        1,    0,    0,    0,    0xff, 0xff, 0xff, 0xff,   // d2
                        0xfe, 0xff, 0xff, 0xff, 0x00, 0x65, 0xcd, 0x1d};  // d3
    const Payload cdr = {0,    1,    0, 0, 1, 0, 0,    0,    2,    0,    0,    0,    0xff, 0xff, 0xff, 0xff, 0xff, 0xc9,
                       0x9a, 0x3b, 0, 0, 0, 0, 0xff, 0xc9, 0x9a, 0x3b, 0xfe, 0xff, 0xff, 0xff, 0x00, 0x65, 0xcd, 0x1d};
    EXPECT_EQ(transcodeOk("test_msgs/Times", "time t\nduration d1\nduration d2\nduration d3", ros1), cdr);
}

TEST(Ros1ToCdr, FixedArraysHaveNoCount) {
    // f = [1, 2], b = 1, s = ["x", ""], i = [-1]
    const Payload ros1 = {0,   0, 0x80, 0x3f, 0, 0,    0,    0x40, 1,    1,    0,    0,    0,
                        'x', 0, 0,    0,    0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    const Payload cdr = {0,    1,    0,    0,    0,    0,    0x80, 0x3f, 0, 0, 0, 0x40,  // @0 f
                       1,    0,    0,    0,                                            // @8 b, padding
                       2,    0,    0,    0,    'x',  0,                                // @12 "x"
                       0,    0,                                                        // padding
                       1,    0,    0,    0,    0,                                      // @20 ""
                       0,    0,    0,    0,    0,    0,    0,                          // padding to 8
                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};                // @32 i
    EXPECT_EQ(transcodeOk("test_msgs/Fixed", "float32[2] f\nuint8 b\nstring[2] s\nint64[1] i", ros1), cdr);
}

TEST(Ros1ToCdr, ByteAndCharAreOneByteEach) {
    const Payload cdr = transcodeOk("test_msgs/Chars", "byte a\nchar b\nbyte[] c", {0xff, 0x41, 1, 0, 0, 0, 0x80});
    EXPECT_EQ(cdr, (Payload{0, 1, 0, 0, 0xff, 0x41, 0, 0, 1, 0, 0, 0, 0x80, 0, 0, 0}));
}

TEST(Ros1ToCdr, TypedTwistMatchesTheTypedEncoder) {
    Twist twist;
    twist.linear = {1.0, -2.0, 3.5};
    twist.angular = {0.0, 0.25, -8.0};
    Payload ros1;
    for (double v : {1.0, -2.0, 3.5, 0.0, 0.25, -8.0}) {
        const auto *bytes = reinterpret_cast<const std::uint8_t *>(&v);
        ros1.insert(ros1.end(), bytes, bytes + 8);
    }
    const std::string definition = "geometry_msgs/Vector3 linear\ngeometry_msgs/Vector3 angular" + kSep +
                                   "MSG: geometry_msgs/Vector3\nfloat64 x\nfloat64 y\nfloat64 z\n";
    EXPECT_EQ(transcodeOk("geometry_msgs/Twist", definition, ros1), encodeCdr(twist));
}

TEST(Ros1ToCdr, DamagedPayloadsFailNamingTheField) {
    const std::string strings = "string s\nuint8 c";
    EXPECT_EQ(transcodeError("test_msgs/S", strings, {9, 0, 0, 0, 'a'}), "S.s: needs 9 bytes at offset 4, 1 left");
    EXPECT_EQ(transcodeError("test_msgs/S", strings, {0, 0, 0, 0, 1, 2}),
              "S: 1 bytes left after the last field at offset 5 (the payload does not match its definition)");
    // A count far beyond the payload fails before anything grows.
    EXPECT_EQ(transcodeError("test_msgs/A", "float64[] a", {0xff, 0xff, 0xff, 0xff, 0}),
              "A.a: 4294967295 elements cannot fit in the 1 bytes left at offset 4");
    const std::string empties = "std_msgs/Empty[] e" + kSep + "MSG: std_msgs/Empty\n";
    EXPECT_NE(transcodeError("test_msgs/E", empties, {0xff, 0xff, 0xff, 0xff}).find("elements cannot fit"),
              std::string::npos);
    const std::string nested = "Tagged[] pts" + kSep + "MSG: test_msgs/Tagged\nuint8 tag\nstring x\n";
    EXPECT_EQ(transcodeError("test_msgs/P", nested, {2, 0, 0, 0, 1, 1, 0, 0, 0, 'a', 2, 5, 0, 0, 0}),
              "P.pts[1].x: needs 5 bytes at offset 15, 0 left");
}

TEST(Ros1ToCdr, UntranslatableDefinitionsFailAtCreate) {
    EXPECT_EQ(transcodeError("test_msgs/X", "", {}), "create: no message_definition for test_msgs/X");
    EXPECT_NE(transcodeError("test_msgs/X", "float64[x a", {}).find("create: schema for test_msgs/X"),
              std::string::npos);
    EXPECT_NE(transcodeError("test_msgs/X", "Missing m", {}).find("no definition of test_msgs/Missing"),
              std::string::npos);
    const std::string grid_map = "GridMapInfo info" + kSep + "MSG: grid_map_msgs/GridMapInfo\nfloat64 resolution\n";
    EXPECT_EQ(transcodeError("grid_map_msgs/GridMap", grid_map, {}),
              "create: grid_map_msgs/GridMapInfo has another layout in ROS 2 (the header moved from GridMapInfo to "
              "GridMap)");
    const std::string no_seq = "Header h" + kSep + "MSG: std_msgs/Header\ntime stamp\nstring frame_id\n";
    EXPECT_EQ(transcodeError("test_msgs/H", no_seq, {}),
              "create: its std_msgs/Header does not start with `uint32 seq`: not a ROS 1 Header");
}

TEST(Ros1ToCdr, WireLayoutComparison) {
    auto twist =
        Ros1ToCdr::create("geometry_msgs/Twist", "geometry_msgs/Vector3 linear\ngeometry_msgs/Vector3 angular" + kSep +
                                                     "MSG: geometry_msgs/Vector3\nfloat64 x\nfloat64 y\nfloat64 z");
    ASSERT_TRUE(twist.ok()) << twist.message();
    EXPECT_TRUE(twist->sameWireLayout("geometry_msgs/msg/Twist", builtinSchemaText("geometry_msgs/msg/Twist")));
    EXPECT_FALSE(twist->sameWireLayout("geometry_msgs/msg/Pose", builtinSchemaText("geometry_msgs/msg/Pose")));
    // A ROS 1 Header (with seq) has the layout of the ROS 2 one (without).
    auto header = Ros1ToCdr::create("std_msgs/Header", "uint32 seq\ntime stamp\nstring frame_id");
    ASSERT_TRUE(header.ok()) << header.message();
    EXPECT_TRUE(header->sameWireLayout("std_msgs/msg/Header", builtinSchemaText("std_msgs/msg/Header")));
}

}  // namespace
}  // namespace robometrics::msgs
