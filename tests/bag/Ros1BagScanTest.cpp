// The walk that rebuilds the index of a ROS 1 bag never closed (ros1/BagScan.hpp): its chunks are
// decompressed on loading threads, and the index and the cut are those of the walk in file order:
// the same with no loading thread and with two, on bags cut at many lengths and with single bytes
// flipped (none, lz4, bz2 chunks), and the chunks of the closed bag's own index before the cut.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/FileInput.hpp"
#include "robometrics/bag/ros1/BagIndex.hpp"
#include "robometrics/bag/ros1/BagScan.hpp"
#include "robometrics/bag/ros1/Writer.hpp"

namespace robometrics::bag::ros1 {
namespace {

namespace fs = std::filesystem;

// 150 messages on two connections, the second declared after the first chunks, in chunks of
// about 700 bytes.
std::string writeScanSource(const fs::path &path, const std::string &compression) {
    auto writer = Writer::create(path.string(), {compression, 700});
    EXPECT_TRUE(writer.ok());
    const std::uint32_t a = writer->addConnection("/a", "std_msgs/String", "string data\n");
    std::uint32_t b = 0;
    for (int i = 0; i < 150; ++i) {
        if (i == 40) b = writer->addConnection("/b", "std_msgs/String", "string data\n");
        std::vector<std::uint8_t> payload{20, 0, 0, 0};
        payload.resize(24, static_cast<std::uint8_t>('a' + i % 26));
        EXPECT_TRUE(
            writer->write(i >= 40 && i % 2 ? b : a, 1'600'000'000 * kNsPerSecond + i * 10 * test::kMs, payload).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return test::readFile(path);
}

// The bag as a recorder that died leaves it: index_pos 0.
std::string neverClosed(std::string bytes) {
    const std::size_t at = bytes.find("index_pos=") + 10;
    std::fill(bytes.begin() + static_cast<long>(at), bytes.begin() + static_cast<long>(at) + 8, '\0');
    return bytes;
}

BagScan scanOf(const fs::path &path, const std::string &bytes, std::size_t loaders) {
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    auto file = mcap::FileInput::open(path.string());
    EXPECT_TRUE(file.ok()) << file.message();
    std::uint64_t end = 0;
    auto header = readBagHeader(*file, end);
    if (!header) return BagScan{{}, "no bag header: " + header.message(), false};
    return scanBagRecords(*file, *header, end, loaders);
}

std::string chunkText(const ChunkInfo &c) {
    std::ostringstream out;
    out << "chunk " << c.chunk_pos << " " << c.start_time << " " << c.end_time;
    for (const auto &[conn, n] : c.counts) out << " " << conn << ":" << n;
    return out.str() + "\n";
}

std::string describe(const BagScan &scan) {
    std::ostringstream out;
    out << "cut: " << scan.cut << " | truncated " << scan.truncated << "\n";
    for (const Connection &c : scan.index.connections)
        out << "connection " << c.id << " " << c.topic << " " << c.type << "\n";
    for (const ChunkInfo &c : scan.index.chunks) out << chunkText(c);
    return out.str();
}

class Ros1BagScan : public ::testing::TestWithParam<std::string> {};

TEST_P(Ros1BagScan, LoadingThreadsGiveTheIndexOfTheWalkInFileOrder) {
    const fs::path dir = test::scratchDir("ros1-bag-scan");
    const std::string bytes = neverClosed(writeScanSource(dir / "whole.bag", GetParam()));
    const fs::path copy = dir / "damaged.bag";
    auto expectSame = [&](const std::string &damaged, const std::string &label) {
        EXPECT_EQ(describe(scanOf(copy, damaged, 2)), describe(scanOf(copy, damaged, 0))) << label;
    };
    expectSame(bytes, "never closed");
    // Under the sanitizers every fourth cut and flip: the same code paths in a quarter of the time.
    const int step = test::kUnderSanitizers ? 4 : 1;
    for (int k = 1; k <= 60; k += step) {
        const std::size_t length = bytes.size() * static_cast<std::size_t>(k) / 61;
        expectSame(bytes.substr(0, length), "cut at " + std::to_string(length));
    }
    for (int k = 1; k <= 80; k += step) {
        const std::size_t at = 200 + (bytes.size() - 200) * static_cast<std::size_t>(k) / 81;
        std::string flipped = bytes;
        flipped[at] = static_cast<char>(flipped[at] ^ 0x5a);
        expectSame(flipped, "flipped at " + std::to_string(at));
    }
}

TEST_P(Ros1BagScan, ABagNeverClosedGivesTheChunksOfItsOwnIndexBeforeTheCut) {
    const fs::path dir = test::scratchDir("ros1-bag-scan-index");
    const std::string whole = writeScanSource(dir / "whole.bag", GetParam());
    auto file = mcap::FileInput::open((dir / "whole.bag").string());
    ASSERT_TRUE(file.ok());
    auto index = readBagIndex(*file);
    ASSERT_TRUE(index.ok()) << index.message();
    ASSERT_GE(index->chunks.size(), 6u);
    for (std::size_t k : {std::size_t{1}, index->chunks.size() / 2, index->chunks.size() - 1}) {
        SCOPED_TRACE(k);
        // Cut where chunk k starts: the chunks before it are whole.
        const std::string cut = neverClosed(whole).substr(0, index->chunks[k].chunk_pos);
        for (std::size_t loaders : {0u, 2u}) {
            const BagScan scan = scanOf(dir / "cut.bag", cut, loaders);
            std::string expected, got;
            for (std::size_t i = 0; i < k; ++i) expected += chunkText(index->chunks[i]);
            for (const ChunkInfo &c : scan.index.chunks) got += chunkText(c);
            EXPECT_EQ(got, expected) << loaders << " loaders";
            EXPECT_EQ(scan.cut, "") << loaders << " loaders";
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Chunks, Ros1BagScan, ::testing::Values("none", "lz4", "bz2"));

}  // namespace
}  // namespace robometrics::bag::ros1
