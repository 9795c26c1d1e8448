// A recovering read of an MCAP file damaged in the middle skips what is damaged and reads on:
// every message read is the intact file's (same topic, time and bytes, in the same order), never
// more than it holds, and at least all but the messages of the damaged chunks; damage() lists
// each skipped chunk with its bytes, times, topics and message count. Without recover the same
// files are an Error. Files written with the project's McapWriter, and the public sample bags.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "DamagedRead.hpp"
#include "McapChunks.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

constexpr int kMcapDamageMessages = 400;
constexpr TimeNs kMcapDamageStart = 1'700'000'000 * kNsPerSecond;

using test::FullRead;
using test::isSubsequence;
using test::readFully;
using test::writeDamagedCopy;

// 400 messages on /a and /b, two at each time (so that a chunk may start with the time its
// predecessor ends with), in chunks of about 2 KB.
fs::path writeDamageSource(const fs::path &dir, Compression compression) {
    const fs::path path = dir / "whole.mcap";
    McapWriterOptions options;
    options.compression = compression;
    options.chunk_size = 2000;
    auto writer = McapWriter::open(path.string(), options);
    EXPECT_TRUE(writer.ok()) << writer.message();
    const std::uint16_t schema = (*writer)->addSchema("std_msgs/msg/String", "ros2msg", "string data\n");
    const std::uint16_t a = (*writer)->addChannel("/a", schema, "cdr");
    const std::uint16_t b = (*writer)->addChannel("/b", schema, "cdr");
    std::vector<std::uint8_t> payload(100, 7);
    for (int i = 0; i < kMcapDamageMessages; ++i) {
        payload[0] = static_cast<std::uint8_t>(i);
        payload[1] = static_cast<std::uint8_t>(i >> 8);
        const TimeNs t = kMcapDamageStart + (i / 2) * 10 * test::kMs;
        EXPECT_TRUE((*writer)->write(i % 2 ? b : a, t, t, payload).ok());
    }
    EXPECT_TRUE((*writer)->close().ok());
    return path;
}

class McapSkipDamage : public ::testing::TestWithParam<Compression> {};

// One bit flipped in the records of each chunk in turn: exactly that chunk's messages are lost,
// and the span says so (the first and the last chunk included: no neighbour's message with the
// same time goes with it).
TEST_P(McapSkipDamage, AFlippedBitInAChunkLosesThatChunkOnly) {
    const fs::path dir = test::scratchDir("mcap-skip-flip");
    const fs::path whole = writeDamageSource(dir, GetParam());
    const FullRead intact = readFully(whole, false);
    ASSERT_EQ(intact.error, "");
    ASSERT_EQ(intact.messages.size(), static_cast<std::size_t>(kMcapDamageMessages));
    const std::vector<test::McapChunk> chunks = test::mcapChunksOf(whole);
    ASSERT_GE(chunks.size(), 10u);
    const std::string bytes = test::readFile(whole);
    for (std::size_t k = 0; k < chunks.size(); ++k) {
        SCOPED_TRACE("chunk " + std::to_string(k));
        std::string damaged = bytes;
        damaged[(chunks[k].offset + chunks[k].end * 3) / 4] ^= 0x10;  // in its records, past its header
        const fs::path path = writeDamagedCopy(dir / "damaged.mcap", damaged);
        for (const bool ahead : {false, true}) {
            const FullRead read = readFully(path, true, ahead);
            EXPECT_EQ(read.error, "");
            EXPECT_EQ(read.messages.size(), intact.messages.size() - static_cast<std::size_t>(chunks[k].messages));
            EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
            ASSERT_TRUE(read.damage.has_value());
            EXPECT_TRUE(read.damage->read_to_end);
            EXPECT_FALSE(read.damage->truncated);
            ASSERT_EQ(read.damage->spans.size(), 1u);
            const LostSpan &span = read.damage->spans[0];
            EXPECT_EQ(span.byte_begin, chunks[k].offset);
            EXPECT_EQ(span.byte_end, chunks[k].end);
            EXPECT_EQ(span.messages, static_cast<std::uint64_t>(chunks[k].messages));
            EXPECT_FALSE(span.topics.empty());
            if (chunks[k].messages > 1) {
                EXPECT_EQ(span.topics, (std::vector<std::string>{"/a", "/b"}));
            }
            EXPECT_EQ(read.damage->messages_read, read.messages.size());
        }
        // Strict: the damage is an error naming the file.
        const FullRead strict = readFully(path, false);
        EXPECT_NE(strict.error.find("damaged.mcap"), std::string::npos) << strict.error;
    }
}

