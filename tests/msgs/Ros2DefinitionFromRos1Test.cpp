// ros2DefinitionFromRos1: the ros2msg text generated from a ROS 1 message_definition.

#include <gtest/gtest.h>

#include "robometrics/msgs/DynamicDecoder.hpp"
#include "robometrics/msgs/Ros1ToCdr.hpp"
#include "robometrics/msgs/Ros2DefinitionFromRos1.hpp"

namespace robometrics::msgs {
namespace {

const std::string kRule = std::string(80, '=') + "\n";

TEST(Ros2DefinitionFromRos1, RenamesTypesDropsSeqAndAddsTimeBlocks) {
    const std::string ros1 =
        "byte DEBUG=1 # constants and comments do not reach the wire\n"
        "Header header\nbyte level\nchar c\nstring[] topics\nfloat32[3] v\n"
        "duration wait\nSub sub\n" +
        kRule + "MSG: std_msgs/Header\nuint32 seq\ntime stamp\nstring frame_id\n" + kRule +
        "MSG: test_msgs/Sub\ntime t\n";
    auto text = ros2DefinitionFromRos1("test_msgs/Record", ros1);
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_EQ(*text,
              "std_msgs/Header header\nbyte level\nuint8 c\nstring[] topics\nfloat32[3] v\n"
              "builtin_interfaces/Duration wait\ntest_msgs/Sub sub\n" +
                  kRule + "MSG: std_msgs/Header\nbuiltin_interfaces/Time stamp\nstring frame_id\n" + kRule +
                  "MSG: builtin_interfaces/Time\nint32 sec\nuint32 nanosec\n" + kRule +
                  "MSG: builtin_interfaces/Duration\nint32 sec\nuint32 nanosec\n" + kRule +
                  "MSG: test_msgs/Sub\nbuiltin_interfaces/Time t\n");
    // The text is a schema that ROS 2 readers take, with the layout the transcoder writes.
    EXPECT_TRUE(DynamicDecoder::create("test_msgs/msg/Record", *text).ok());
    auto transcoder = Ros1ToCdr::create("test_msgs/Record", ros1);
    ASSERT_TRUE(transcoder.ok()) << transcoder.message();
    EXPECT_TRUE(transcoder->sameWireLayout("test_msgs/msg/Record", *text));
}

TEST(Ros2DefinitionFromRos1, BareNamesGetTheirPackage) {
    const std::string ros1 = "Color[2] colors\n" + kRule + "MSG: turtlesim/Color\nuint8 r\nuint8 g\nuint8 b\n";
    auto text = ros2DefinitionFromRos1("turtlesim/Palette", ros1);
    ASSERT_TRUE(text.ok()) << text.message();
    EXPECT_EQ(*text, "turtlesim/Color[2] colors\n" + kRule + "MSG: turtlesim/Color\nuint8 r\nuint8 g\nuint8 b\n");
}

TEST(Ros2DefinitionFromRos1, MissingDependencyIsAnError) {
    auto text = ros2DefinitionFromRos1("test_msgs/X", "Missing m\n");
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.message(), "ROS 2 definition of test_msgs/X: no definition of test_msgs/Missing");
}

}  // namespace
}  // namespace robometrics::msgs
