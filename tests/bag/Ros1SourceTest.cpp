// ROS 1 bags through bag::openBag: every sample in ../shared/data/bags/ros1 with the counts and
// values listed in its PROVENANCE (checked by hand with `echo`), the bz2/lz4 copies and chunks
// rewritten out of order or overlapping giving the very messages of the uncompressed bag, the
// typed and header-stamp decoders on ROS 1 payloads, and clean errors for damaged indexes.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "TestSupport.hpp"
#include "robometrics/bag/BagInfo.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ros1/Ros1Source.hpp"
#include "robometrics/bag/ros1/Writer.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

constexpr const char *kExample = "bags/ros1/rosbag.js/example.bag";

struct Copy {
    std::string topic;
    std::string type;
    TimeNs time = 0;
    std::vector<std::uint8_t> data;
    auto key() const { return std::tie(time, topic, data); }
};

std::vector<Copy> readAll(const fs::path &path, const ReadOptions &options = {}) {
    auto source = openBag(path.string(), options);
    EXPECT_TRUE(source.ok()) << source.message();
    std::vector<Copy> out;
    if (!source) return out;
    Message m;
    for (;;) {
        auto more = (*source)->next(m);
        EXPECT_TRUE(more.ok()) << more.message();
        if (!more || !*more) break;
        out.push_back({m.topic->name, m.topic->type, m.log_time, {m.data.begin(), m.data.end()}});
    }
    return out;
}

std::map<std::string, std::uint64_t> countByTopic(const std::vector<Copy> &messages) {
    std::map<std::string, std::uint64_t> counts;
    for (const Copy &m : messages) ++counts[m.topic];
    return counts;
}

bool timeOrdered(const std::vector<Copy> &messages) {
    return std::is_sorted(messages.begin(), messages.end(),
                          [](const Copy &a, const Copy &b) { return a.time < b.time; });
}

TEST(Ros1Source, ExampleBagTopicsCountsAndTypes) {
    ROBOMETRICS_REQUIRE_DATA(path, kExample);
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::map<std::string, const TopicInfo *> topics;
    for (const TopicInfo &t : (*source)->topics()) topics[t.name] = &t;
    ASSERT_EQ(topics.size(), 9u);  // 12 connections: /rosout has 3, /tf 2
    EXPECT_EQ(topics["/rosout"]->type, "rosgraph_msgs/msg/Log");
    EXPECT_EQ(topics["/rosout"]->message_count, 10u);
    EXPECT_EQ(topics["/tf"]->type, "tf2_msgs/msg/TFMessage");  // recorded as tf/tfMessage
    EXPECT_EQ(topics["/tf"]->message_count, 2688u);
    // One connection per publishing node: topic statistics see /rosout and /tf as multi-publisher.
    EXPECT_EQ(publisherCount(*topics["/rosout"]), 3);
    EXPECT_EQ(publisherCount(*topics["/tf"]), 2);
    EXPECT_EQ(publisherCount(*topics["/turtle1/pose"]), 1);
    EXPECT_EQ(topics["/turtle1/pose"]->serialization_format, "ros1");
    EXPECT_EQ(topics["/turtle1/pose"]->schema.encoding, "ros1msg");
    EXPECT_EQ(topics["/turtle1/pose"]->schema.text.rfind("float32 x\n", 0), 0u) << topics["/turtle1/pose"]->schema.text;

    const std::vector<Copy> messages = readAll(path);
    ASSERT_EQ(messages.size(), 8647u);
    EXPECT_TRUE(timeOrdered(messages));
    const std::map<std::string, std::uint64_t> expected{
        {"/rosout", 10},         {"/turtle1/color_sensor", 1351}, {"/turtle2/color_sensor", 1344},
        {"/turtle1/pose", 1344}, {"/turtle2/pose", 1344},         {"/tf_static", 1},
        {"/tf", 2688},           {"/turtle1/cmd_vel", 357},       {"/turtle2/cmd_vel", 208}};
    EXPECT_EQ(countByTopic(messages), expected);
    EXPECT_EQ(messages.front().time, TimeNs{1'396'293'887'844'783'943});
    EXPECT_EQ(messages.back().time, TimeNs{1'396'293'909'544'870'199});
}

TEST(Ros1Source, CompressedCopiesHoldTheSameMessages) {
    ROBOMETRICS_REQUIRE_DATA(plain, kExample);
    const std::vector<Copy> reference = readAll(plain);
    for (const char *name : {"bags/ros1/rosbag.js/example-bz2.bag", "bags/ros1/rosbag.js/example-lz4.bag"}) {
        ROBOMETRICS_CASE_DATA(path, name);
        const std::vector<Copy> copy = readAll(path);
        ASSERT_EQ(copy.size(), reference.size()) << name;
        for (std::size_t i = 0; i < copy.size(); ++i) {
            ASSERT_EQ(copy[i].key(), reference[i].key()) << name << " message " << i;
        }
    }
}

