// metadata.yaml parsing: every version's shape, missing optional fields, unknown keys, errors.

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/rosbag2/Metadata.hpp"

namespace robometrics::bag::rosbag2 {
namespace {

TEST(Rosbag2Metadata, Version4FoxyWithQosAsString) {
    const char *text = R"(rosbag2_bagfile_information:
  version: 4
  storage_identifier: sqlite3
  relative_file_paths:
    - bag/bag_0.db3.zstd
  duration:
    nanoseconds: 59997866716
  starting_time:
    nanoseconds_since_epoch: 1604357089919704830
  message_count: 775
  topics_with_message_count:
    - topic_metadata:
        name: /topic
        type: std_msgs/String
        serialization_format: cdr
        offered_qos_profiles: "- history: 3\n  depth: 0"
      message_count: 383
  compression_format: zstd
  compression_mode: FILE)";
    auto meta = parseMetadata(text, "m.yaml");
    ASSERT_TRUE(meta.ok()) << meta.message();
    EXPECT_EQ(meta->version, 4);
    EXPECT_EQ(meta->storage_identifier, "sqlite3");
    ASSERT_EQ(meta->relative_file_paths.size(), 1u);
    EXPECT_EQ(meta->relative_file_paths[0], "bag/bag_0.db3.zstd");
    EXPECT_EQ(meta->duration, 59997866716);
    EXPECT_EQ(meta->starting_time, 1604357089919704830);
    EXPECT_EQ(meta->message_count, 775u);
    ASSERT_EQ(meta->topics.size(), 1u);
    EXPECT_EQ(meta->topics[0].name, "/topic");
    EXPECT_EQ(meta->topics[0].type, "std_msgs/msg/String");  // normalised
    EXPECT_EQ(meta->topics[0].serialization_format, "cdr");
    EXPECT_EQ(meta->topics[0].offered_qos_profiles, "- history: 3\n  depth: 0");
    EXPECT_EQ(meta->topics[0].message_count, 383u);
    EXPECT_EQ(meta->compression_format, "zstd");
    EXPECT_EQ(meta->compression_mode, CompressionMode::File);
    EXPECT_TRUE(meta->files.empty());
}

TEST(Rosbag2Metadata, Version9WithQosSequenceFilesCustomDataAndUnknownKeys) {
    const char *text = R"(rosbag2_bagfile_information:
  version: 9
  storage_identifier: mcap
  some_future_key: {a: 1}
  relative_file_paths: [b_0.mcap, b_1.mcap]
  duration: {nanoseconds: 10}
  starting_time: {nanoseconds_since_epoch: 5}
  message_count: 3
  topics_with_message_count:
    - topic_metadata:
        name: /tf_static
        type: tf2_msgs/msg/TFMessage
        serialization_format: cdr
        offered_qos_profiles:
          - history: keep_last
            depth: 1
            durability: transient_local
        type_description_hash: RIHS01_abc
      message_count: 3
  compression_format: ""
  compression_mode: message
  files:
    - path: b_0.mcap
      starting_time: {nanoseconds_since_epoch: 5}
      duration: {nanoseconds: 4}
      message_count: 2
    - path: b_1.mcap
      starting_time: {nanoseconds_since_epoch: 12}
      duration: {nanoseconds: 3}
      message_count: 1
  custom_data: {robot: r2}
  ros_distro: jazzy)";
    auto meta = parseMetadata(text, "m.yaml");
    // MESSAGE mode needs a compression format.
    ASSERT_FALSE(meta.ok());
    EXPECT_NE(meta.message().find("unsupported compression_format ''"), std::string::npos) << meta.message();

    std::string fixed = text;
    fixed.replace(fixed.find("compression_format: \"\""), 22, "compression_format: zstd");
    meta = parseMetadata(fixed, "m.yaml");
    ASSERT_TRUE(meta.ok()) << meta.message();
    EXPECT_EQ(meta->version, 9);
    EXPECT_EQ(meta->compression_mode, CompressionMode::Message);
    ASSERT_EQ(meta->files.size(), 2u);
    EXPECT_EQ(meta->files[1].path, "b_1.mcap");
    EXPECT_EQ(meta->files[1].starting_time, 12);
    EXPECT_EQ(meta->files[1].duration, 3);
    EXPECT_EQ(meta->files[1].message_count, 1u);
    EXPECT_EQ(meta->custom_data.at("robot"), "r2");
    EXPECT_EQ(meta->ros_distro, "jazzy");
    const std::string &qos = meta->topics.at(0).offered_qos_profiles;
    EXPECT_NE(qos.find("durability: transient_local"), std::string::npos) << qos;
}