// Two damaged chunks, one of them the last: both are listed, in file order, the rest is read.
TEST_P(McapSkipDamage, EveryDamagedChunkIsListed) {
    const fs::path dir = test::scratchDir("mcap-skip-two");
    const fs::path whole = writeDamageSource(dir, GetParam());
    const FullRead intact = readFully(whole, false);
    const std::vector<test::McapChunk> chunks = test::mcapChunksOf(whole);
    std::string damaged = test::readFile(whole);
    const std::size_t last = chunks.size() - 1;
    for (const std::size_t k : {std::size_t{2}, last})
        for (std::uint64_t i = (chunks[k].offset + chunks[k].end) / 2; i < chunks[k].end - 8; ++i) damaged[i] = 0;
    const fs::path path = writeDamagedCopy(dir / "damaged.mcap", damaged);
    const FullRead read = readFully(path, true);
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.messages.size(),
              intact.messages.size() - static_cast<std::size_t>(chunks[2].messages + chunks[last].messages));
    EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
    ASSERT_TRUE(read.damage.has_value());
    ASSERT_EQ(read.damage->spans.size(), 2u);
    EXPECT_EQ(read.damage->spans[0].byte_begin, chunks[2].offset);
    EXPECT_EQ(read.damage->spans[1].byte_begin, chunks[last].offset);
    EXPECT_NE(damageWarning(*read.damage).find("2 damaged spans skipped"), std::string::npos)
        << damageWarning(*read.damage);
}

// The summary damaged too (no usable index): the scan skips the damaged chunk and goes on; the
// count of its messages is not known, its bytes and times are.
TEST_P(McapSkipDamage, WithoutTheSummaryTheScanSkipsTheChunk) {
    const fs::path dir = test::scratchDir("mcap-skip-nosummary");
    const fs::path whole = writeDamageSource(dir, GetParam());
    const FullRead intact = readFully(whole, false);
    const std::vector<test::McapChunk> chunks = test::mcapChunksOf(whole);
    std::string damaged = test::readFile(whole);
    damaged[(chunks[4].offset + chunks[4].end * 3) / 4] ^= 0x01;
    damaged[damaged.size() - 30] ^= 0x01;  // in the summary or Footer: its CRC fails
    const fs::path path = writeDamagedCopy(dir / "damaged.mcap", damaged);
    const FullRead read = readFully(path, true);
    EXPECT_EQ(read.error, "");
    EXPECT_EQ(read.messages.size(), intact.messages.size() - static_cast<std::size_t>(chunks[4].messages));
    EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
    ASSERT_TRUE(read.damage.has_value());
    ASSERT_EQ(read.damage->spans.size(), 1u);
    EXPECT_EQ(read.damage->spans[0].byte_begin, chunks[4].offset);
    EXPECT_FALSE(read.damage->spans[0].messages.has_value());
    EXPECT_TRUE(read.damage->spans[0].start_time.has_value());
}

// Damage that breaks the framing of the records, the summary unusable: the scan finds the next
// whole chunk past it and goes on. A zeroed page across two chunks loses those two; a chunk cut
// out of the file loses its own messages only.
TEST_P(McapSkipDamage, WithoutTheSummaryTheScanFindsItsWayBack) {
    const fs::path dir = test::scratchDir("mcap-skip-resync");
    const fs::path whole = writeDamageSource(dir, GetParam());
    const FullRead intact = readFully(whole, false);
    const std::vector<test::McapChunk> chunks = test::mcapChunksOf(whole);
    ASSERT_GE(chunks.size(), 10u);
    const std::string bytes = test::readFile(whole);
    {
        SCOPED_TRACE("zeroed page across chunks 3 and 4");
        std::string damaged = bytes;
        for (std::uint64_t i = chunks[4].offset - 200; i < chunks[4].offset + 300; ++i) damaged[i] = 0;
        damaged[damaged.size() - 30] ^= 0x01;  // the summary unusable too
        const FullRead read = readFully(writeDamagedCopy(dir / "damaged.mcap", damaged), true);
        EXPECT_EQ(read.error, "");
        EXPECT_GE(read.messages.size(),
                  intact.messages.size() - static_cast<std::size_t>(chunks[3].messages + chunks[4].messages));
        EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_FALSE(read.damage->spans.empty());
    }
    {
        SCOPED_TRACE("chunk 5 cut out");
        std::string damaged = bytes.substr(0, chunks[5].offset) + bytes.substr(chunks[5].end);
        const FullRead read = readFully(writeDamagedCopy(dir / "damaged.mcap", damaged), true);
        EXPECT_EQ(read.error, "");
        EXPECT_EQ(read.messages.size(), intact.messages.size() - static_cast<std::size_t>(chunks[5].messages));
        EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
        EXPECT_TRUE(read.damage.has_value());
    }
    {
        SCOPED_TRACE("a wrong length field in chunk 6");
        std::string damaged = bytes;
        damaged[chunks[6].offset + 3] ^= 0x40;  // the record's length, 16 KiB more
        damaged[damaged.size() - 30] ^= 0x01;
        const FullRead read = readFully(writeDamagedCopy(dir / "damaged.mcap", damaged), true);
        EXPECT_EQ(read.error, "");
        EXPECT_GE(read.messages.size(), intact.messages.size() - static_cast<std::size_t>(chunks[6].messages));
        EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
    }
}

