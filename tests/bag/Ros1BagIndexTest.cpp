// The index of ROS 1 bags: the samples' connection and chunk records as PROVENANCE lists them.

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"

namespace robometrics::bag::ros1 {
namespace {

Result<BagIndex> indexOf(const std::filesystem::path &path) {
    auto file = mcap::FileInput::open(path.string());
    if (!file) return file.error();
    return readBagIndex(*file);
}

TEST(Ros1BagIndex, ExampleBag) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros1/rosbag.js/example.bag");
    auto index = indexOf(path);
    ASSERT_TRUE(index.ok()) << index.message();
    EXPECT_EQ(index->header.conn_count, 12u);
    EXPECT_EQ(index->header.chunk_count, 1u);
    ASSERT_EQ(index->connections.size(), 12u);
    ASSERT_EQ(index->chunks.size(), 1u);
    EXPECT_EQ(index->chunks[0].chunk_pos, 4117u);  // after the magic (13) and the bag header (8 + 4096)
    std::uint64_t messages = 0;
    for (const auto &[conn, count] : index->chunks[0].counts) messages += count;
    EXPECT_EQ(messages, 8647u);
    int tf = 0, rosout = 0;
    for (const Connection &c : index->connections) {
        if (c.topic == "/tf") {
            ++tf;
            EXPECT_EQ(c.type, "tf/tfMessage");
            EXPECT_EQ(c.md5sum, "94810edda583a504dfda3829e70d7eec");
            EXPECT_NE(c.message_definition.find("MSG: std_msgs/Header"), std::string::npos);
            EXPECT_NE(c.message_definition.find("\nuint32 seq\n"), std::string::npos);
        }
        rosout += c.topic == "/rosout";
    }
    EXPECT_EQ(tf, 2);
    EXPECT_EQ(rosout, 3);
}

TEST(Ros1BagIndex, UnsortedChunksAndEmptyBag) {
    ROBOMETRICS_REQUIRE_DATA(unsorted, "bags/ros1/rosbag.js/example-unsorted-chunks.bag");
    auto index = indexOf(unsorted);
    ASSERT_TRUE(index.ok()) << index.message();
    ASSERT_EQ(index->chunks.size(), 3u);
    // In file order the chunks are not in time order.
    EXPECT_FALSE(index->chunks[0].start_time <= index->chunks[1].start_time &&
                 index->chunks[1].start_time <= index->chunks[2].start_time);

    ROBOMETRICS_REQUIRE_DATA(empty, "bags/ros1/rosbag.js/no-messages.bag");
    auto none = indexOf(empty);
    ASSERT_TRUE(none.ok()) << none.message();
    EXPECT_TRUE(none->connections.empty());
    EXPECT_TRUE(none->chunks.empty());
    EXPECT_EQ(none->header.index_pos, 4117u);
}

TEST(Ros1BagIndex, RecognisesTheMagic) {
    const std::string bag = "#ROSBAG V2.0\n", mcap = "\x89MCAP0\r\n";
    EXPECT_TRUE(looksLikeRos1({reinterpret_cast<const std::uint8_t *>(bag.data()), bag.size()}));
    EXPECT_FALSE(looksLikeRos1({reinterpret_cast<const std::uint8_t *>(mcap.data()), mcap.size()}));
}

}  // namespace
}  // namespace robometrics::bag::ros1
