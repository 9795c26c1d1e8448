// openBag on rosbag2 directories and .db3 files: exact per-topic counts (PROVENANCE.md), split
// bags merged by log time, FILE and MESSAGE compression, Foxy paths, missing metadata.yaml.

#include <gtest/gtest.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

const char *kWbagSqlite = "bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag";
const char *kReindex = "bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags";

struct BagTally {
    std::map<std::string, std::uint64_t> counts;
    std::uint64_t total = 0;
    TimeNs first = 0, last = 0;
    bool ordered = true;
    std::string error;
};

BagTally tallyBag(MessageSource &source) {
    BagTally r;
    Message m;
    TimeNs previous = INT64_MIN;
    for (;;) {
        auto more = source.next(m);
        if (!more) {
            r.error = more.message();
            break;
        }
        if (!*more) break;
        if (m.log_time < previous) r.ordered = false;
        if (r.total == 0) r.first = m.log_time;
        previous = r.last = m.log_time;
        ++r.counts[m.topic->name];
        ++r.total;
    }
    return r;
}

const TopicInfo *findTopic(const MessageSource &source, const std::string &name) {
    for (const auto &t : source.topics())
        if (t.name == name) return &t;
    return nullptr;
}

TEST(Rosbag2Bag, SplitSqliteBagIsOneStreamMergedByLogTime) {
    ROBOMETRICS_REQUIRE_DATA(dir, kWbagSqlite);
    auto source = openBag(dir.string());
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_EQ((*source)->topics().size(), 8u);
    EXPECT_EQ(findTopic(**source, "AAA")->message_count, 804u);  // from metadata.yaml
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.error, "");
    EXPECT_TRUE(r.ordered);
    EXPECT_EQ(r.total, 6074u);
    const std::map<std::string, std::uint64_t> expected = {{"AAA", 804}, {"BBB", 742}, {"CCC", 742}, {"DDD", 753},
                                                           {"EEE", 804}, {"FFF", 772}, {"GGG", 731}, {"HHH", 726}};
    EXPECT_EQ(r.counts, expected);
    EXPECT_EQ(r.first, 1000);
    EXPECT_EQ(r.last, 2998);
}

TEST(Rosbag2Bag, SplitFilesOverlappingInTimeAreInterleaved) {
    // Two copies of the same split file in one bag: the merged stream must interleave them, each
    // timestamp appearing twice in a row, instead of reading one file after the other.
    ROBOMETRICS_REQUIRE_DATA(dir, kWbagSqlite);
    fs::path bag = test::scratchDir("overlap");
    fs::create_symlink(fs::absolute(dir) / "wbag_4.db3", bag / "a_0.db3");
    fs::create_symlink(fs::absolute(dir) / "wbag_4.db3", bag / "a_1.db3");
    auto source = openBag(bag.string());
    ASSERT_TRUE(source.ok()) << source.message();
    Message m;
    std::vector<TimeNs> times;
    while (*(*source)->next(m)) times.push_back(m.log_time);
    ASSERT_EQ(times.size(), 2u * 1108u);  // wbag_4 holds 1108 messages
    EXPECT_TRUE(std::is_sorted(times.begin(), times.end()));
    EXPECT_EQ(times.front(), 2623);
    EXPECT_EQ(times.back(), 2998);
}

TEST(Rosbag2Bag, TopicFilterAndTimeRange) {
    ROBOMETRICS_REQUIRE_DATA(dir, kWbagSqlite);
    ReadOptions options;
    options.topics = {"CCC", "HHH"};
    options.start_time = 1410;
    options.end_time = 1821;
    auto source = openBag(dir.string(), options);
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_EQ((*source)->topics().size(), 8u);  // every topic is still declared
    BagTally r = tallyBag(**source);
    const std::map<std::string, std::uint64_t> expected = {{"CCC", 155}, {"HHH", 141}};  // exactly wbag_1's
    EXPECT_EQ(r.counts, expected);
    EXPECT_GE(r.first, 1410);
    EXPECT_LE(r.last, 1821);
}

