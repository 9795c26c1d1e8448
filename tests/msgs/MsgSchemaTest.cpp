// The .msg grammar and the splitting of ros2msg schema texts into blocks.

#include <gtest/gtest.h>

#include <string>

#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {
namespace {

TEST(MsgSchemaTest, ParsesFieldsConstantsDefaultsAndArrays) {
    auto fields = parseMsgFields(
        "# comment line\n"
        "  \n"
        "uint8 INT8    = 1\n"
        "string FOO=\"bar # baz\"\n"
        "float64 w 1\n"
        "Vector3  linear\n"
        "string<=5[<=3] names [\"a\", \"b\"]\n"
        "int32[7] fixed\n"
        "geometry_msgs/msg/Point[] points\n"
        "Header header\n"
        "time stamp\n",
        "geometry_msgs");
    ASSERT_TRUE(fields.ok()) << fields.message();
    ASSERT_EQ(fields->size(), 7U);
    EXPECT_EQ((*fields)[0].name, "w");
    EXPECT_EQ((*fields)[0].primitive, MsgPrimitive::Float64);
    EXPECT_EQ((*fields)[0].array, MsgArrayKind::None);
    EXPECT_EQ((*fields)[1].type_name, "geometry_msgs/Vector3");
    EXPECT_EQ((*fields)[1].primitive, MsgPrimitive::Complex);
    EXPECT_EQ((*fields)[2].primitive, MsgPrimitive::String);
    EXPECT_EQ((*fields)[2].array, MsgArrayKind::Sequence);
    EXPECT_EQ((*fields)[3].array, MsgArrayKind::Fixed);
    EXPECT_EQ((*fields)[3].fixed_size, 7U);
    EXPECT_EQ((*fields)[4].type_name, "geometry_msgs/Point");
    EXPECT_EQ((*fields)[4].array, MsgArrayKind::Sequence);
    EXPECT_EQ((*fields)[5].type_name, "std_msgs/Header");
    EXPECT_EQ((*fields)[6].type_name, "builtin_interfaces/Time");
}

TEST(MsgSchemaTest, ReportsMalformedLines) {
    auto bad_array = parseMsgFields("int32[x] a\n", "p");
    ASSERT_FALSE(bad_array.ok());
    EXPECT_EQ(bad_array.message(), "line 1 'int32[x] a': malformed array size 'int32[x]'");
    // A fuzzed schema: elements of `string[0]` only take no bytes, so a sequence of four billion
    // of them fitted in any payload and took seconds to walk.
    auto empty_array = parseMsgFields("string[0] a\n", "p");
    ASSERT_FALSE(empty_array.ok());
    EXPECT_EQ(empty_array.message(), "line 1 'string[0] a': array size 0 in 'string[0]' (sizes are positive)");
    auto bounded_int = parseMsgFields("\nint32<=3 a\n", "p");
    ASSERT_FALSE(bounded_int.ok());
    EXPECT_EQ(bounded_int.message(), "line 2 'int32<=3 a': only strings may be bounded: 'int32<=3'");
    EXPECT_FALSE(parseMsgFields("Foo bar\n", "").ok());
    auto twice = parseMsgFields("int32 a\nfloat64 b\nstring a\n", "p");
    ASSERT_FALSE(twice.ok());
    EXPECT_EQ(twice.message(), "line 3 'string a': field 'a' declared twice");
}

TEST(MsgSchemaTest, NormalisesTypeNames) {
    EXPECT_EQ(normaliseTypeName("sensor_msgs/msg/LaserScan"), "sensor_msgs/LaserScan");
    EXPECT_EQ(normaliseTypeName(" std_msgs/Header "), "std_msgs/Header");
    EXPECT_EQ(packageOf("nav_msgs/msg/Path"), "nav_msgs");
    EXPECT_EQ(packageOf("Path"), "");
}

TEST(MsgSchemaTest, SplitsBlocksByNameKeepingTheFirstOfRepeats) {
    const std::string sep(80, '=');
    const std::string text = "A a\n" + sep + "\nMSG: p/A\nint8 x\n" + sep + "\nMSG: p/A\nint8 y\n" + sep +
                             "\nMSG: builtin_interfaces/msg/Time\nint32 sec\nuint32 nanosec\n";
    auto blocks = splitSchemaText(text, "p/msg/Root");
    ASSERT_TRUE(blocks.ok()) << blocks.message();
    ASSERT_EQ(blocks->size(), 3U);
    EXPECT_EQ(blocks->at("p/Root"), "A a\n");
    EXPECT_EQ(blocks->at("p/A"), "int8 x\n");
    EXPECT_EQ(blocks->at("builtin_interfaces/Time"), "int32 sec\nuint32 nanosec\n");
}

TEST(MsgSchemaTest, RejectsIdlBlocksAndMissingMsgLine) {
    const std::string sep(80, '=');
    auto idl = splitSchemaText(sep + "\nIDL: p/msg/T\nmodule p {};\n", "p/msg/T");
    ASSERT_FALSE(idl.ok());
    EXPECT_EQ(idl.message(),
              "unsupported schema for p/msg/T: IDL blocks (only ros2msg message definitions are supported)");
    auto no_name = splitSchemaText("int8 a\n" + sep + "\nint8 b\n", "p/T");
    ASSERT_FALSE(no_name.ok());
    EXPECT_EQ(no_name.message(), "schema for p/T: expected 'MSG: pkg/Type' after a separator, got 'int8 b'");
}

}  // namespace
}  // namespace robometrics::msgs
