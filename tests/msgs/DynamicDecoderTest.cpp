// Schema-driven decoding to JSON and to the indented form: built-in and stored definitions, tricky
// .msg grammar, stub overrides, unsupported schemas, bad payloads.

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "robometrics/msgs/CdrWriter.hpp"
#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"

namespace robometrics::msgs {
namespace {

const std::string kSeparator(80, '=');

std::string block(const std::string &name, const std::string &body) {
    return kSeparator + "\nMSG: " + name + "\n" + body;
}

TEST(DynamicDecoderTest, DecodesLaserScanWithBuiltinSchemaInMsgOrder) {
    LaserScan scan;
    scan.header.stamp = Time{1700000000, 123456789};
    scan.header.frame_id = "laser";
    scan.angle_min = -1.5F;
    scan.angle_increment = 0.1F;
    scan.range_max = 30.0F;
    scan.ranges = {1.0F, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                   -std::numeric_limits<float>::infinity()};
    auto decoder = DynamicDecoder::create("sensor_msgs/msg/LaserScan", "");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    EXPECT_EQ(decoder->typeName(), "sensor_msgs/LaserScan");
    auto json = decoder->decode(encodeCdr(scan));
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ(json->dump(),
              R"({"header":{"stamp":{"sec":1700000000,"nanosec":123456789},"frame_id":"laser"},"angle_min":-1.5,)"
              R"("angle_max":0.0,"angle_increment":0.1,"time_increment":0.0,"scan_time":0.0,"range_min":0.0,)"
              R"("range_max":30.0,"ranges":[1.0,"nan","inf","-inf"],"intensities":[]})");
}

// Comments, a quoted default holding '#', constants with and without spaces, a bounded string,
// fixed arrays of strings / structs / field-less structs, bare names, a bare Header, blocks out of
// order and repeated, Time left to the built-in table.
std::string trickySchema() {
    return "# the root\n"
        "bool[3] flags [false, true, false]\n"
        "string<=10 label \"a # not a comment\"  # a comment\n"
        "int16 INT16_CONST = -1000\n"
        "uint8 U8_CONST=7\n"
        "string[2] names\n"
        "Inner[2]   inners\n"
        "Nothing[3] nothings\n"
        "Header header\n"
        "uint8[<=4] small\n"
        "float64 tail 0.5\n" +
        block("test_pkg/Nothing", "uint8 ONLY_CONSTANT=1\n") + "\n" + block("test_pkg/Inner", "int8 a\nfloat64 b\n") +
        "\n" + block("std_msgs/Header", "builtin_interfaces/Time stamp\nstring frame_id\n") + "\n" +
           block("test_pkg/Inner", "int8 a\nfloat64 b\n");
}

std::vector<std::uint8_t> trickyPayload() {
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Little);
    for (std::uint8_t flag : {0, 1, 0}) w.write(flag);
    w.writeString("hi");
    w.writeString("x");
    w.writeString("");
    w.write(std::int8_t{-3});
    w.write(0.25);
    w.write(std::int8_t{4});
    w.write(-8.0);
    for (int i = 0; i < 3; ++i) w.writeEmptyStruct();
    w.write(std::int32_t{5});
    w.write(std::uint32_t{6});
    w.writeString("map");
    w.writeCount(2);
    w.write(std::uint8_t{9});
    w.write(std::uint8_t{10});
    w.write(2.5);
    w.finish();
    return bytes;
}

TEST(DynamicDecoderTest, DecodesTrickyGrammar) {
    auto decoder = DynamicDecoder::create("test_pkg/msg/Tricky", trickySchema());
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(trickyPayload());
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ(json->dump(), R"({"flags":[false,true,false],"label":"hi","names":["x",""],"inners":[{"a":-3,"b":0.25},)"
                            R"({"a":4,"b":-8.0}],"nothings":[{},{},{}],"header":{"stamp":{"sec":5,"nanosec":6},)"
                            R"("frame_id":"map"},"small":[9,10],"tail":2.5})");
}

TEST(DynamicDecoderTest, AppendsTheJsonLineAndTheIndentedForm) {
    auto decoder = DynamicDecoder::create("test_pkg/msg/Tricky", trickySchema());
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    std::string json = "prefix:";
    ASSERT_TRUE(decoder->appendJson(trickyPayload(), json).ok());
    EXPECT_EQ(json, R"(prefix:{"flags":[false,true,false],"label":"hi","names":["x",""],"inners":[{"a":-3,"b":0.25},)"
                    R"({"a":4,"b":-8.0}],"nothings":[{},{},{}],"header":{"stamp":{"sec":5,"nanosec":6},)"
                    R"("frame_id":"map"},"small":[9,10],"tail":2.5})");
    std::string yaml;
    ASSERT_TRUE(decoder->appendYaml(trickyPayload(), yaml).ok());
    EXPECT_EQ(yaml,
              "flags: [false,true,false]\n"
              "label: \"hi\"\n"
              "names: [\"x\",\"\"]\n"
              "inners:\n"
              "  - a: -3\n"
              "    b: 0.25\n"
              "  - a: 4\n"
              "    b: -8.0\n"
              "nothings:\n"
              "  - {}\n"
              "  - {}\n"
              "  - {}\n"
              "header:\n"
              "  stamp:\n"
              "    sec: 5\n"
              "    nanosec: 6\n"
              "  frame_id: \"map\"\n"
              "small: [9,10]\n"
              "tail: 2.5\n");
}

TEST(DynamicDecoderTest, IndentedFormOfNestedArraysOfMessages) {
    // An array item whose first field is itself an array of messages: the "- " goes on the
    // item's first line only; empty arrays and messages without fields stay on the key's line.
    auto decoder = DynamicDecoder::create(
        "p/msg/T", "Outer[] outers\nInner[] none\nNothing nothing\n" + block("p/Outer", "Inner[] inners\nint8 c\n") +
                       "\n" + block("p/Inner", "int8 a\nfloat64 b\n") + "\n" + block("p/Nothing", ""));
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Little);
    w.writeCount(1);
    w.writeCount(1);
    w.write(std::int8_t{1});
    w.write(0.5);
    w.write(std::int8_t{7});
    w.writeCount(0);
    w.writeEmptyStruct();
    w.finish();
    std::string yaml;
    ASSERT_TRUE(decoder->appendYaml(bytes, yaml).ok());
    EXPECT_EQ(yaml,
              "outers:\n"
              "  - inners:\n"
              "      - a: 1\n"
              "        b: 0.5\n"
              "    c: 7\n"
              "none: []\n"
              "nothing: {}\n");
    std::string json;
    ASSERT_TRUE(decoder->appendJson(bytes, json).ok());
    EXPECT_EQ(json, R"({"outers":[{"inners":[{"a":1,"b":0.5}],"c":7}],"none":[],"nothing":{}})");
}

