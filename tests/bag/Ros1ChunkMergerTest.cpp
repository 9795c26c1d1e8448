// The chunk merge: a time range or topic filter reads only the chunks it needs, and messages of
// overlapping chunks come out in time order with ties in file order.

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/ChunkMerger.hpp"
#include "robometrics/bag/ros1/Writer.hpp"

namespace robometrics::bag::ros1 {
namespace {

// Ten chunks of ten messages; chunk k holds times k*10 .. k*10+9 s on connection k % 2.
std::string tenChunks() {
    auto path = (test::scratchDir("ros1-merger") / "ten.bag").string();
    auto writer = Writer::create(path);
    EXPECT_TRUE(writer.ok());
    const std::uint32_t a = writer->addConnection("/a", "std_msgs/Empty", "");
    const std::uint32_t b = writer->addConnection("/b", "std_msgs/Empty", "");
    for (int k = 0; k < 10; ++k) {
        for (int i = 0; i < 10; ++i)
            EXPECT_TRUE(writer->write(k % 2 ? b : a, TimeNs(k * 10 + i) * kNsPerSecond, {}).ok());
        EXPECT_TRUE(writer->flushChunk().ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

ChunkMerger merger(const std::string &path, MergeFilter filter) {
    auto file = mcap::FileInput::open(path);
    EXPECT_TRUE(file.ok());
    auto index = readBagIndex(*file);
    EXPECT_TRUE(index.ok()) << index.message();
    return ChunkMerger(std::move(*file), std::move(index->chunks), std::move(filter));
}

std::vector<TimeNs> drain(ChunkMerger &m) {
    std::vector<TimeNs> times;
    RawMessage raw;
    for (;;) {
        auto more = m.next(raw);
        EXPECT_TRUE(more.ok()) << more.message();
        if (!more || !*more) return times;
        times.push_back(raw.time / kNsPerSecond);
    }
}

TEST(Ros1ChunkMerger, TimeRangeLoadsOnlyOverlappingChunks) {
    const std::string path = tenChunks();
    MergeFilter filter;
    filter.connections = {{0, true}, {1, true}};
    filter.start_time = 35 * kNsPerSecond;
    filter.end_time = 52 * kNsPerSecond;
    ChunkMerger m = merger(path, filter);
    std::vector<TimeNs> times = drain(m);
    ASSERT_EQ(times.size(), 18u);
    EXPECT_EQ(times.front(), 35);
    EXPECT_EQ(times.back(), 52);
    EXPECT_EQ(m.chunksLoaded(), 3u);  // chunks 3, 4 and 5
}

TEST(Ros1ChunkMerger, ConnectionFilterSkipsChunksWithoutIt) {
    MergeFilter filter;
    filter.connections = {{0, false}, {1, true}};
    ChunkMerger m = merger(tenChunks(), filter);
    std::vector<TimeNs> times = drain(m);
    ASSERT_EQ(times.size(), 50u);
    EXPECT_EQ(times.front(), 10);
    EXPECT_EQ(m.chunksLoaded(), 5u);
}

TEST(Ros1ChunkMerger, OverlappingChunksMergeByTime) {
    auto path = (test::scratchDir("ros1-overlap") / "overlap.bag").string();
    auto writer = Writer::create(path);
    ASSERT_TRUE(writer.ok());
    const std::uint32_t c = writer->addConnection("/a", "std_msgs/UInt8", "uint8 data\n");
    // Chunk 1: 5, 1, 3 (unsorted inside); chunk 2: 4, 2, 3.
    for (int t : {5, 1, 3}) ASSERT_TRUE(writer->write(c, t * kNsPerSecond, std::vector<std::uint8_t>{1}).ok());
    ASSERT_TRUE(writer->flushChunk().ok());
    for (int t : {4, 2, 3}) ASSERT_TRUE(writer->write(c, t * kNsPerSecond, std::vector<std::uint8_t>{2}).ok());
    ASSERT_TRUE(writer->close().ok());
    MergeFilter filter;
    filter.connections = {{c, true}};
    ChunkMerger m = merger(path, filter);
    std::vector<std::pair<TimeNs, int>> got;
    RawMessage raw;
    while (*m.next(raw)) got.emplace_back(raw.time / kNsPerSecond, raw.data[0]);
    // At t = 3 both chunks hold a message: the one of the chunk earlier in the file comes first.
    EXPECT_EQ(got, (std::vector<std::pair<TimeNs, int>>{{1, 1}, {2, 2}, {3, 1}, {3, 2}, {4, 2}, {5, 1}}));
}

}  // namespace
}  // namespace robometrics::bag::ros1