TEST(Rosbag2Bag, SingleDb3FileWithDefinitions) {
    ROBOMETRICS_REQUIRE_DATA(db3, "bags/ros2-sqlite3/evo_tf_example/tf_example.db3");
    auto source = openBag(db3.string());
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_EQ((*source)->describe(), db3.string());
    const TopicInfo *tf = findTopic(**source, "/tf");
    ASSERT_NE(tf, nullptr);
    EXPECT_EQ(tf->type, "tf2_msgs/msg/TFMessage");
    EXPECT_EQ(tf->schema.encoding, "ros2msg");
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.error, "");
    const std::map<std::string, std::uint64_t> expected = {{"/tf", 517}, {"/tf_static", 1}};
    EXPECT_EQ(r.counts, expected);
    EXPECT_EQ(r.first, 1714741164111822142);  // the /tf_static message
    EXPECT_EQ(r.last, 1714741215796545476);
}

TEST(Rosbag2Bag, EverySqliteSampleDirectoryHasItsCounts) {
    struct Case {
        const char *dir;
        std::map<std::string, std::uint64_t> counts;
    };
    const Case cases[] = {
        {"bags/ros2-sqlite3/evo_tf_example", {{"/tf", 517}, {"/tf_static", 1}}},
        {"bags/rosbag2/rosbag2_py/test/resources/sqlite3/talker", {{"/topic", 10}, {"/rosout", 10}}},
        {"bags/rosbag2/rosbag2_tests/resources/sqlite3/cdr_test", {{"/test_topic", 3}, {"/array_topic", 4}}},
        {"bags/rosbag2/rosbag2_tests/resources/sqlite3/bag_with_topics_and_service_events",
         {{"/test_topic1", 1},
          {"/test_topic2", 1},
          {"/test_service1/_service_event", 4},
          {"/test_service2/_service_event", 4}}},
    };
    for (const auto &c : cases) {
        ROBOMETRICS_CASE_DATA(dir, c.dir);
        auto source = openBag(dir.string());
        ASSERT_TRUE(source.ok()) << source.message();
        BagTally r = tallyBag(**source);
        EXPECT_EQ(r.error, "") << c.dir;
        EXPECT_TRUE(r.ordered) << c.dir;
        EXPECT_EQ(r.counts, c.counts) << c.dir;
    }
}

TEST(Rosbag2Bag, RosbagsTestBagHas94TopicsOfTwoMessages) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbags-rs/test_bag_sqlite3");
    auto source = openBag(dir.string());
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_EQ((*source)->topics().size(), 94u);
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.total, 188u);
    EXPECT_EQ(r.counts.size(), 94u);
    for (const auto &[name, count] : r.counts) EXPECT_EQ(count, 2u) << name;
    EXPECT_EQ(r.first, 1749315324675930112);
    const TopicInfo *scan = findTopic(**source, "/test/sensor_msgs/laser_scan");
    ASSERT_NE(scan, nullptr);
    EXPECT_EQ(scan->type, "sensor_msgs/msg/LaserScan");
    EXPECT_FALSE(scan->schema.text.empty());
}

TEST(Rosbag2Bag, EmptyBag) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/ros2bag/test/resources/empty_bag");
    auto source = openBag(dir.string());
    ASSERT_TRUE(source.ok()) << source.message();
    ASSERT_EQ((*source)->topics().size(), 2u);
    EXPECT_EQ((*source)->topics()[0].name, "/parameter_events");  // metadata.yaml order
    EXPECT_EQ((*source)->topics()[1].name, "/rosout");
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.total, 0u);
}

TEST(Rosbag2Bag, MessageCompressionWithoutMetadataIsDetectedPerMessage) {
    ROBOMETRICS_REQUIRE_DATA(dir, std::string(kReindex) + "/message_compression");
    auto source = openBag(dir.string());
    ASSERT_TRUE(source.ok()) << source.message();
    Message m;
    auto first = (*source)->next(m);
    ASSERT_TRUE(first.ok() && *first) << first.message();
    EXPECT_EQ(m.topic->name, "/rosout");
    EXPECT_EQ(m.log_time, 1604581357697556242);
    ASSERT_GE(m.data.size(), 4u);
    EXPECT_EQ(m.data[0], 0x00);  // decompressed: a CDR header, not the 28 B5 2F FD of zstd
    EXPECT_EQ(m.data[1], 0x01);
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.error, "");
    const std::map<std::string, std::uint64_t> expected = {{"/topic", 369}, {"/rosout", 757}};  // one read above
    EXPECT_EQ(r.counts, expected);
    EXPECT_EQ(r.last, 1604581542133285933);
}

