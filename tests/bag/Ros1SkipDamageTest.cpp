// A recovering read of a ROS 1 bag damaged in the middle skips the damaged chunk with the index's
// chunk infos (as rosbag does) and reads on: every message read is the intact bag's, in order,
// all but the damaged chunk's; damage() lists the chunk with its times, topics and count. A chunk
// header whose `size` is wrong loses nothing (rosbag never reads `size`). Without recover the same
// bags are an Error. Bags written with the project's ros1::Writer.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "DamagedRead.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/Writer.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

constexpr int kRos1DamageMessages = 300;
constexpr TimeNs kRos1DamageStart = 1'600'000'000 * kNsPerSecond;

using test::FullRead;
using test::isSubsequence;
using test::readFully;
using test::writeDamagedCopy;

// 300 std_msgs/String messages on /a and /b every 10 ms, in chunks of about 600 bytes.
fs::path writeRos1DamageSource(const fs::path &path, const std::string &compression) {
    auto writer = ros1::Writer::create(path.string(), {compression, 600});
    EXPECT_TRUE(writer.ok());
    const std::uint32_t a = writer->addConnection("/a", "std_msgs/String", "string data\n");
    const std::uint32_t b = writer->addConnection("/b", "std_msgs/String", "string data\n");
    for (int i = 0; i < kRos1DamageMessages; ++i) {
        std::vector<std::uint8_t> payload{20, 0, 0, 0};
        payload.resize(24, static_cast<std::uint8_t>('a' + i % 26));
        payload[4] = static_cast<std::uint8_t>(i);
        EXPECT_TRUE(writer->write(i % 3 ? a : b, kRos1DamageStart + i * 10 * test::kMs, payload).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

struct Ros1DamageChunk {
    std::uint64_t pos = 0, data_offset = 0, data_length = 0;
    std::uint64_t messages = 0;
};

std::vector<Ros1DamageChunk> ros1DamageChunksOf(const fs::path &path) {
    std::vector<Ros1DamageChunk> out;
    auto file = mcap::FileInput::open(path.string());
    EXPECT_TRUE(file.ok());
    if (!file) return out;
    auto index = ros1::readBagIndex(*file);
    EXPECT_TRUE(index.ok());
    if (!index) return out;
    for (const ros1::ChunkInfo &c : index->chunks) {
        ros1::FileRecord record;
        EXPECT_TRUE(ros1::readRecordHeader(*file, c.chunk_pos, record).ok());
        Ros1DamageChunk chunk{c.chunk_pos, record.data_offset, record.data_length, 0};
        for (const auto &[conn, count] : c.counts) chunk.messages += count;
        out.push_back(chunk);
    }
    return out;
}

/// The bag's bytes as a recording never closed leaves them: `index_pos` 0, so no index is read.
std::string withoutIndex(std::string bytes) {
    const std::size_t index_pos = bytes.find("index_pos=") + 10;
    std::fill(bytes.begin() + static_cast<long>(index_pos), bytes.begin() + static_cast<long>(index_pos) + 8, '\0');
    return bytes;
}

/// A recovering read that lost exactly `chunk`'s messages, in one span starting at its record.
void expectOnlyChunkLost(const FullRead &read, const FullRead &intact, const Ros1DamageChunk &chunk) {
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.messages.size(), intact.messages.size() - chunk.messages);
    EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
    ASSERT_TRUE(read.damage.has_value());
    ASSERT_EQ(read.damage->spans.size(), 1u) << damageWarning(*read.damage);
    EXPECT_EQ(read.damage->spans[0].byte_begin, chunk.pos);
}

class Ros1SkipDamage : public ::testing::TestWithParam<std::string> {};

// The chunk's data damaged (its first bytes: the first record's header length, or the lz4 frame's
// magic; in the middle of a bz2 stream): that chunk is skipped, every other one read.
TEST_P(Ros1SkipDamage, ADamagedChunkLosesThatChunkOnly) {
    const fs::path dir = test::scratchDir("ros1-skip-" + GetParam());
    const fs::path whole = writeRos1DamageSource(dir / "whole.bag", GetParam());
    const FullRead intact = readFully(whole, false);
    ASSERT_EQ(intact.error, "");
    ASSERT_EQ(intact.messages.size(), static_cast<std::size_t>(kRos1DamageMessages));
    const std::vector<Ros1DamageChunk> chunks = ros1DamageChunksOf(whole);
    ASSERT_GE(chunks.size(), 6u);
    const std::string bytes = test::readFile(whole);
    // Every chunk in turn; under the sanitizers the first, a middle and the last one (the same
    // code paths, each a decompression that ASan makes slow).
    for (std::size_t k = 0; k < chunks.size(); ++k) {
        if (test::kUnderSanitizers && k != 0 && k != chunks.size() / 2 && k + 1 != chunks.size()) continue;
        SCOPED_TRACE("chunk " + std::to_string(k));
        std::string damaged = bytes;
        // bz2 checks its blocks' CRCs; an lz4 frame (no checksum) and plain records only their framing.
        const std::uint64_t at = chunks[k].data_offset + (GetParam() == "bz2" ? chunks[k].data_length / 2 : 0);
        for (std::uint64_t i = at; i < at + 4; ++i) damaged[i] = static_cast<char>(0xEE);
        const fs::path path = writeDamagedCopy(dir / "damaged.bag", damaged);
        const FullRead read = readFully(path, true);
        EXPECT_EQ(read.error, "");
        EXPECT_EQ(read.messages.size(), intact.messages.size() - chunks[k].messages);
        EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_TRUE(read.damage->read_to_end);
        ASSERT_EQ(read.damage->spans.size(), 1u);
        const LostSpan &span = read.damage->spans[0];
        EXPECT_EQ(span.byte_begin, chunks[k].pos);
        EXPECT_EQ(span.byte_end, chunks[k].data_offset + chunks[k].data_length);
        EXPECT_EQ(span.messages, chunks[k].messages);
        EXPECT_FALSE(span.topics.empty());
        EXPECT_NE(readFully(path, false).error, "");  // strict: refused
    }
}

// The same damage in a bag whose index is gone (never closed: `index_pos` 0): the walk of its
// records skips the damaged chunk and reads every chunk after it.
TEST_P(Ros1SkipDamage, WithoutTheIndexTheWalkSkipsTheDamagedChunk) {
    const fs::path dir = test::scratchDir("ros1-skip-noindex-" + GetParam());
    const fs::path whole = writeRos1DamageSource(dir / "whole.bag", GetParam());
    const FullRead intact = readFully(whole, false);
    const std::vector<Ros1DamageChunk> chunks = ros1DamageChunksOf(whole);
    std::string damaged = withoutIndex(test::readFile(whole));
    const std::uint64_t at = chunks[2].data_offset + (GetParam() == "bz2" ? chunks[2].data_length / 2 : 0);
    for (std::uint64_t i = at; i < at + 4; ++i) damaged[i] = static_cast<char>(0xEE);
    expectOnlyChunkLost(readFully(writeDamagedCopy(dir / "damaged.bag", damaged), true), intact, chunks[2]);
}

// Damage that breaks the records' framing in a bag without its index (a chunk record's header
// length made huge, or its first 64 bytes zeroed): nothing says where the next record starts, so
// the walk searches forward for the next whole Chunk record and goes on there; the bytes between
// are the lost span.
TEST_P(Ros1SkipDamage, WithoutTheIndexTheWalkFindsTheNextChunkPastBrokenFraming) {
    const fs::path dir = test::scratchDir("ros1-resync-" + GetParam());
    const fs::path whole = writeRos1DamageSource(dir / "whole.bag", GetParam());
    const FullRead intact = readFully(whole, false);
    const std::vector<Ros1DamageChunk> chunks = ros1DamageChunksOf(whole);
    ASSERT_GE(chunks.size(), 4u);
    const std::string unindexed = withoutIndex(test::readFile(whole));
    for (const std::string damage : {"huge header length", "zeroed page"}) {
        SCOPED_TRACE(damage);
        std::string damaged = unindexed;
        if (damage == "zeroed page") {
            std::fill(damaged.begin() + static_cast<long>(chunks[2].pos),
                      damaged.begin() + static_cast<long>(chunks[2].pos) + 64, '\0');
        } else {
            for (int i = 0; i < 4; ++i) damaged[chunks[2].pos + i] = static_cast<char>(0x7F);
        }
        const fs::path path = writeDamagedCopy(dir / "damaged.bag", damaged);
        const FullRead read = readFully(path, true);
        expectOnlyChunkLost(read, intact, chunks[2]);
        if (!read.damage || read.damage->spans.size() != 1) continue;
        EXPECT_EQ(read.damage->spans[0].byte_end, chunks[3].pos);
        // Read to its end; without its index it still says the recording was not closed.
        EXPECT_NE(damageWarning(*read.damage).find("the recording was not closed"), std::string::npos);
        EXPECT_NE(readFully(path, false).error, "");
    }
}

// A wrong `size` in a chunk header: rosbag reads every message (it never looks at the field), and
// so does a recovering read; a strict one refuses the bag.
TEST_P(Ros1SkipDamage, AWrongSizeFieldLosesNothing) {
    const fs::path dir = test::scratchDir("ros1-size-" + GetParam());
    const fs::path whole = writeRos1DamageSource(dir / "whole.bag", GetParam());
    const FullRead intact = readFully(whole, false);
    const std::vector<Ros1DamageChunk> chunks = ros1DamageChunksOf(whole);
    const std::string bytes = test::readFile(whole);
    for (const std::size_t k : {std::size_t{0}, chunks.size() / 2, chunks.size() - 1}) {
        for (const int delta : {1, -7, 1 << 20}) {
            SCOPED_TRACE("chunk " + std::to_string(k) + ", size + " + std::to_string(delta));
            std::string damaged = bytes;
            const std::size_t field = damaged.find("size=", chunks[k].pos) + 5;
            ASSERT_LT(field, chunks[k].data_offset);
            std::uint32_t size = 0;
            for (int i = 0; i < 4; ++i)
                size |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(damaged[field + i])) << (8 * i);
            size += static_cast<std::uint32_t>(delta);
            for (int i = 0; i < 4; ++i) damaged[field + i] = static_cast<char>((size >> (8 * i)) & 0xFF);
            const fs::path path = writeDamagedCopy(dir / "damaged.bag", damaged);
            const FullRead read = readFully(path, true);
            EXPECT_EQ(read.error, "");
            EXPECT_EQ(read.messages, intact.messages);
            EXPECT_NE(readFully(path, false).error, "");
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Compressions, Ros1SkipDamage, ::testing::Values("none", "bz2", "lz4"));

}  // namespace
}  // namespace robometrics::bag
