// The merged reader of a rosbag2 folder split into several MCAP files (rosbag2/MergedSource.cpp):
// loading ahead gives the same messages in the same order as reading on one thread, whether the
// files follow one another in time or overlap, and a file read to its end is closed at once.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/BagThreads.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

/// An indexed MCAP of `count` std_msgs/UInt32 messages on /n (data i) at log times first + i * step
/// ms, ten messages to a zstd chunk.
void writeSplitPart(const fs::path &path, std::uint32_t first, std::uint32_t count, std::uint32_t step) {
    McapWriterOptions options;
    options.chunk_size = 10 * (9 + 22 + 8) - 1;
    auto writer = McapWriter::open(path.string(), options);
    ASSERT_TRUE(writer.ok()) << writer.message();
    auto schema = (*writer)->addSchema("std_msgs/msg/UInt32", "ros2msg", "uint32 data");
    auto channel = (*writer)->addChannel("/n", schema, "cdr");
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t value = first + i * step;
        const std::uint8_t cdr[8] = {
            0, 1, 0, 0, static_cast<std::uint8_t>(value), static_cast<std::uint8_t>(value >> 8), 0, 0};
        const TimeNs t = TimeNs(value) * 1'000'000;
        ASSERT_TRUE((*writer)->write(channel, t, t, cdr).ok());
    }
    ASSERT_TRUE((*writer)->close().ok());
}

/// Every message of the bag at `dir` as "log_time value", loading ahead or not.
std::vector<std::string> readSplit(const fs::path &dir, bool load_ahead) {
    auto source = openBag(dir.string());
    EXPECT_TRUE(source.ok()) << source.message();
    if (!source.ok()) return {};
    if (load_ahead) (*source)->loadAhead();
    std::vector<std::string> out;
    Message m;
    for (;;) {
        auto more = (*source)->next(m);
        if (!more) return {"error: " + more.message()};
        if (!*more) return out;
        out.push_back(std::to_string(m.log_time) + " " + std::to_string(m.data[4] | m.data[5] << 8));
    }
}

std::size_t threadsHere() {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator("/proc/self/task"), fs::directory_iterator()));
}

/// Whether this process has `path` open.
bool isOpenHere(const fs::path &path) {
    const fs::path wanted = fs::canonical(path);
    for (const auto &fd : fs::directory_iterator("/proc/self/fd")) {
        std::error_code ec;
        const fs::path target = fs::read_symlink(fd.path(), ec);
        if (!ec && target == wanted) return true;
    }
    return false;
}

TEST(MergedSource, ASplitBagLoadedAheadGivesTheSameMessages) {
    const fs::path dir = test::scratchDir("merged_split_in_order") / "bag";
    fs::create_directories(dir);
    for (std::uint32_t k = 0; k < 4; ++k) writeSplitPart(dir / ("bag_" + std::to_string(k) + ".mcap"), k * 100, 100, 1);
    const std::vector<std::string> here = readSplit(dir, false);
    ASSERT_EQ(here.size(), 400u);
    EXPECT_EQ(here.front(), "0 0");
    EXPECT_EQ(here.back(), "399000000 399");
    EXPECT_EQ(readSplit(dir, true), here);
}

// Files that follow one another in time load ahead one at a time: the threads loading a file are
// started when the merge reaches it and gone once it is read (two loaders a file).
TEST(MergedSource, ASplitBagLoadsOneFileAheadAtATime) {
    if (chunkLoaders() == 0) GTEST_SKIP() << "ROBOMETRICS_READ_THREADS=1: no loading threads to count";
    const fs::path dir = test::scratchDir("merged_split_threads") / "bag";
    fs::create_directories(dir);
    for (std::uint32_t k = 0; k < 4; ++k) writeSplitPart(dir / ("bag_" + std::to_string(k) + ".mcap"), k * 100, 100, 1);
    const std::size_t before = threadsHere();
    auto source = openBag(dir.string());
    ASSERT_TRUE(source.ok()) << source.message();
    (*source)->loadAhead();
    EXPECT_EQ(threadsHere(), before);  // nothing is loaded ahead before the first message is taken
    Message m;
    std::size_t most = 0;
    for (int i = 0; i < 400; ++i) {
        ASSERT_TRUE((*source)->next(m).value());
        most = std::max(most, threadsHere() - before);
    }
    EXPECT_GE(most, 1u);
    EXPECT_LE(most, 2u);
}

TEST(MergedSource, FilesOverlappingInTimeLoadedAheadGiveTheSameMessages) {
    const fs::path dir = test::scratchDir("merged_split_overlapping") / "bag";
    fs::create_directories(dir);
    // Three files of interleaved times (0, 3, 6 ... / 1, 4, 7 ... / 2, 5, 8 ...): all three are
    // read at once, more than load ahead at once.
    for (std::uint32_t k = 0; k < 3; ++k) writeSplitPart(dir / ("bag_" + std::to_string(k) + ".mcap"), k, 100, 3);
    const std::vector<std::string> here = readSplit(dir, false);
    ASSERT_EQ(here.size(), 300u);
    EXPECT_EQ(here[1], "1000000 1");
    EXPECT_EQ(here.back(), "299000000 299");
    EXPECT_EQ(readSplit(dir, true), here);
}

TEST(MergedSource, AFileReadToItsEndIsClosed) {
    const fs::path dir = test::scratchDir("merged_split_closed") / "bag";
    fs::create_directories(dir);
    writeSplitPart(dir / "bag_0.mcap", 0, 20, 1);
    writeSplitPart(dir / "bag_1.mcap", 20, 20, 1);
    for (bool load_ahead : {false, true}) {
        auto source = openBag(dir.string());
        ASSERT_TRUE(source.ok()) << source.message();
        if (load_ahead) (*source)->loadAhead();
        EXPECT_TRUE(isOpenHere(dir / "bag_0.mcap"));
        EXPECT_TRUE(isOpenHere(dir / "bag_1.mcap"));
        Message m;
        for (int i = 0; i < 21; ++i) ASSERT_TRUE((*source)->next(m).value());  // into the second file
        EXPECT_EQ(m.log_time, 20'000'000);
        EXPECT_FALSE(isOpenHere(dir / "bag_0.mcap")) << "load ahead " << load_ahead;
        EXPECT_TRUE(isOpenHere(dir / "bag_1.mcap"));
    }
}

}  // namespace
}  // namespace robometrics::bag