TEST(DynamicDecoderTest, AFailedMessageAppendsNothing) {
    auto decoder = DynamicDecoder::create("p/T", "string label\nint32 n\n");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Little);
    w.writeString("\xff");
    w.write(std::int32_t{1});
    w.finish();
    std::string out = "kept";
    Status s = decoder->appendJson(bytes, out);
    EXPECT_EQ(s.message(), "field label: invalid UTF-8 byte at index 0: 0xFF");
    EXPECT_EQ(out, "kept");
    bytes.resize(bytes.size() - 4);  // n cut off
    EXPECT_FALSE(decoder->appendYaml(bytes, out).ok());
    EXPECT_EQ(out, "kept");
}

TEST(DynamicDecoderTest, BigEndianPayload) {
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Big);
    w.write(std::uint16_t{0x0102});
    w.write(std::int64_t{-2});
    w.finish();
    auto decoder = DynamicDecoder::create("p/T", "uint16 a\nint64 b\n");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(bytes);
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ(json->dump(), R"({"a":258,"b":-2})");
}

TEST(DynamicDecoderTest, BuiltinOverridesStubLogDefinition) {
    // talker.db3 stores "uint8 level" only for rcl_interfaces/msg/Log.
    std::vector<std::uint8_t> bytes;
    CdrWriter w(bytes, CdrByteOrder::Little);
    w.write(std::int32_t{1});
    w.write(std::uint32_t{2});
    w.write(std::uint8_t{20});
    w.writeString("talker");
    w.writeString("Publishing: 'Hello World: 1'");
    w.writeString("talker.cpp");
    w.writeString("operator()");
    w.write(std::uint32_t{42});
    w.finish();
    auto decoder = DynamicDecoder::create("rcl_interfaces/msg/Log", "uint8 level\n");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(bytes);
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ(json->dump(),
              R"({"stamp":{"sec":1,"nanosec":2},"level":20,"name":"talker","msg":"Publishing: 'Hello World: 1'",)"
              R"j("file":"talker.cpp","function":"operator()","line":42})j");
}

TEST(DynamicDecoderTest, StoredDefinitionWinsWhenNotAStub) {
    // A different, complete definition of a built-in type is trusted as stored.
    auto decoder = DynamicDecoder::create("std_msgs/msg/String", "uint32 data\n");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(std::vector<std::uint8_t>{0, 1, 0, 0, 7, 0, 0, 0});
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ(json->dump(), R"({"data":7})");
}