TEST(Rosbag2Metadata, MissingOptionalFieldsAndEmptyBagStartTime) {
    auto meta = parseMetadata("rosbag2_bagfile_information:\n  version: 1\n"
                              "  starting_time: {nanoseconds_since_epoch: 9223372036854775807}\n",
                              "m.yaml");
    ASSERT_TRUE(meta.ok()) << meta.message();
    EXPECT_EQ(meta->version, 1);
    EXPECT_TRUE(meta->storage_identifier.empty());
    EXPECT_TRUE(meta->relative_file_paths.empty());
    EXPECT_EQ(meta->starting_time, INT64_MAX);
    EXPECT_EQ(meta->compression_mode, CompressionMode::None);
}

TEST(Rosbag2Metadata, ErrorsNameTheFileAndTheField) {
    auto missing_root = parseMetadata("foo: 1\n", "dir/metadata.yaml");
    ASSERT_FALSE(missing_root.ok());
    EXPECT_EQ(missing_root.message(), "dir/metadata.yaml: missing the 'rosbag2_bagfile_information' map");

    auto bad_count = parseMetadata("rosbag2_bagfile_information:\n  message_count: many\n", "m.yaml");
    ASSERT_FALSE(bad_count.ok());
    EXPECT_EQ(bad_count.message(), "m.yaml: rosbag2_bagfile_information: 'message_count' has an invalid value 'many'");

    auto bad_mode = parseMetadata("rosbag2_bagfile_information:\n  compression_mode: SOMETIMES\n"
                                  "  compression_format: zstd\n",
                                  "m.yaml");
    ASSERT_FALSE(bad_mode.ok());
    EXPECT_NE(bad_mode.message().find("unknown compression_mode 'SOMETIMES'"), std::string::npos);

    auto bad_yaml = parseMetadata("rosbag2_bagfile_information: [\n", "m.yaml");
    ASSERT_FALSE(bad_yaml.ok());
    EXPECT_EQ(bad_yaml.message().rfind("m.yaml: invalid YAML at line", 0), 0u) << bad_yaml.message();

    auto bad_topic = parseMetadata("rosbag2_bagfile_information:\n  topics_with_message_count:\n    - message_count: 1\n",
                                   "m.yaml");
    ASSERT_FALSE(bad_topic.ok());
    EXPECT_EQ(bad_topic.message(),
              "m.yaml: rosbag2_bagfile_information.topics_with_message_count[0]: missing 'topic_metadata'");
}

TEST(Rosbag2Metadata, TypeNamesAreNormalised) {
    EXPECT_EQ(normalizeTypeName("test_msgs/BasicTypes"), "test_msgs/msg/BasicTypes");
    EXPECT_EQ(normalizeTypeName("std_msgs/msg/String"), "std_msgs/msg/String");
    EXPECT_EQ(normalizeTypeName("test_msgs/srv/BasicTypes_Event"), "test_msgs/srv/BasicTypes_Event");
    EXPECT_EQ(normalizeTypeName(""), "");
}

TEST(Rosbag2Metadata, EverySampleMetadataFileParses) {
    struct Case {
        const char *path;
        int version;
        std::uint64_t messages;
        std::size_t topics;
    };
    const Case cases[] = {
        {"bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag/metadata.yaml", 4, 6074, 8},
        {"bags/rosbag2/rosbag2_py/test/resources/mcap/talker/metadata.yaml", 4, 20, 3},
        {"bags/rosbag2/rosbag2_tests/resources/mcap/cdr_test/metadata.yaml", 7, 7, 2},
        {"bags/rosbag2/rosbag2_tests/resources/sqlite3/bag_with_topics_and_service_events/metadata.yaml", 8, 10, 5},
        {"bags/rosbag2/ros2bag/test/resources/empty_bag/metadata.yaml", 4, 0, 2},
        {"bags/ros2-sqlite3/evo_tf_example/metadata.yaml", 8, 518, 2},
        {"bags/rosbags-rs/test_bag_mcap/metadata.yaml", 5, 188, 94},
        {"bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/target_metadata/message_compression/metadata.yaml",
         4, 1127, 3},
    };
    for (const auto &c : cases) {
        ROBOMETRICS_CASE_DATA(path, c.path);
        auto meta = readMetadata(path.string());
        ASSERT_TRUE(meta.ok()) << meta.message();
        EXPECT_EQ(meta->version, c.version) << c.path;
        EXPECT_EQ(meta->message_count, c.messages) << c.path;
        EXPECT_EQ(meta->topics.size(), c.topics) << c.path;
    }
}

TEST(Rosbag2Metadata, MissingFileIsAnError) {
    auto meta = readMetadata("/nonexistent/metadata.yaml");
    ASSERT_FALSE(meta.ok());
    EXPECT_EQ(meta.message().rfind("/nonexistent/metadata.yaml: cannot read", 0), 0u) << meta.message();
}

}  // namespace
}  // namespace robometrics::bag::rosbag2
