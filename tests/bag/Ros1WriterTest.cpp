// The ROS 1 writer lays a bag out as rosbag does: magic, 4096-byte bag header, chunks with their
// index records, then connections and chunk infos at index_pos.

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/Writer.hpp"

namespace robometrics::bag::ros1 {
namespace {

TEST(Ros1Writer, LayoutReadsBack) {
    auto path = (test::scratchDir("ros1-writer") / "w.bag").string();
    auto writer = Writer::create(path, {"lz4", 64});
    ASSERT_TRUE(writer.ok());
    const std::uint32_t c = writer->addConnection("/n", "std_msgs/UInt32", "uint32 data\n", "abc");
    for (std::uint8_t i = 0; i < 20; ++i)
        ASSERT_TRUE(writer->write(c, TimeNs{i} * kNsPerSecond, std::vector<std::uint8_t>{i, 0, 0, 0}).ok());
    ASSERT_TRUE(writer->close().ok());
    EXPECT_EQ(Writer::create(path + "x", {"zip"}).message(), path + "x: unknown ROS 1 chunk compression 'zip'");

    const std::string bytes = test::readFile(path);
    EXPECT_EQ(bytes.substr(0, 13), "#ROSBAG V2.0\n");
    auto file = mcap::FileInput::open(path);
    ASSERT_TRUE(file.ok());
    auto index = readBagIndex(*file);
    ASSERT_TRUE(index.ok()) << index.message();
    ASSERT_EQ(index->connections.size(), 1u);
    EXPECT_EQ(index->connections[0].topic, "/n");
    EXPECT_EQ(index->connections[0].md5sum, "abc");
    EXPECT_GT(index->chunks.size(), 3u);                           // 64-byte chunk threshold: a few messages per chunk
    EXPECT_EQ(index->chunks.front().chunk_pos, 13u + 8u + 4096u);  // magic, bag header record
    std::uint32_t total = 0;
    for (const ChunkInfo &chunk : index->chunks) total += chunk.counts.at(0).second;
    EXPECT_EQ(total, 20u);
    EXPECT_EQ(index->chunks.back().end_time, 19 * kNsPerSecond);
}

}  // namespace
}  // namespace robometrics::bag::ros1