TEST(Ros1Source, UnsortedChunksAreMergedByTime) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros1/rosbag.js/example-unsorted-chunks.bag");
    const std::vector<Copy> messages = readAll(path);
    ASSERT_EQ(messages.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(messages[i].topic, "foo");
        EXPECT_EQ(messages[i].type, "std_msgs/msg/String");
        EXPECT_EQ(messages[i].time, TimeNs(i + 1) * kNsPerSecond);
        msgs::String s;
        ASSERT_TRUE(msgs::decodeRos1(messages[i].data, s).ok());
        EXPECT_EQ(s.data, std::to_string(i + 1));
    }
}

// Rewrites example.bag with small chunks written newest first, each pair of chunks splitting
// its messages odd/even so that their time spans overlap: the reader must give the same stream.
TEST(Ros1Source, RewrittenOutOfOrderAndOverlappingChunksGiveTheSameMessages) {
    ROBOMETRICS_REQUIRE_DATA(plain, kExample);
    auto source = openBag(plain.string());
    ASSERT_TRUE(source.ok());
    const std::vector<Copy> reference = readAll(plain);
    for (const char *compression : {"none", "bz2", "lz4"}) {
        fs::path out = test::scratchDir(std::string("ros1-rewrite-") + compression) / "shuffled.bag";
        auto writer = ros1::Writer::create(out.string(), {compression, std::size_t{1} << 30});
        ASSERT_TRUE(writer.ok()) << writer.message();
        std::map<std::string, std::uint32_t> conn;
        for (const TopicInfo &t : (*source)->topics()) {
            std::string type = t.type;
            type.erase(type.find("/msg/"), 4);
            conn[t.name] = writer->addConnection(t.name, type, t.schema.text);
        }
        const std::size_t block = 200;
        for (std::size_t end = reference.size(); end > 0;) {
            const std::size_t begin = end > block ? end - block : 0;
            for (std::size_t parity = 0; parity < 2; ++parity) {
                for (std::size_t i = begin + parity; i < end; i += 2)
                    ASSERT_TRUE(writer->write(conn[reference[i].topic], reference[i].time, reference[i].data).ok());
                ASSERT_TRUE(writer->flushChunk().ok());
            }
            end = begin;
        }
        ASSERT_TRUE(writer->close().ok());

        std::vector<Copy> copy = readAll(out);
        ASSERT_EQ(copy.size(), reference.size()) << compression;
        EXPECT_TRUE(timeOrdered(copy)) << compression;
        // Messages logged at the same instant may come in another order; compare as sorted sets.
        std::vector<Copy> expected = reference;
        auto by_key = [](const Copy &a, const Copy &b) { return a.key() < b.key(); };
        std::sort(copy.begin(), copy.end(), by_key);
        std::sort(expected.begin(), expected.end(), by_key);
        for (std::size_t i = 0; i < copy.size(); ++i)
            ASSERT_EQ(copy[i].key(), expected[i].key()) << compression << " " << i;
        auto info = describeBag(out.string());
        ASSERT_TRUE(info.ok()) << info.message();
        EXPECT_EQ(info->chunk_compression, std::vector<std::string>{compression});
    }
}

TEST(Ros1Source, TopicFilterAndTimeRange) {
    ROBOMETRICS_REQUIRE_DATA(path, kExample);
    ReadOptions options;
    options.topics = {"/turtle2/cmd_vel"};
    EXPECT_EQ(readAll(path, options).size(), 208u);
    options.topics.clear();
    options.start_time = TimeNs{1'396'293'887'844'783'943};
    options.end_time = TimeNs{1'396'293'887'844'783'943};
    const std::vector<Copy> first = readAll(path, options);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].topic, "/rosout");
}

TEST(Ros1Source, TypedDecodeOfEveryTfAndTwistMessage) {
    ROBOMETRICS_REQUIRE_DATA(path, kExample);
    std::size_t tf = 0, twists = 0;
    for (const Copy &m : readAll(path)) {
        if (m.topic == "/tf") {
            msgs::TFMessage message;
            Status s = msgs::decodeRos1(m.data, message);
            ASSERT_TRUE(s.ok()) << s.message();
            ASSERT_EQ(message.transforms.size(), 1u);
            EXPECT_EQ(message.transforms[0].header.frame_id, "world");
            ++tf;
        } else if (m.topic == "/turtle1/cmd_vel") {
            msgs::Twist twist;
            ASSERT_TRUE(msgs::decodeRos1(m.data, twist).ok());
            ASSERT_EQ(m.data.size(), 48u);  // six float64, nothing else
            ++twists;
        }
    }
    EXPECT_EQ(tf, 2688u);
    EXPECT_EQ(twists, 357u);
}

