// The chunk merge: a time range or topic filter reads only the chunks it needs, and messages of
// overlapping chunks come out in time order with ties in file order; chunks loaded ahead on one
// or two threads give the same messages and meet a damaged chunk at the same message.

#include <gtest/gtest.h>

#include <fstream>

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

// Twelve chunks (compressed with `compression`) of 50 messages on two connections, the chunks
// overlapping in time, each message's bytes its own number.
std::string overlappingCompressedChunks(const std::string &compression) {
    auto path = (test::scratchDir("ros1-ahead-" + compression) / "bag.bag").string();
    WriterOptions options;
    options.compression = compression;
    auto writer = Writer::create(path, options);
    EXPECT_TRUE(writer.ok());
    const std::uint32_t a = writer->addConnection("/a", "std_msgs/UInt16", "uint16 data\n");
    const std::uint32_t b = writer->addConnection("/b", "std_msgs/UInt16", "uint16 data\n");
    for (int k = 0; k < 12; ++k) {
        for (int i = 0; i < 50; ++i) {
            const int n = k * 50 + i;
            const std::vector<std::uint8_t> data{static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(n >> 8)};
            EXPECT_TRUE(writer->write(n % 2 ? b : a, TimeNs(k * 40 + (i * 7) % 60) * kNsPerSecond, data).ok());
        }
        EXPECT_TRUE(writer->flushChunk().ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

// One line per message, then the error the merge ended with, if any.
std::vector<std::string> mergeAllWithLoaders(const std::string &path, std::size_t loaders) {
    MergeFilter filter;
    filter.connections = {{0, true}, {1, true}};
    ChunkMerger m = merger(path, filter);
    m.loadAhead(loaders);
    std::vector<std::string> out;
    RawMessage raw;
    for (;;) {
        auto more = m.next(raw);
        if (!more) {
            out.push_back("error: " + more.message());
            return out;
        }
        if (!*more) return out;
        out.push_back(std::to_string(raw.conn) + " " + std::to_string(raw.time) + " " +
                      std::to_string(raw.data[0] | raw.data[1] << 8));
    }
}

TEST(Ros1ChunkMerger, LoadingAheadGivesTheSameMessagesOnOneOrTwoThreads) {
    for (const char *compression : {"none", "bz2", "lz4"}) {
        const std::string path = overlappingCompressedChunks(compression);
        const std::vector<std::string> here = mergeAllWithLoaders(path, 0);
        ASSERT_EQ(here.size(), 600u) << compression;
        EXPECT_EQ(mergeAllWithLoaders(path, 1), here) << compression;
        EXPECT_EQ(mergeAllWithLoaders(path, 2), here) << compression;
    }
}

TEST(Ros1ChunkMerger, LoadingAheadMeetsADamagedChunkWhereReadingHereDoes) {
    for (const char *compression : {"bz2", "lz4"}) {
        const std::string path = overlappingCompressedChunks(compression);
        {
            // The start of the sixth chunk's compressed data: its frame no longer opens.
            auto file = mcap::FileInput::open(path);
            ASSERT_TRUE(file.ok());
            auto index = readBagIndex(*file);
            ASSERT_TRUE(index.ok()) << index.message();
            FileRecord record;
            ASSERT_TRUE(readRecordHeader(*file, index->chunks.at(5).chunk_pos, record).ok());
            std::fstream out(path, std::ios::in | std::ios::out | std::ios::binary);
            out.seekp(static_cast<std::streamoff>(record.data_offset));
            out.write("\xff\xff\xff\xff\xff\xff\xff\xff", 8);
        }
        const std::vector<std::string> here = mergeAllWithLoaders(path, 0);
        ASSERT_GT(here.size(), 1u) << compression;
        ASSERT_LT(here.size(), 600u) << compression;
        EXPECT_EQ(here.back().rfind("error: ", 0), 0u) << compression;
        EXPECT_EQ(mergeAllWithLoaders(path, 1), here) << compression;
        EXPECT_EQ(mergeAllWithLoaders(path, 2), here) << compression;
    }
}

}  // namespace
}  // namespace robometrics::bag::ros1