const std::vector<std::uint8_t> kPlainUInt32 = {0x00, 0x01, 0x00, 0x00, 42, 0, 0, 0};  // CDR, little-endian

std::vector<std::uint8_t> zstdFrameOf(const std::vector<std::uint8_t> &plain) {
    std::vector<std::uint8_t> frame(ZSTD_compressBound(plain.size()));
    frame.resize(ZSTD_compress(frame.data(), frame.size(), plain.data(), plain.size(), 1));
    return frame;
}

/// An MCAP file without metadata.yaml holding `messages` (topic, bytes) of std_msgs/UInt32, in order.
fs::path writeUInt32Mcap(const std::string &name,
                         const std::vector<std::pair<std::string, std::vector<std::uint8_t>>> &messages) {
    const fs::path path = test::scratchDir("rosbag2_zstd_messages") / name;
    auto writer = McapWriter::open(path.string(), {});
    EXPECT_TRUE(writer.ok()) << writer.message();
    auto schema = (*writer)->addSchema("std_msgs/msg/UInt32", "ros2msg", "uint32 data");
    std::map<std::string, std::uint16_t> channels;
    TimeNs t = 0;
    for (const auto &[topic, bytes] : messages) {
        if (!channels.count(topic)) channels[topic] = (*writer)->addChannel(topic, schema, "cdr");
        ++t;
        EXPECT_TRUE((*writer)->write(channels[topic], t, t, bytes).ok());
    }
    EXPECT_TRUE((*writer)->close().ok());
    return path;
}

// A message decompressed per message lives in a buffer the next call reuses: ReadAhead must copy
// it (MessageSource::pinLast says no), while the plain message beside it can stay in its chunk.
TEST(Rosbag2Bag, MessagesDecompressedPerMessageAreNotPinned) {
    const std::vector<std::uint8_t> &plain = kPlainUInt32;
    const fs::path path = writeUInt32Mcap("pinned.mcap", {{"/n", plain}, {"/z", zstdFrameOf(plain)}});
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::shared_ptr<const void> keeper;
    Message m;
    ASSERT_TRUE((*source)->next(m).value());
    EXPECT_TRUE((*source)->pinLast(keeper));
    ASSERT_TRUE((*source)->next(m).value());
    EXPECT_EQ(std::vector<std::uint8_t>(m.data.begin(), m.data.end()), plain);
    EXPECT_FALSE((*source)->pinLast(keeper));
}

// Without metadata.yaml the first message of a topic in a file says whether that topic's messages
// are zstd frames (rosbag2 compresses all of a bag's messages or none): a later message of a
// plain topic is passed on as it is, whatever its first bytes, and every message of a compressed
// topic is decompressed.
TEST(Rosbag2Bag, WithoutMetadataTheFirstMessageOfATopicSaysWhetherItIsCompressed) {
    const std::vector<std::uint8_t> frame = zstdFrameOf(kPlainUInt32);
    const fs::path path = writeUInt32Mcap(
        "first_decides.mcap", {{"/plain", kPlainUInt32}, {"/zstd", frame}, {"/plain", frame}, {"/zstd", frame}});
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::vector<std::pair<std::string, std::vector<std::uint8_t>>> read;
    Message m;
    while ((*source)->next(m).value()) read.emplace_back(m.topic->name, std::vector(m.data.begin(), m.data.end()));
    const std::vector<std::pair<std::string, std::vector<std::uint8_t>>> expected = {
        {"/plain", kPlainUInt32}, {"/zstd", kPlainUInt32}, {"/plain", frame}, {"/zstd", kPlainUInt32}};
    EXPECT_EQ(read, expected);
}

TEST(Rosbag2Bag, FileCompressionWithoutMetadataDecompressesToTemporaryFiles) {
    ROBOMETRICS_REQUIRE_DATA(dir, std::string(kReindex) + "/file_compression");
    auto source = openBag(dir.string());
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_EQ((*source)->describe(), "rosbag2 dir " + dir.string() + " with 4 files");
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.error, "");
    EXPECT_TRUE(r.ordered);
    const std::map<std::string, std::uint64_t> expected = {{"/topic", 383}, {"/rosout", 392}};  // target metadata
    EXPECT_EQ(r.counts, expected);
    EXPECT_EQ(r.first, 1604356909418673946);
    EXPECT_EQ(r.last, 1604357100419831952);
}