TEST(Ros1Source, EvoTfExampleFirstTransform) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros1/evo_tf_example.bag");
    const std::vector<Copy> messages = readAll(path);
    EXPECT_EQ(countByTopic(messages), (std::map<std::string, std::uint64_t>{{"/tf", 517}, {"/tf_static", 1}}));
    auto first_tf = std::find_if(messages.begin(), messages.end(), [](const Copy &m) { return m.topic == "/tf"; });
    ASSERT_NE(first_tf, messages.end());
    EXPECT_EQ(first_tf->time, TimeNs{1'714'741'164'196'592'603});
    msgs::TFMessage tf;
    ASSERT_TRUE(msgs::decodeRos1(first_tf->data, tf).ok());
    ASSERT_EQ(tf.transforms.size(), 1u);
    const msgs::TransformStamped &t = tf.transforms[0];
    EXPECT_EQ(t.header.frame_id, "odom");
    EXPECT_EQ(t.child_frame_id, "base_footprint");
    EXPECT_EQ(t.header.stamp.toNs(), TimeNs{1'714'741'164'177'519'307});
    EXPECT_DOUBLE_EQ(t.transform.translation.x, 1.1603796887148006);
    EXPECT_DOUBLE_EQ(t.transform.translation.y, -2.942426888388735);
    EXPECT_DOUBLE_EQ(t.transform.rotation.w, 0.7324656905610344);
}

TEST(Ros1Source, BagWithoutMessages) {
    ROBOMETRICS_REQUIRE_DATA(path, "bags/ros1/rosbag.js/no-messages.bag");
    auto source = openBag(path.string());
    ASSERT_TRUE(source.ok()) << source.message();
    EXPECT_TRUE((*source)->topics().empty());
    Message m;
    auto more = (*source)->next(m);
    ASSERT_TRUE(more.ok());
    EXPECT_FALSE(*more);
}

TEST(Ros1Source, TopicNamesGetMsg) {
    EXPECT_EQ(ros1::topicTypeName("nav_msgs/Odometry"), "nav_msgs/msg/Odometry");
    EXPECT_EQ(ros1::topicTypeName("tf/tfMessage"), "tf2_msgs/msg/TFMessage");
    EXPECT_EQ(ros1::topicTypeName("nav_msgs/msg/Odometry"), "nav_msgs/msg/Odometry");
}

// A bag written here, then damaged in its index: each damage is an Error naming the file and
// the offset of the record at fault.
TEST(Ros1Source, DamagedIndexErrorsNameFileAndOffset) {
    fs::path dir = test::scratchDir("ros1-damaged");
    fs::path path = dir / "small.bag";
    {
        auto writer = ros1::Writer::create(path.string());
        ASSERT_TRUE(writer.ok());
        const std::uint32_t c = writer->addConnection("/s", "std_msgs/String", "string data\n");
        const std::vector<std::uint8_t> payload{1, 0, 0, 0, 'x'};
        ASSERT_TRUE(writer->write(c, kNsPerSecond, payload).ok());
        ASSERT_TRUE(writer->close().ok());
    }
    std::string bytes = test::readFile(path);
    auto damaged = [&](const std::string &name, const std::string &content) {
        fs::path p = dir / name;
        std::ofstream(p, std::ios::binary) << content;
        auto source = openBag(p.string());
        if (!source) return source.message();
        Message m;
        for (;;) {
            auto more = (*source)->next(m);
            if (!more) return more.message();
            if (!*more) return std::string("no error");
        }
    };
    // index_pos (u64 after "index_pos=") pointing past the end of the file.
    std::string far = bytes;
    const std::size_t at = far.find("index_pos=") + 10;
    far[at + 5] = 1;
    EXPECT_NE(damaged("far.bag", far).find("far.bag: offset 13: truncated: Bag header index_pos"), std::string::npos);
    // index_pos 0: a recording that was not closed.
    std::string open_bag = bytes;
    std::fill(open_bag.begin() + static_cast<long>(at), open_bag.begin() + static_cast<long>(at) + 8, '\0');
    EXPECT_NE(damaged("open.bag", open_bag).find("rosbag reindex"), std::string::npos);
    // The message's connection id changed to one the index does not declare.
    std::string stray = bytes;
    const std::size_t conn = stray.find(std::string("op=\x02\x09\0\0\0conn=", 12));
    ASSERT_NE(conn, std::string::npos);
    stray[conn + 13] = 9;
    EXPECT_NE(damaged("stray.bag", stray).find("stray.bag: offset 4117: Chunk, at byte"), std::string::npos)
        << damaged("stray.bag", stray);
    EXPECT_NE(damaged("stray.bag", stray).find("connection 9"), std::string::npos) << damaged("stray.bag", stray);
    // Not format 2.0.
    std::string old = bytes;
    old[9] = '1';
    EXPECT_NE(damaged("old.bag", old).find("unsupported ROS bag format '#ROSBAG V1.0'"), std::string::npos)
        << damaged("old.bag", old);
}

}  // namespace
}  // namespace robometrics::bag
