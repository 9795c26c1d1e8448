// The built-in ros2msg schema texts: layout as rosbag2 writes it, and agreement with the typed
// codec (every built-in text decodes the typed encoder's bytes of that type).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/DynamicDecoder.hpp"
#include "robometrics/msgs/MsgSchema.hpp"

namespace robometrics::msgs {
namespace {

TEST(BuiltinSchemasTest, LaserScanTextHasHeaderThenTime) {
    const std::string sep(80, '=');
    std::string text(builtinSchemaText("sensor_msgs/msg/LaserScan"));
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.rfind("# One sweep", 0), 0U);
    const std::size_t header = text.find(sep + "\nMSG: std_msgs/Header\n");
    const std::size_t time = text.find(sep + "\nMSG: builtin_interfaces/Time\n");
    ASSERT_NE(header, std::string::npos);
    ASSERT_NE(time, std::string::npos);
    EXPECT_LT(header, time);
    EXPECT_EQ(text.find("MSG: sensor_msgs"), std::string::npos);
    EXPECT_EQ(text.find("\n\n" + sep), std::string::npos);  // blocks joined by a single newline
}

TEST(BuiltinSchemasTest, DependenciesAreSortedDepthFirstAndListedOnce) {
    auto blocks = splitSchemaText(builtinSchemaText("nav_msgs/Odometry"), "nav_msgs/Odometry");
    ASSERT_TRUE(blocks.ok());
    std::string text(builtinSchemaText("nav_msgs/Odometry"));
    std::string order;
    for (std::size_t at = text.find("MSG: "); at != std::string::npos; at = text.find("MSG: ", at + 1)) {
        order += text.substr(at + 5, text.find('\n', at) - at - 5) + " ";
    }
    EXPECT_EQ(order,
              "geometry_msgs/PoseWithCovariance geometry_msgs/Pose geometry_msgs/Point geometry_msgs/Quaternion "
              "geometry_msgs/TwistWithCovariance geometry_msgs/Twist geometry_msgs/Vector3 std_msgs/Header "
              "builtin_interfaces/Time ");
    EXPECT_EQ(blocks->size(), 10U);
}

TEST(BuiltinSchemasTest, KnowsTheLostDetectorAndLogTypes) {
    EXPECT_EQ(builtinSchemaText("std_msgs/msg/Empty"), "");
    EXPECT_FALSE(builtinSchemaText("std_msgs/msg/String").empty());
    EXPECT_FALSE(builtinSchemaText("geometry_msgs/msg/PoseWithCovarianceStamped").empty());
    EXPECT_NE(builtinSchemaText("rcl_interfaces/msg/Log").find("uint32 line"), std::string::npos);
    EXPECT_TRUE(builtinSchemaText("foo_msgs/msg/Bar").empty());
    EXPECT_EQ(schemaText<Imu>(), builtinSchemaText("sensor_msgs/Imu"));
}

TEST(BuiltinSchemasTest, ParameterEventDecodesHandBuiltBytes) {
    // /parameter_events in every `ros2 bag record -a`: stamp 5.6 s, node "/n", one new integer
    // parameter a = 42. Offsets after the CDR header: stamp @0 @4, node @8 (length 3) @12..14,
    // new_parameters count @16, name @20 (length 2) @24..25, value.type @26, bool_value @27,
    // integer_value @32 (aligned to 8), double_value @40, string_value @48 (length 1, "") @52,
    // five empty arrays @56..75, changed_parameters count @76, deleted_parameters count @80.
    std::vector<std::uint8_t> payload(4 + 84, 0);
    payload[1] = 0x01;  // CDR, little endian
    auto at = [&payload](std::size_t offset) -> std::uint8_t & { return payload[4 + offset]; };
    at(0) = 5;
    at(4) = 6;
    at(8) = 3;
    at(12) = '/';
    at(13) = 'n';
    at(16) = 1;
    at(20) = 2;
    at(24) = 'a';
    at(26) = 2;  // PARAMETER_INTEGER
    at(32) = 42;
    at(48) = 1;
    const std::string text(builtinSchemaText("rcl_interfaces/msg/ParameterEvent"));
    EXPECT_NE(text.find("MSG: rcl_interfaces/ParameterValue"), std::string::npos) << text;
    auto decoder = DynamicDecoder::create("rcl_interfaces/msg/ParameterEvent", text);
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    auto json = decoder->decode(payload);
    ASSERT_TRUE(json.ok()) << json.message();
    EXPECT_EQ((*json)["stamp"]["sec"], 5);
    EXPECT_EQ((*json)["node"], "/n");
    ASSERT_EQ((*json)["new_parameters"].size(), 1u);
    EXPECT_EQ((*json)["new_parameters"][0]["name"], "a");
    EXPECT_EQ((*json)["new_parameters"][0]["value"]["type"], 2);
    EXPECT_EQ((*json)["new_parameters"][0]["value"]["integer_value"], 42);
    EXPECT_EQ((*json)["new_parameters"][0]["value"]["string_value"], "");
    EXPECT_TRUE((*json)["deleted_parameters"].empty());
}

template <class T>
void checkBuiltinDecodesTypedBytes(std::string_view name) {
    SCOPED_TRACE(std::string(name));
    std::string text(builtinSchemaText(name));
    EXPECT_TRUE(!text.empty() || name == "std_msgs/msg/Empty");
    auto decoder = DynamicDecoder::create(std::string(name), text);
    ASSERT_TRUE(decoder.ok()) << decoder.message();
    T msg{};
    auto json = decoder->decode(encodeCdr(msg));
    ASSERT_TRUE(json.ok()) << json.message();
}

TEST(BuiltinSchemasTest, EveryTypedMessageHasAMatchingText) {
#define ROBOMETRICS_CHECK_BUILTIN(Struct, Name) checkBuiltinDecodesTypedBytes<Struct>(Name);
    ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_CHECK_BUILTIN)
#undef ROBOMETRICS_CHECK_BUILTIN
}

}  // namespace
}  // namespace robometrics::msgs
