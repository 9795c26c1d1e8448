// convertToMcap and what playback needs besides the messages: each topic's QoS profiles in the
// source's own spelling, its type hash, and rosbag2's metadata record (version matching that
// spelling, the source's distro and custom data, the output's counts and times).

#include <gtest/gtest.h>

#include <filesystem>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapConvert.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/OfferedQos.hpp"
#include "robometrics/bag/TopicRecorder.hpp"
#include "robometrics/bag/rosbag2/StoredMetadata.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

struct Converted {
    std::vector<TopicInfo> topics;
    std::optional<rosbag2::BagMetadata> record;
};

Converted convertAndRead(const fs::path &input, const std::string &scratch) {
    const std::string output = (test::scratchDir(scratch) / "out.mcap").string();
    Converted out;
    auto count = convertToMcap(input.string(), output, Compression::Zstd);
    EXPECT_TRUE(count.ok()) << count.message();
    auto source = openBag(output);
    EXPECT_TRUE(source.ok()) << source.message();
    if (source) out.topics = (*source)->topics();
    auto layout = rosbag2::resolveBag(output);
    EXPECT_TRUE(layout.ok()) << layout.message();
    if (!layout) return out;
    auto stored = rosbag2::storedMetadata(*layout);
    EXPECT_TRUE(stored.ok()) << stored.message();
    if (stored) out.record = *stored;
    return out;
}

TEST(McapConvertMetadata, IronBagKeepsQosHashesAndVersion) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/rosbag2_tests/resources/mcap/bag_with_topics_and_service_events");
    auto source = openBag(dir.string());
    ASSERT_TRUE(source.ok()) << source.message();
    const std::vector<TopicInfo> in = (*source)->topics();
    const Converted out = convertAndRead(dir, "convert_metadata_iron");
    ASSERT_EQ(out.topics.size(), in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        EXPECT_EQ(out.topics[i].offered_qos_profiles, in[i].offered_qos_profiles) << in[i].name;
        EXPECT_FALSE(in[i].type_hash.empty()) << in[i].name;
        EXPECT_EQ(out.topics[i].type_hash, in[i].type_hash) << in[i].name;
    }
    ASSERT_TRUE(out.record.has_value());
    EXPECT_EQ(out.record->version, 8);  // the source's metadata.yaml version, integer QoS
    EXPECT_EQ(out.record->storage_identifier, "mcap");
    EXPECT_EQ(out.record->message_count, 10u);
    EXPECT_EQ(out.record->duration, 70'653'944);  // as the source's metadata.yaml says
    EXPECT_EQ(out.record->starting_time, 1'699'345'836'270'074'454);
    ASSERT_EQ(out.record->relative_file_paths, std::vector<std::string>{"out.mcap"});
    ASSERT_EQ(out.record->topics.size(), in.size());
    std::uint64_t sum = 0;
    for (const TopicInfo &topic : out.record->topics) sum += topic.message_count;
    EXPECT_EQ(sum, 10u);
}

TEST(McapConvertMetadata, HumbleBagStaysHumble) {
    ROBOMETRICS_REQUIRE_DATA(file, "bags/ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap");
    const Converted out = convertAndRead(file, "convert_metadata_humble");
    ASSERT_TRUE(out.record.has_value());
    EXPECT_EQ(out.record->ros_distro, "humble");
    EXPECT_EQ(out.record->version, 5);  // Humble's rosbag2 metadata version
    for (const TopicInfo &topic : out.topics) {
        EXPECT_EQ(qosSpellingOf(topic.offered_qos_profiles), QosSpelling::Integers) << topic.name;
        EXPECT_TRUE(topic.type_hash.empty()) << topic.name;  // Humble has no type hashes
    }
}

TEST(McapConvertMetadata, JazzySpellingGetsVersionNine) {
    const fs::path dir = test::scratchDir("convert_metadata_jazzy");
    const std::string input = (dir / "jazzy.mcap").string();
    {
        // As a Jazzy recorder writes QoS: enum names, which Jazzy reads only under version 9.
        TopicInfo topic{"/tf_static",
                        "std_msgs/msg/String",
                        "cdr",
                        offeredQosYaml({.reliable = true, .transient_local = true, .depth = 1}, QosSpelling::Names),
                        0,
                        0,
                        Schema{"std_msgs/msg/String", "ros2msg", "string data"}};
        auto writer = McapWriter::open(input);
        ASSERT_TRUE(writer.ok()) << writer.message();
        TopicRecorder recorder(**writer);
        const std::vector<std::uint8_t> payload = msgs::encodeCdr(msgs::String{"x"});
        Message message{&topic, 5, 5, payload};
        ASSERT_TRUE(recorder.write(message).ok());
        ASSERT_TRUE((*writer)->close().ok());
    }
    const Converted out = convertAndRead(input, "convert_metadata_jazzy_out");
    ASSERT_EQ(out.topics.size(), 1u);
    EXPECT_EQ(qosSpellingOf(out.topics[0].offered_qos_profiles), QosSpelling::Names);
    ASSERT_TRUE(out.record.has_value());
    EXPECT_EQ(out.record->version, 9);
    ASSERT_EQ(out.record->topics.size(), 1u);
    EXPECT_EQ(qosSpellingOf(out.record->topics[0].offered_qos_profiles), QosSpelling::Names);
    EXPECT_EQ(out.record->topics[0].message_count, 1u);
}

}  // namespace
}  // namespace robometrics::bag
