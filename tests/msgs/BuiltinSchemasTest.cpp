// The built-in ros2msg schema texts: layout as rosbag2 writes it, and agreement with the typed
// codec (every built-in text decodes the typed encoder's bytes of that type).

#include <gtest/gtest.h>

#include <string>

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
