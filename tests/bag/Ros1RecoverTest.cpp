// openBag with ReadOptions::recover on ROS 1 bags whose recording was never closed (bag header
// index_pos 0, no index at the end) or that were cut short: the chunks are walked in file order
// and every message of the whole ones is read. Bags written with the project's ros1::Writer.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "RecoveringRead.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/Writer.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

constexpr int kRos1CutMessages = 120;
constexpr TimeNs kRos1CutStart = 1'600'000'000 * kNsPerSecond;

// 120 std_msgs/String messages every 10 ms in chunks of about 600 bytes.
std::string writeRos1CutSource(const fs::path &path, const std::string &compression) {
    auto writer = ros1::Writer::create(path.string(), {compression, 600});
    EXPECT_TRUE(writer.ok());
    const std::uint32_t c = writer->addConnection("/s", "std_msgs/String", "string data\n");
    for (int i = 0; i < kRos1CutMessages; ++i) {
        std::vector<std::uint8_t> payload{20, 0, 0, 0};
        payload.resize(24, static_cast<std::uint8_t>('a' + i % 26));
        EXPECT_TRUE(writer->write(c, kRos1CutStart + i * 10 * test::kMs, payload).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return test::readFile(path);
}

// The bag as a recorder that died leaves it: index_pos 0 and the file ends at `length`.
std::string neverClosed(std::string bytes, std::size_t length) {
    const std::size_t at = bytes.find("index_pos=") + 10;
    std::fill(bytes.begin() + static_cast<long>(at), bytes.begin() + static_cast<long>(at) + 8, '\0');
    bytes.resize(length);
    return bytes;
}

// Whether the messages read are the first ones written, each 10 ms after the one before.
bool inWrittenOrder(const test::RecoveringRead &read) {
    for (std::size_t i = 0; i < read.messages.size(); ++i)
        if (read.messages[i].second != kRos1CutStart + static_cast<TimeNs>(i) * 10 * test::kMs) return false;
    return true;
}

// The index of the whole bag: where its chunks are.
ros1::BagIndex wholeRos1Index(const fs::path &path) {
    auto file = mcap::FileInput::open(path.string());
    EXPECT_TRUE(file.ok());
    auto index = file ? ros1::readBagIndex(*file) : Result<ros1::BagIndex>(file.error());
    EXPECT_TRUE(index.ok()) << index.message();
    return index ? *index : ros1::BagIndex{};
}

// The messages of the first `k` chunks.
int ros1MessagesBefore(const ros1::BagIndex &index, std::size_t k) {
    int n = 0;
    for (std::size_t i = 0; i < k && i < index.chunks.size(); ++i)
        for (const auto &[conn, count] : index.chunks[i].counts) n += static_cast<int>(count);
    return n;
}

class Ros1Recover : public ::testing::TestWithParam<std::string> {};

TEST_P(Ros1Recover, ReadsTheWholeChunksOfABagThatWasNeverClosed) {
    const fs::path dir = test::scratchDir("ros1-recover");
    const std::string whole = writeRos1CutSource(dir / "whole.bag", GetParam());
    const ros1::BagIndex index = wholeRos1Index(dir / "whole.bag");
    ASSERT_GE(index.chunks.size(), 6u);
    struct Case {
        const char *what;
        std::size_t length;
        int messages;
        const char *loss;
    };
    const std::vector<Case> cases = {
        {"no index", static_cast<std::size_t>(index.header.index_pos), kRos1CutMessages,
         "the recording was not closed"},
        {"the last chunk cut", static_cast<std::size_t>(index.chunks[4].chunk_pos + 40), ros1MessagesBefore(index, 4),
         "the last chunk is cut"},
        {"only the bag header", static_cast<std::size_t>(index.chunks[0].chunk_pos), 0, "the recording was not closed"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.what);
        const fs::path cut = dir / "cut.bag";
        const std::string bytes = neverClosed(whole, c.length);
        std::ofstream(cut, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        const test::RecoveringRead read = test::readToTheEnd(cut, true);
        EXPECT_EQ(read.error, "");
        EXPECT_EQ(read.messages.size(), static_cast<std::size_t>(c.messages));
        EXPECT_TRUE(inWrittenOrder(read));
        ASSERT_TRUE(read.damage.has_value());
        EXPECT_EQ(read.damage->file, cut.string());
        EXPECT_TRUE(read.damage->truncated);
        EXPECT_EQ(read.damage->loss, c.loss);
        EXPECT_NE(read.damage->description.find("never closed"), std::string::npos) << read.damage->description;
        EXPECT_EQ(read.damage->messages_read, static_cast<std::uint64_t>(c.messages));

        const test::RecoveringRead strict = test::readToTheEnd(cut, false);
        EXPECT_NE(strict.error.find("cut.bag"), std::string::npos) << strict.error;
        EXPECT_NE(strict.error.find("truncated: "), std::string::npos) << strict.error;
    }
}

TEST_P(Ros1Recover, AClosedBagCutShortIsReadWithoutItsIndex) {
    const fs::path dir = test::scratchDir("ros1-recover-cut");
    const std::string whole = writeRos1CutSource(dir / "whole.bag", GetParam());
    const ros1::BagIndex index = wholeRos1Index(dir / "whole.bag");
    ASSERT_GE(index.chunks.size(), 4u);
    const int first_three = ros1MessagesBefore(index, 3);
    const fs::path cut = dir / "cut.bag";
    std::ofstream(cut, std::ios::binary)
        .write(whole.data(), static_cast<std::streamsize>(index.chunks[3].chunk_pos + 30));
    const test::RecoveringRead read = test::readToTheEnd(cut, true);
    EXPECT_EQ(read.messages.size(), static_cast<std::size_t>(first_three));
    EXPECT_TRUE(inWrittenOrder(read));
    ASSERT_TRUE(read.damage.has_value());
    EXPECT_NE(read.damage->description.find("its index is unreadable"), std::string::npos) << read.damage->description;
    EXPECT_NE(test::readToTheEnd(cut, false).error.find("cut.bag"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Chunks, Ros1Recover, ::testing::Values("none", "lz4", "bz2"));

}  // namespace
}  // namespace robometrics::bag
