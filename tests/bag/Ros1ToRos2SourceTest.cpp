// translateRos1ToRos2: the sample ROS 1 bags read as ROS 2 (every typed message decodes from the
// CDR as from the original ROS 1 bytes, and re-encodes to the same bytes), QoS per connection,
// and topics that cannot be translated reported with their counts.

#include <gtest/gtest.h>

#include <map>

#include "TestSupport.hpp"
#include "robometrics/bag/OfferedQos.hpp"
#include "robometrics/bag/Ros1ToRos2Source.hpp"
#include "robometrics/bag/ros1/Writer.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

/// Decodes one typed message both ways; false when robometrics has no struct for the type.
bool compareTyped(const std::string &type, std::span<const std::uint8_t> ros1, std::span<const std::uint8_t> cdr) {
#define ROBOMETRICS_COMPARE_TYPED(Struct, Name)                                                  \
    if (type == Name) {                                                                          \
        msgs::Struct from_ros1;                                                                  \
        msgs::Struct from_cdr;                                                                   \
        Status a = msgs::decodeRos1(ros1, from_ros1);                                            \
        Status b = msgs::decodeCdr(cdr, from_cdr);                                               \
        EXPECT_TRUE(a.ok()) << a.message();                                                      \
        EXPECT_TRUE(b.ok()) << b.message();                                                      \
        EXPECT_TRUE(from_ros1 == from_cdr) << type;                                              \
        const std::vector<std::uint8_t> encoded = msgs::encodeCdr(from_ros1);                    \
        EXPECT_TRUE(std::equal(encoded.begin(), encoded.end(), cdr.begin(), cdr.end())) << type; \
        return true;                                                                             \
    }
    ROBOMETRICS_FOR_EACH_MESSAGE(ROBOMETRICS_COMPARE_TYPED)
#undef ROBOMETRICS_COMPARE_TYPED
    return false;
}

TEST(Ros1ToRos2Source, TypedMessagesOfTheSampleBagsDecodeAlike) {
    const std::map<std::string, std::uint64_t> expected_typed = {
        {"bags/ros1/rosbag.js/example.bag", 2688 + 1 + 208 + 357},  // TFMessage and Twist
        {"bags/ros1/rosbag.js/example-lz4.bag", 2688 + 1 + 208 + 357},
        {"bags/ros1/rosbag.js/example-bz2.bag", 2688 + 1 + 208 + 357},
        {"bags/ros1/rosbag.js/example-unsorted-chunks.bag", 3},  // std_msgs/String
        {"bags/ros1/rosbag.js/no-messages.bag", 0},
        {"bags/ros1/evo_tf_example.bag", 518},
    };
    for (const auto &[relative, typed] : expected_typed) {
        ROBOMETRICS_CASE_DATA(path, relative);
        auto original = openBag(path.string());
        auto wrapped = openBag(path.string());
        ASSERT_TRUE(original.ok() && wrapped.ok());
        Ros2Translation report;
        std::unique_ptr<MessageSource> translated = translateRos1ToRos2(std::move(*wrapped), report);
        Message a;
        Message b;
        std::uint64_t compared = 0;
        for (;;) {
            auto more_a = (*original)->next(a);
            auto more_b = translated->next(b);
            ASSERT_TRUE(more_a.ok() && more_b.ok()) << relative << ": " << more_b.status().message();
            ASSERT_EQ(*more_a, *more_b) << relative;
            if (!*more_a) break;
            ASSERT_EQ(a.topic->name, b.topic->name);
            EXPECT_EQ(a.log_time, b.log_time);
            EXPECT_EQ(b.publish_time, b.log_time);
            EXPECT_EQ(b.topic->serialization_format, "cdr");
            ASSERT_EQ(b.data.size() % 4, 0u);
            if (compareTyped(a.topic->type, a.data, b.data)) ++compared;
        }
        EXPECT_EQ(compared, typed) << relative;
        EXPECT_TRUE(report.skipped.empty()) << relative;
    }
}

TEST(Ros1ToRos2Source, TopicsBecomeRos2WithOneQosProfilePerConnection) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros1/rosbag.js/example.bag");
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    Ros2Translation report;
    std::unique_ptr<MessageSource> translated = translateRos1ToRos2(std::move(*source), report);
    std::map<std::string, const TopicInfo *> by_name;
    for (const TopicInfo &topic : translated->topics()) by_name[topic.name] = &topic;
    ASSERT_EQ(by_name.size(), 9u);
    const std::string latched = offeredQosYaml(OfferedQos{true, true, 1});
    const std::string plain = offeredQosYaml(OfferedQos{});
    // /rosout: three latched publishers (rosbag, turtlesim, static_transform_publisher).
    EXPECT_EQ(by_name["/rosout"]->offered_qos_profiles, latched + latched + latched);
    EXPECT_EQ(by_name["/tf_static"]->offered_qos_profiles, latched);
    EXPECT_EQ(by_name["/tf"]->offered_qos_profiles, plain + plain);
    EXPECT_EQ(by_name["/turtle1/pose"]->offered_qos_profiles, plain);
    const TopicInfo &tf = *by_name["/tf"];
    EXPECT_EQ(tf.type, "tf2_msgs/msg/TFMessage");  // tf/tfMessage in the bag
    EXPECT_EQ(tf.schema.encoding, "ros2msg");
    EXPECT_EQ(tf.schema.text, msgs::builtinSchemaText("tf2_msgs/msg/TFMessage"));
    const TopicInfo &pose = *by_name["/turtle1/pose"];
    EXPECT_EQ(pose.type, "turtlesim/msg/Pose");
    EXPECT_EQ(pose.schema.name, "turtlesim/msg/Pose");
    EXPECT_EQ(pose.schema.text,
              "float32 x\nfloat32 y\nfloat32 theta\nfloat32 linear_velocity\nfloat32 angular_velocity\n");
}

