// openBag with ReadOptions::recover on MCAP files cut short: every message of the chunks before
// the cut, in log-time order, damage() saying where the file ends; without recover an error
// that names the file and says it is truncated. Files written with the project's McapWriter.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "McapChunks.hpp"
#include "RecoveringRead.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ReadAhead.hpp"
#include "robometrics/bag/mcap/LinearReader.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

constexpr int kCutMessages = 200;
constexpr TimeNs kCutStart = 1'700'000'000 * kNsPerSecond;

// 200 messages of 100 bytes, /a and /b in turn every 10 ms, in chunks of about 2 KB.
fs::path writeCutSource(const fs::path &dir, Compression compression) {
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
    for (int i = 0; i < kCutMessages; ++i) {
        payload[0] = static_cast<std::uint8_t>(i);
        const TimeNs t = kCutStart + i * 10 * test::kMs;
        EXPECT_TRUE((*writer)->write(i % 2 ? b : a, t, t, payload).ok());
    }
    EXPECT_TRUE((*writer)->close().ok());
    return path;
}

using CutChunk = test::McapChunk;

std::vector<CutChunk> cutChunksOf(const fs::path &path) { return test::mcapChunksOf(path); }

fs::path cutCopy(const fs::path &whole, const fs::path &to, std::uint64_t length) {
    const std::string bytes = test::readFile(whole);
    std::ofstream(to, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(length));
    return to;
}

std::string strictError(const fs::path &path) { return test::readToTheEnd(path, false).error; }

class McapRecover : public ::testing::TestWithParam<Compression> {};

TEST_P(McapRecover, ReadsEveryMessageOfTheChunksBeforeTheCut) {
    const fs::path dir = test::scratchDir("mcap-recover");
    const fs::path whole = writeCutSource(dir, GetParam());
    const std::vector<CutChunk> chunks = cutChunksOf(whole);
    ASSERT_GE(chunks.size(), 8u);
    int in_first_four = 0;
    for (std::size_t i = 0; i < 4; ++i) in_first_four += chunks[i].messages;

    struct Case {
        const char *what;
        std::uint64_t length;
        int messages;
        const char *says;
    };
    const std::vector<Case> cases = {
        {"header only", chunks[0].offset, 0, "without its summary and Footer"},
        {"inside a chunk's prefix", chunks[4].offset + 5, in_first_four, "inside a truncated record"},
        {"in the middle of a chunk", (chunks[4].offset + chunks[4].end) / 2, in_first_four, "inside a Chunk record"},
        {"between two chunks", chunks[4].offset, in_first_four, "without its summary and Footer"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.what);
        const fs::path cut = cutCopy(whole, dir / "cut.mcap", c.length);
        ReadOptions recover;
        recover.recover = true;
        auto source = openBag(cut.string(), recover);
        ASSERT_TRUE(source.ok()) << source.message();
        const test::RecoveringRead read = test::readToTheEnd(**source);
        EXPECT_EQ(read.error, "");
        ASSERT_EQ(static_cast<int>(read.messages.size()), c.messages);
        for (int i = 0; i < c.messages; ++i) EXPECT_EQ(read.messages[i].second, kCutStart + i * 10 * test::kMs);
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_EQ(read.damage->file, cut.string());
        EXPECT_TRUE(read.damage->truncated);
        EXPECT_NE(read.damage->description.find(c.says), std::string::npos) << read.damage->description;
        EXPECT_EQ(read.damage->messages_read, static_cast<std::uint64_t>(c.messages));
        if (c.messages > 0) {
            EXPECT_EQ(read.damage->last_log_time, kCutStart + (c.messages - 1) * 10 * test::kMs);
        }

        const std::string error = strictError(cut);
        EXPECT_NE(error.find("cut.mcap"), std::string::npos) << error;
        EXPECT_NE(error.find("truncated: the file ends"), std::string::npos) << error;
    }
}

TEST_P(McapRecover, ReadingAheadGivesTheSameMessagesAndDamage) {
    const fs::path dir = test::scratchDir("mcap-recover-ahead");
    const fs::path whole = writeCutSource(dir, GetParam());
    const std::vector<CutChunk> chunks = cutChunksOf(whole);
    const fs::path cut = cutCopy(whole, dir / "cut.mcap", (chunks[6].offset + chunks[6].end) / 2);
    ReadOptions recover;
    recover.recover = true;
    auto plain = openBag(cut.string(), recover);
    auto ahead = openBag(cut.string(), recover);
    ASSERT_TRUE(plain.ok() && ahead.ok());
    const test::RecoveringRead one = test::readToTheEnd(**plain);
    ReadAhead reader(**ahead, 1);
    const test::RecoveringRead two = test::readToTheEnd(reader.consumer(0));
    EXPECT_EQ(one.messages, two.messages);
    ASSERT_TRUE(one.damage && two.damage);
    EXPECT_EQ(one.damage->description, two.damage->description);
    EXPECT_EQ(one.damage->messages_read, two.damage->messages_read);
    EXPECT_EQ(one.damage->last_log_time, two.damage->last_log_time);
}

TEST_P(McapRecover, AWholeFileHasNoDamage) {
    const fs::path dir = test::scratchDir("mcap-recover-whole");
    const fs::path whole = writeCutSource(dir, GetParam());
    ReadOptions recover;
    recover.recover = true;
    auto source = openBag(whole.string(), recover);
    ASSERT_TRUE(source.ok());
    const test::RecoveringRead read = test::readToTheEnd(**source);
    EXPECT_EQ(read.messages.size(), static_cast<std::size_t>(kCutMessages));
    EXPECT_FALSE(read.damage.has_value());
}

// A split bag: the cut in its second file leaves the first file's messages and the whole chunks
// of the second.
TEST_P(McapRecover, DamageInOneFileOfASplitBagKeepsTheOthers) {
    const fs::path dir = test::scratchDir("mcap-recover-split");
    const fs::path whole = writeCutSource(dir, GetParam());
    const std::vector<CutChunk> chunks = cutChunksOf(whole);
    const fs::path bag = dir / "bag";
    fs::create_directories(bag);
    fs::copy_file(whole, bag / "bag_0.mcap");
    cutCopy(whole, bag / "bag_1.mcap", (chunks[2].offset + chunks[2].end) / 2);
    ReadOptions recover;
    recover.recover = true;
    auto source = openBag(bag.string(), recover);
    ASSERT_TRUE(source.ok()) << source.message();
    const test::RecoveringRead read = test::readToTheEnd(**source);
    const int second = chunks[0].messages + chunks[1].messages;
    EXPECT_EQ(read.messages.size(), static_cast<std::size_t>(kCutMessages + second));
    ASSERT_TRUE(read.damage.has_value());
    EXPECT_EQ(read.damage->file, (bag / "bag_1.mcap").string());
    EXPECT_EQ(read.damage->loss, "the last chunk is cut");
    EXPECT_EQ(read.damage->messages_read, static_cast<std::uint64_t>(kCutMessages + second));
}

INSTANTIATE_TEST_SUITE_P(Chunks, McapRecover, ::testing::Values(Compression::None, Compression::Zstd));

}  // namespace
}  // namespace robometrics::bag
