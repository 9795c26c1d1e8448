// Truncates and flips bytes of real bags (MCAP, .db3, .db3.zstd, ROS 1, metadata.yaml) at many offsets.
// Every read must end in success or in an Error that names the damaged file; never a crash, a
// hang or a runaway allocation (the ASan/UBSan build runs this test too). About 4000 mutations.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

std::vector<char> slurp(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spit(const fs::path &path, const std::vector<char> &bytes, std::size_t size) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(size));
}

struct Outcome {
    int ok = 0;
    int errors = 0;
};

// Opens and reads `bag` to the end. An error must mention `must_name`; more messages than
// `max_messages` would mean a loop that does not end.
void readMutated(const fs::path &bag, const std::string &must_name, std::uint64_t max_messages, Outcome &outcome,
                 const std::string &what) {
    auto source = openBag(bag.string());
    if (!source) {
        ++outcome.errors;
        EXPECT_NE(source.message().find(must_name), std::string::npos) << what << ": " << source.message();
        return;
    }
    Message m;
    std::uint64_t count = 0;
    for (;;) {
        auto more = (*source)->next(m);
        if (!more) {
            ++outcome.errors;
            EXPECT_NE(more.message().find(must_name), std::string::npos) << what << ": " << more.message();
            return;
        }
        if (!*more) break;
        ASSERT_NE(m.topic, nullptr) << what;
        if (++count > max_messages) {
            ADD_FAILURE() << what << ": more than " << max_messages << " messages";
            return;
        }
    }
    ++outcome.ok;
}

// Mutates `file` (which lives inside `bag`, or is the bag) `truncations` times by cutting it and
// `flips` times by changing one byte (inverting it, or writing 0xFF into what may be a length).
Outcome mutate(const fs::path &original, const fs::path &bag, const fs::path &file, int truncations, int flips,
               std::uint64_t max_messages) {
    const std::vector<char> bytes = slurp(original);
    EXPECT_FALSE(bytes.empty()) << original;
    Outcome outcome;
    std::mt19937 rng(12345);
    for (int i = 0; i < truncations && !bytes.empty(); ++i) {
        // Evenly spread cuts, plus the first bytes where the headers are.
        std::size_t size = i < 32 ? static_cast<std::size_t>(i) : bytes.size() * static_cast<std::size_t>(i) / truncations;
        spit(file, bytes, size);
        readMutated(bag, file.filename().string(), max_messages, outcome, original.string() + " cut at " + std::to_string(size));
        if (testing::Test::HasFatalFailure()) return outcome;
    }
    std::uniform_int_distribution<std::size_t> at(0, bytes.size() - 1);
    for (int i = 0; i < flips && !bytes.empty(); ++i) {
        std::vector<char> copy = bytes;
        std::size_t offset = i < 64 ? static_cast<std::size_t>(i) : at(rng);
        copy[offset] = static_cast<char>(i % 2 ? 0xFF : ~copy[offset]);
        spit(file, copy, copy.size());
        readMutated(bag, file.filename().string(), max_messages, outcome,
                    original.string() + " byte " + std::to_string(offset) + " changed");
        if (testing::Test::HasFatalFailure()) return outcome;
    }
    return outcome;
}

struct FileCase {
    const char *data;      ///< sample under the data directory
    const char *name;      ///< the mutated copy's file name
    int truncations, flips;
    std::uint64_t max_messages;
    int min_errors;        ///< cuts that must be detected
};

void runFileCase(const FileCase &c) {
    ROBOMETRICS_REQUIRE_DATA(original, c.data);
    fs::path file = test::scratchDir(std::string("mut-") + c.name) / c.name;
    Outcome o = mutate(original, file, file, c.truncations, c.flips, c.max_messages);
    EXPECT_EQ(o.ok + o.errors, c.truncations + c.flips) << c.data;
    EXPECT_GE(o.errors, c.min_errors) << c.data;
}

// A cut MCAP (no Footer) and a cut zstd stream are always errors; a cut sqlite file may still
// hold whole pages of messages, so only some of its cuts are.
TEST(Mutation, McapFileZstdChunks) {
    runFileCase({"bags/rosbag2/rosbag2_py/test/resources/mcap/talker/talker.mcap", "talker.mcap", 400, 800, 100, 400});
}

TEST(Mutation, McapFileManyLz4Chunks) {
    runFileCase({"bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap", "nav2.mcap", 60, 120, 20000, 60});
}

TEST(Mutation, SqliteFile) {
    runFileCase({"bags/rosbag2/rosbag2_py/test/resources/sqlite3/talker/talker.db3", "talker.db3", 300, 900, 100, 1});
}

TEST(Mutation, FileCompressedSqlite) {
    runFileCase({"bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/file_compression/"
                 "file_compression_3.db3.zstd",
                 "bag_3.db3.zstd", 150, 300, 1000, 150});
}

// ROS 1 bags keep their index at the end, so every cut is an error; a flipped byte inside a
// message payload cannot be noticed (ROS 1 has no CRC), so flips need not all be.
TEST(Mutation, Ros1BagUncompressed) {
    runFileCase({"bags/ros1/rosbag.js/example.bag", "example.bag", 150, 450, 8647, 150});
}

TEST(Mutation, Ros1BagBz2Chunk) {
    runFileCase({"bags/ros1/rosbag.js/example-bz2.bag", "example-bz2.bag", 150, 300, 8647, 150});
}

TEST(Mutation, Ros1BagLz4Chunk) {
    runFileCase({"bags/ros1/evo_tf_example.bag", "tf.bag", 300, 900, 518, 300});
}

TEST(Mutation, Ros1BagUnsortedChunks) {
    runFileCase({"bags/ros1/rosbag.js/example-unsorted-chunks.bag", "unsorted.bag", 300, 900, 3, 300});
}

TEST(Mutation, MetadataYamlOfASplitBag) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag");
    fs::path bag = test::scratchDir("mut-yaml");
    for (int i = 0; i < 5; ++i) {
        std::string name = "wbag_" + std::to_string(i) + ".db3";
        fs::create_symlink(fs::absolute(dir) / name, bag / name);
    }
    // Errors may name metadata.yaml or a storage file: all of them are inside the bag directory.
    const std::vector<char> bytes = slurp(dir / "metadata.yaml");
    Outcome o;
    std::mt19937 rng(777);
    std::uniform_int_distribution<std::size_t> at(0, bytes.size() - 1);
    std::uniform_int_distribution<int> ch(32, 126);
    for (int i = 0; i < 400; ++i) {
        std::vector<char> copy = bytes;
        std::size_t size = copy.size();
        if (i < 150) size = copy.size() * static_cast<std::size_t>(i) / 150;  // cut
        else copy[at(rng)] = static_cast<char>(i % 3 == 0 ? '\n' : ch(rng));  // printable garbage
        spit(bag / "metadata.yaml", copy, size);
        readMutated(bag, bag.string(), 7000, o, "metadata.yaml mutation " + std::to_string(i));
        if (HasFatalFailure()) return;
    }
    EXPECT_EQ(o.ok + o.errors, 400);
    EXPECT_GT(o.errors, 0);
}

}  // namespace
}  // namespace robometrics::bag
