// serializeMetadata / rosbag2MetadataRecord / metadataVersionFor: rosbag2's in-file metadata
// written per version and read back by our own metadata.yaml parser; the version that matches a
// QoS spelling.

#include <gtest/gtest.h>

#include "robometrics/bag/OfferedQos.hpp"
#include "robometrics/bag/rosbag2/SerializedMetadata.hpp"

namespace robometrics::bag::rosbag2 {
namespace {

BagMetadata sample(int version, QosSpelling spelling) {
    BagMetadata m;
    m.version = version;
    m.storage_identifier = "mcap";
    m.starting_time = 1'700'000'000'000'000'000;
    m.duration = 2'500'000'000;
    m.message_count = 7;
    TopicInfo latched{"/map", "nav_msgs/msg/OccupancyGrid", "cdr",
                      offeredQosYaml({.reliable = true, .transient_local = true, .depth = 1}, spelling), 1};
    latched.type_hash = "RIHS01_" + std::string(64, 'a');
    TopicInfo scan{"/scan", "sensor_msgs/msg/LaserScan", "cdr", offeredQosYaml({}, spelling), 6};
    m.topics = {latched, scan};
    m.relative_file_paths = {"run.mcap"};
    m.files = {FileEntry{"run.mcap", m.starting_time, m.duration, 7}};
    m.custom_data = {{"robot", "rover 3"}};
    m.ros_distro = "jazzy";
    return m;
}

TEST(Rosbag2SerializedMetadata, Version8ReadsBackWithQosAsAString) {
    const BagMetadata m = sample(8, QosSpelling::Integers);
    const std::string text = serializeMetadata(m);
    EXPECT_EQ(text.substr(0, 41), "version: 8\nstorage_identifier: mcap\ndurat") << text;
    // Up to version 8 the QoS is one double-quoted string, as Humble and Iron write it.
    EXPECT_NE(text.find("offered_qos_profiles: \"- history: 1\\n  depth: 1\\n"), std::string::npos) << text;
    auto back = parseSerializedMetadata(text, "record");
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->version, 8);
    EXPECT_EQ(back->storage_identifier, "mcap");
    EXPECT_EQ(back->starting_time, m.starting_time);
    EXPECT_EQ(back->duration, m.duration);
    EXPECT_EQ(back->message_count, 7u);
    ASSERT_EQ(back->topics.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(back->topics[i].name, m.topics[i].name);
        EXPECT_EQ(back->topics[i].type, m.topics[i].type);
        EXPECT_EQ(back->topics[i].offered_qos_profiles, m.topics[i].offered_qos_profiles);
        EXPECT_EQ(back->topics[i].type_hash, m.topics[i].type_hash);
        EXPECT_EQ(back->topics[i].message_count, m.topics[i].message_count);
    }
    ASSERT_EQ(back->files.size(), 1u);
    EXPECT_EQ(back->files[0].path, "run.mcap");
    EXPECT_EQ(back->files[0].message_count, 7u);
    EXPECT_EQ(back->custom_data, m.custom_data);
    EXPECT_EQ(back->ros_distro, "jazzy");
}

TEST(Rosbag2SerializedMetadata, Version9WritesQosAsASequenceOfNames) {
    const std::string text = serializeMetadata(sample(9, QosSpelling::Names));
    EXPECT_EQ(text.find("offered_qos_profiles: \""), std::string::npos) << text;
    EXPECT_NE(text.find("reliability: reliable"), std::string::npos) << text;
    auto back = parseSerializedMetadata(text, "record");
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(qosSpellingOf(back->topics[0].offered_qos_profiles), QosSpelling::Names);
    EXPECT_NE(back->topics[0].offered_qos_profiles.find("durability: transient_local"), std::string::npos);
}

TEST(Rosbag2SerializedMetadata, LeavesOutWhatAnOlderVersionDoesNotHave) {
    BagMetadata m = sample(5, QosSpelling::Integers);  // Humble
    const std::string text = serializeMetadata(m);
    EXPECT_NE(text.find("files:"), std::string::npos);                 // since 5
    EXPECT_EQ(text.find("custom_data"), std::string::npos);            // since 6
    EXPECT_EQ(text.find("type_description_hash"), std::string::npos);  // since 7
    EXPECT_EQ(text.find("ros_distro"), std::string::npos);             // since 8
    m.custom_data.clear();
    m.version = 8;
    EXPECT_NE(serializeMetadata(m).find("custom_data: ~"), std::string::npos);
}

TEST(Rosbag2SerializedMetadata, RecordNamesTheDistroAsHumbleDid) {
    BagMetadata m = sample(8, QosSpelling::Integers);
    auto record = rosbag2MetadataRecord(m);
    EXPECT_EQ(record.at("ROS_DISTRO"), "jazzy");
    EXPECT_EQ(record.at("serialized_metadata"), serializeMetadata(m));
    m.ros_distro.clear();
    EXPECT_EQ(rosbag2MetadataRecord(m).count("ROS_DISTRO"), 0u);
}

TEST(Rosbag2SerializedMetadata, VersionFollowsTheQosSpelling) {
    const std::vector<TopicInfo> names = sample(9, QosSpelling::Names).topics;
    const std::vector<TopicInfo> integers = sample(8, QosSpelling::Integers).topics;
    const std::vector<TopicInfo> none = {TopicInfo{"/a", "std_msgs/msg/String", "cdr", "", 1}};
    EXPECT_EQ(metadataVersionFor(0, names), 9);
    EXPECT_EQ(metadataVersionFor(5, names), 9);  // names need 9 whatever the source said
    EXPECT_EQ(metadataVersionFor(0, integers), 8);
    EXPECT_EQ(metadataVersionFor(5, integers), 5);  // Humble stays Humble
    EXPECT_EQ(metadataVersionFor(9, integers), 8);  // 9 would make Jazzy read integers as names
    EXPECT_EQ(metadataVersionFor(9, none), 9);
    EXPECT_EQ(metadataVersionFor(0, none), 8);
}

TEST(Rosbag2SerializedMetadata, VersionOfADistro) {
    BagMetadata m;
    m.ros_distro = "humble";
    EXPECT_EQ(metadataVersionOf(m), 5);
    m.ros_distro = "jazzy";
    EXPECT_EQ(metadataVersionOf(m), 9);
    m.ros_distro = "rosbags";
    EXPECT_EQ(metadataVersionOf(m), 0);
    m.version = 8;
    EXPECT_EQ(metadataVersionOf(m), 8);
}

}  // namespace
}  // namespace robometrics::bag::rosbag2