TEST(Ros1ToRos2Source, TfStaticWithoutLatchingFieldStaysLatched) {
    // evo's example bag was written by rosbags: its headers have no callerid and no latching.
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros1/evo_tf_example.bag");
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    Ros2Translation report;
    std::unique_ptr<MessageSource> translated = translateRos1ToRos2(std::move(*source), report);
    for (const TopicInfo &topic : translated->topics()) {
        const bool is_static = topic.name == "/tf_static";
        EXPECT_EQ(topic.offered_qos_profiles, offeredQosYaml(is_static ? OfferedQos{true, true, 1} : OfferedQos{}))
            << topic.name;
    }
}

/// A ROS 1 bag with one good topic and two that cannot be translated.
fs::path writeMixedBag(const std::vector<std::uint8_t> &good_payload) {
    const fs::path path = test::scratchDir("ros1_to_ros2_mixed") / "mixed.bag";
    auto writer = ros1::Writer::create(path.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    const std::uint32_t ok = writer->addConnection("/ok", "std_msgs/String", "string data\n");
    const std::uint32_t grid = writer->addConnection(
        "/grid", "grid_map_msgs/GridMap",
        "GridMapInfo info\nstring[] layers\n" + std::string(80, '=') +
            "\nMSG: grid_map_msgs/GridMapInfo\nHeader header\nfloat64 resolution\n" + std::string(80, '=') +
            "\nMSG: std_msgs/Header\nuint32 seq\ntime stamp\nstring frame_id\n");
    const std::uint32_t none = writer->addConnection("/nodef", "test_msgs/Thing", "");
    const std::vector<std::uint8_t> empty_string = {0, 0, 0, 0};
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(writer->write(grid, 1'000'000'000 + i, empty_string).ok());
    EXPECT_TRUE(writer->write(none, 1'500'000'000, empty_string).ok());
    EXPECT_TRUE(writer->write(ok, 2'000'000'000, good_payload).ok());
    EXPECT_TRUE(writer->write(ok, 2'000'000'001, empty_string).ok());
    EXPECT_TRUE(writer->close().ok());
    return path;
}

TEST(Ros1ToRos2Source, UntranslatableTopicsAreReportedWithTheirMessages) {
    const fs::path path = writeMixedBag({2, 0, 0, 0, 'h', 'i'});
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    Ros2Translation report;
    std::unique_ptr<MessageSource> translated = translateRos1ToRos2(std::move(*source), report);
    ASSERT_EQ(translated->topics().size(), 1u);
    EXPECT_EQ(translated->topics()[0].name, "/ok");
    Message message;
    std::vector<std::vector<std::uint8_t>> payloads;
    for (auto more = translated->next(message); more.ok() && *more; more = translated->next(message))
        payloads.emplace_back(message.data.begin(), message.data.end());
    ASSERT_EQ(payloads.size(), 2u);
    EXPECT_EQ(payloads[0], (std::vector<std::uint8_t>{0, 1, 0, 0, 3, 0, 0, 0, 'h', 'i', 0, 0}));
    ASSERT_EQ(report.skipped.size(), 2u);
    std::map<std::string, SkippedTopic> skipped;
    for (const SkippedTopic &topic : report.skipped) skipped[topic.topic] = topic;
    EXPECT_EQ(skipped["/grid"].type, "grid_map_msgs/msg/GridMap");
    EXPECT_EQ(skipped["/grid"].messages, 3u);
    EXPECT_NE(skipped["/grid"].reason.find("another layout in ROS 2"), std::string::npos) << skipped["/grid"].reason;
    EXPECT_EQ(skipped["/nodef"].messages, 1u);
    EXPECT_EQ(skipped["/nodef"].reason, "no message_definition for test_msgs/msg/Thing");
}

TEST(Ros1ToRos2Source, DamagedPayloadNamesTheTopic) {
    const fs::path path = writeMixedBag({9, 0, 0, 0, 'h'});
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    Ros2Translation report;
    std::unique_ptr<MessageSource> translated = translateRos1ToRos2(std::move(*source), report);
    Message message;
    auto more = translated->next(message);
    ASSERT_FALSE(more.ok());
    EXPECT_NE(more.message().find("topic /ok (std_msgs/msg/String), message at log time 2000000000: "
                                  "String.data: needs 9 bytes at offset 4, 1 left"),
              std::string::npos)
        << more.message();
}

}  // namespace
}  // namespace robometrics::bag
