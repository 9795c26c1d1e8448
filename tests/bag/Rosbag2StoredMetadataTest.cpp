// storedMetadata: metadata.yaml in a directory, else the `rosbag2` record inside an MCAP file
// (Iron/Jazzy `serialized_metadata`, Humble `ROS_DISTRO`), else nothing.

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/rosbag2/StoredMetadata.hpp"

namespace robometrics::bag::rosbag2 {
namespace {

constexpr const char *kServiceEvents = "bags/rosbag2/rosbag2_tests/resources/mcap/bag_with_topics_and_service_events";

Result<std::optional<BagMetadata>> storedOf(const std::filesystem::path &path) {
    auto layout = resolveBag(path.string());
    if (!layout) return layout.error();
    return storedMetadata(*layout);
}

TEST(Rosbag2StoredMetadata, ReadsTheRecordInsideAnMcapFile) {
    ROBOMETRICS_REQUIRE_DATA(dir, kServiceEvents);
    auto stored = storedOf(dir / "bag_with_topics_and_service_events.mcap");
    ASSERT_TRUE(stored.ok()) << stored.message();
    ASSERT_TRUE(stored->has_value());
    // The closing record wins over the empty one rosbag2 writes when it opens the file.
    EXPECT_EQ((*stored)->version, 8);
    EXPECT_EQ((*stored)->message_count, 10u);
    ASSERT_FALSE((*stored)->topics.empty());
    EXPECT_EQ((*stored)->topics[0].name, "/events/write_split");
    EXPECT_EQ((*stored)->topics[0].type_hash,
              "RIHS01_5ef58f7106a5cff8f5a794028c18117ee21015850ddcc567df449f41932960f8");
}

TEST(Rosbag2StoredMetadata, PrefersMetadataYamlInADirectory) {
    ROBOMETRICS_REQUIRE_DATA(dir, kServiceEvents);
    auto stored = storedOf(dir);
    ASSERT_TRUE(stored.ok()) << stored.message();
    ASSERT_TRUE(stored->has_value());
    EXPECT_EQ((*stored)->version, 8);
    EXPECT_EQ((*stored)->relative_file_paths.size(), 1u);
}

TEST(Rosbag2StoredMetadata, HumbleNamesOnlyItsDistro) {
    ROBOMETRICS_REQUIRE_DATA(file, "bags/ros2-mcap/rerun_sensor_msgs/rosbag2_2025_09_10-13_03_56_0.mcap");
    auto stored = storedOf(file);
    ASSERT_TRUE(stored.ok()) << stored.message();
    ASSERT_TRUE(stored->has_value());
    EXPECT_EQ((*stored)->ros_distro, "humble");
    EXPECT_EQ((*stored)->version, 0);
}

TEST(Rosbag2StoredMetadata, NothingWhereTheBagKeepsNone) {
    ROBOMETRICS_REQUIRE_DATA(file, "bags/ros1/evo_tf_example.bag");
    auto stored = storedOf(file);
    ASSERT_TRUE(stored.ok()) << stored.message();
    EXPECT_FALSE(stored->has_value());
}

}  // namespace
}  // namespace robometrics::bag::rosbag2