// A bit flipped at many places over the whole file (past the leading magic): the read never
// fails, never gives a message the intact file does not hold, and loses at most the chunk the
// flip is in.
TEST_P(McapSkipDamage, FlipsAnywhereLoseAtMostTheirChunk) {
    const fs::path dir = test::scratchDir("mcap-skip-anywhere");
    const fs::path whole = writeDamageSource(dir, GetParam());
    const FullRead intact = readFully(whole, false);
    const std::vector<test::McapChunk> chunks = test::mcapChunksOf(whole);
    const std::string bytes = test::readFile(whole);
    const std::size_t step = test::kUnderSanitizers ? 997 : 131;
    for (std::size_t at = 8; at + 8 < bytes.size(); at += step) {
        SCOPED_TRACE("byte " + std::to_string(at));
        std::string damaged = bytes;
        damaged[at] ^= 0x04;
        const fs::path path = writeDamagedCopy(dir / "damaged.mcap", damaged);
        const FullRead read = readFully(path, true);
        ASSERT_EQ(read.error, "");
        std::size_t lost_at_most = 0;
        for (const test::McapChunk &c : chunks)
            if (at >= c.offset && at < c.end) lost_at_most = static_cast<std::size_t>(c.messages);
        EXPECT_GE(read.messages.size(), intact.messages.size() - lost_at_most);
        EXPECT_LE(read.messages.size(), intact.messages.size());
        EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
    }
}

INSTANTIATE_TEST_SUITE_P(Chunks, McapSkipDamage, ::testing::Values(Compression::None, Compression::Zstd));

// The public sample bags: each chunk damaged in turn loses that chunk's messages only, and where
// the chunk stores a CRC every message read is the intact one.
TEST(McapSkipDamageSamples, EachDamagedChunkOfARealBagLosesOnlyItsMessages) {
    const std::vector<fs::path> bags = {
        test::dataFile("bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap"),
        test::dataFile("bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap"),
        test::dataFile("bags/rosbags-rs/test_bag_mcap/test_bag_mcap.mcap"),
    };
    int tried = 0;
    const fs::path dir = test::scratchDir("mcap-skip-samples");
    for (const fs::path &bag : bags) {
        if (!fs::exists(bag)) continue;
        SCOPED_TRACE(bag.filename().string());
        ++tried;
        const FullRead intact = readFully(bag, false);
        ASSERT_EQ(intact.error, "");
        const std::vector<test::McapChunk> chunks = test::mcapChunksOf(bag);
        const std::string bytes = test::readFile(bag);
        const std::size_t stride = std::max<std::size_t>(1, chunks.size() / 12);
        for (std::size_t k = 0; k < chunks.size(); k += stride) {
            SCOPED_TRACE("chunk " + std::to_string(k));
            std::string damaged = bytes;
            damaged[(chunks[k].offset + chunks[k].end * 3) / 4] ^= 0x20;
            const FullRead read = readFully(writeDamagedCopy(dir / "damaged.mcap", damaged), true);
            EXPECT_EQ(read.error, "");
            EXPECT_GE(read.messages.size(), intact.messages.size() - static_cast<std::size_t>(chunks[k].messages));
            EXPECT_LE(read.messages.size(), intact.messages.size());
            // Without a stored CRC a flip in an uncompressed chunk's payload cannot be noticed.
            if (chunks[k].crc != 0) {
                EXPECT_TRUE(isSubsequence(read.messages, intact.messages));
            }
        }
    }
    if (tried == 0) GTEST_SKIP() << "no sample MCAP bags under " << test::testDataDir() << " (ROBOMETRICS_TEST_DATA)";
}

}  // namespace
}  // namespace robometrics::bag