// The reindex bags' target metadata.yaml, put beside the bag folder as Foxy wrote it: its paths
// ("file_compression/file_compression_0.db3.zstd") resolve relative to the bag's parent.
fs::path foxyBag(const fs::path &reindex, const std::string &name) {
    fs::path bag = test::scratchDir("foxy-" + name) / name;
    fs::create_directories(bag);
    for (const auto &entry : fs::directory_iterator(reindex / name))
        fs::create_symlink(fs::absolute(entry.path()), bag / entry.path().filename());
    fs::create_symlink(fs::absolute(reindex) / "target_metadata" / name / "metadata.yaml", bag / "metadata.yaml");
    return bag;
}

TEST(Rosbag2Bag, FoxyRelativePathsWithFileCompressionMetadata) {
    ROBOMETRICS_REQUIRE_DATA(reindex, kReindex);
    fs::path bag = foxyBag(reindex, "file_compression");
    auto source = openBag(bag.string());
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_EQ((*source)->topics().size(), 3u);
    EXPECT_EQ(findTopic(**source, "/topic")->message_count, 383u);
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.total, 775u);
}

TEST(Rosbag2Bag, FoxyRelativePathsWithMessageCompressionMetadata) {
    ROBOMETRICS_REQUIRE_DATA(reindex, kReindex);
    fs::path bag = foxyBag(reindex, "message_compression");
    auto source = openBag(bag.string());
    ASSERT_TRUE(source.ok()) << source.message();
    BagTally r = tallyBag(**source);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.total, 1127u);
    EXPECT_EQ(r.counts["/rosout"], 758u);
}

TEST(Rosbag2Bag, MetadataNamingMissingFilesIsAnError) {
    ROBOMETRICS_REQUIRE_DATA(dir, kWbagSqlite);
    fs::path bag = test::scratchDir("missing-files");
    fs::create_symlink(fs::absolute(dir) / "metadata.yaml", bag / "metadata.yaml");
    fs::create_symlink(fs::absolute(dir) / "wbag_0.db3", bag / "wbag_0.db3");
    auto source = openBag(bag.string());
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.message(), (bag / "metadata.yaml").string() +
                                    ": relative_file_paths names 'wbag_1.db3', which exists neither in the bag "
                                    "directory nor in its parent");
}

TEST(Rosbag2Bag, BadInputsGiveErrorsNamingTheFile) {
    auto missing = openBag("/nonexistent/bag");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message(), "/nonexistent/bag: no such file or directory");

    fs::path dir = test::scratchDir("bad-inputs");
    std::ofstream(dir / "junk.db3") << "this is not a bag";
    auto junk = openBag((dir / "junk.db3").string());
    ASSERT_FALSE(junk.ok());
    EXPECT_EQ(junk.message(),
              (dir / "junk.db3").string() + ": offset 0: bad magic (not an MCAP, sqlite3 or zstd file)");

    fs::create_directories(dir / "emptydir");
    auto empty_dir = openBag((dir / "emptydir").string());
    ASSERT_FALSE(empty_dir.ok());
    EXPECT_NE(empty_dir.message().find("no metadata.yaml and no storage files"), std::string::npos);

    std::ofstream(dir / "trunc.db3.zstd", std::ios::binary).write("\x28\xB5\x2F\xFD\x20\x40", 6);
    auto truncated = openBag((dir / "trunc.db3.zstd").string());
    ASSERT_FALSE(truncated.ok());
    EXPECT_EQ(truncated.message().rfind((dir / "trunc.db3.zstd").string() + ": offset 6: truncated zstd stream", 0), 0u)
        << truncated.message();
}

TEST(Rosbag2Bag, TemporaryFilesAreRemovedWithTheSource) {
    ROBOMETRICS_REQUIRE_DATA(dir, std::string(kReindex) + "/file_compression");
    fs::path tmp = test::scratchDir("tmpdir");
    const char *old = std::getenv("TMPDIR");
    std::string saved = old ? old : "";
    setenv("TMPDIR", tmp.c_str(), 1);
    {
        auto source = openBag(dir.string());
        ASSERT_TRUE(source.ok()) << source.message();
        EXPECT_EQ(std::distance(fs::directory_iterator(tmp), fs::directory_iterator()), 4);
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(tmp), fs::directory_iterator()), 0);
    if (old)
        setenv("TMPDIR", saved.c_str(), 1);
    else
        unsetenv("TMPDIR");
}

}  // namespace
}  // namespace robometrics::bag