TEST(DynamicDecoderTest, EmptyMessageIsOneByte) {
    auto decoder = DynamicDecoder::create("std_msgs/Empty", "");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(encodeCdr(Empty{}));
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ(json->dump(), "{}");
    std::string yaml;
    EXPECT_TRUE(decoder->appendYaml(encodeCdr(Empty{}), yaml).ok());
    EXPECT_EQ(yaml, "");  // the indented form of a message without fields is no line at all
    EXPECT_FALSE(decoder->decode(std::vector<std::uint8_t>{0, 1, 0, 0}).ok());
}

TEST(DynamicDecoderTest, RejectsUnsupportedSchemas) {
    auto idl = DynamicDecoder::create("p/msg/T", "module p { struct T { long a; }; };", "ros2idl");
    ASSERT_FALSE(idl.ok());
    EXPECT_EQ(idl.message(), "unsupported schema for p/msg/T: encoding 'ros2idl' (only ros2msg and ros1msg are supported)");
    auto srv = DynamicDecoder::create("p/srv/S_Event", "int32 a\n---\nint32 b\n");
    ASSERT_FALSE(srv.ok());
    EXPECT_NE(srv.message().find("unsupported schema"), std::string::npos) << srv.message();
    auto srv_block = DynamicDecoder::create("p/msg/E", "int32 a\n" + kSeparator + "\nSRV: p/S\nint32 b\n");
    ASSERT_FALSE(srv_block.ok());
    EXPECT_NE(srv_block.message().find("unsupported schema"), std::string::npos) << srv_block.message();
    auto separator = DynamicDecoder::create("p/msg/T", "int32 a\n---\nint32 b\n");
    ASSERT_FALSE(separator.ok());
    EXPECT_NE(separator.message().find("unsupported schema"), std::string::npos) << separator.message();
}

TEST(DynamicDecoderTest, RejectsMissingAndRecursiveDefinitions) {
    auto missing = DynamicDecoder::create("p/msg/T", "Other o\n");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message(), "schema for p/T: no definition of p/Other in the schema and none built in");
    auto unknown = DynamicDecoder::create("p/msg/Unknown", "");
    ASSERT_FALSE(unknown.ok());
    auto loop = DynamicDecoder::create("p/msg/A", "B b\n" + block("p/B", "A[] a\n"));
    ASSERT_FALSE(loop.ok());
    EXPECT_EQ(loop.message(), "schema for p/A: recursive type definition p/A -> p/B -> p/A");
    auto bad_line = DynamicDecoder::create("p/msg/T", "int32\n");
    ASSERT_FALSE(bad_line.ok());
    EXPECT_EQ(bad_line.message(), "schema for p/T: definition of p/T: line 1 'int32': expected '<type> <name>'");
}

TEST(DynamicDecoderTest, AbsurdCountsAndTruncationFailCleanly) {
    auto decoder = DynamicDecoder::create("p/T", "string[] names\nuint8[1000000000] big\n");
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(std::vector<std::uint8_t>{0, 1, 0, 0, 0xff, 0xff, 0xff, 0xff});
    ASSERT_FALSE(json.ok());
    EXPECT_EQ(json.message(),
              "T.names: count 4294967295 of elements of at least 4 bytes at offset 8 exceeds the 0 "
              "bytes left (payload has 8)");
    auto fixed = decoder->decode(std::vector<std::uint8_t>{0, 1, 0, 0, 0, 0, 0, 0, 1, 2});
    ASSERT_FALSE(fixed.ok());
    EXPECT_NE(fixed.message().find("T.big: count 1000000000"), std::string::npos) << fixed.message();

    auto scan_decoder = DynamicDecoder::create("sensor_msgs/msg/LaserScan", "");
    ASSERT_TRUE(scan_decoder.ok());
    LaserScan scan;
    scan.header.frame_id = "laser";
    scan.ranges = {1, 2, 3};
    scan.intensities = {4, 5, 6};
    const auto bytes = encodeCdr(scan);
    for (std::size_t n = 0; n + 4 <= bytes.size(); ++n) {
        EXPECT_FALSE(scan_decoder->decode(std::span(bytes.data(), n)).ok()) << "length " << n;
    }
    auto cut = scan_decoder->decode(std::span(bytes.data(), 60));
    ASSERT_FALSE(cut.ok());
    EXPECT_EQ(cut.message(),
              "LaserScan.ranges: count 3 of elements of at least 4 bytes at offset 56 exceeds the 4 bytes left "
              "(payload has 60)");
}

}  // namespace
}  // namespace robometrics::msgs
