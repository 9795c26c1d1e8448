// echoTopic: the exact JSON lines and indented form of a topic's messages, --limit, batches of
// whole messages, and errors that name the bag, the topic and the message.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/TopicEcho.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {
namespace {

// /chatter: "hi" at 10 ns and "a\"b" at 20 ns; /pose: one PoseStamped at 15 ns.
std::string writeSampleBag() {
    const std::string path = (test::scratchDir("topic_echo") / "sample.mcap").string();
    auto writer = TypedWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.message();
    EXPECT_TRUE(writer->write("/chatter", msgs::String{"hi"}, 10).ok());
    msgs::PoseStamped pose;
    pose.header.stamp = msgs::Time{3, 4};
    pose.header.frame_id = "map";
    pose.pose.position.x = 1.5;
    pose.pose.orientation.w = 1.0;
    EXPECT_TRUE(writer->write("/pose", pose, 15).ok());
    EXPECT_TRUE(writer->write("/chatter", msgs::String{"a\"b"}, 20).ok());
    EXPECT_TRUE(writer->close().ok());
    return path;
}

struct Echoed {
    Result<std::uint64_t> count = Error{"not run"};
    std::vector<std::string> batches;
};

Echoed echo(const std::string &path, const std::string &topic, bool json, std::uint64_t limit = 0) {
    Echoed out;
    out.count = echoTopic(path, EchoOptions{topic, limit, json}, [&](std::string_view text) {
        out.batches.emplace_back(text);
        return Status::Ok();
    });
    return out;
}

TEST(TopicEcho, OneJsonObjectPerLineWithTheDocumentedKeyOrder) {
    const std::string bag = writeSampleBag();
    Echoed e = echo(bag, "/chatter", true);
    ASSERT_TRUE(e.count.ok()) << e.count.message();
    EXPECT_EQ(*e.count, 2u);
    ASSERT_EQ(e.batches.size(), 1u);
    EXPECT_EQ(e.batches[0],
              "{\"topic\":\"/chatter\",\"type\":\"std_msgs/msg/String\",\"log_time_ns\":10,\"publish_time_ns\":10,"
              "\"message\":{\"data\":\"hi\"}}\n"
              "{\"topic\":\"/chatter\",\"type\":\"std_msgs/msg/String\",\"log_time_ns\":20,\"publish_time_ns\":20,"
              "\"message\":{\"data\":\"a\\\"b\"}}\n");
}

TEST(TopicEcho, IndentedFormUnderAHeaderLine) {
    const std::string bag = writeSampleBag();
    Echoed e = echo(bag, "/pose", false);
    ASSERT_TRUE(e.count.ok()) << e.count.message();
    ASSERT_EQ(e.batches.size(), 1u);
    EXPECT_EQ(e.batches[0],
              "--- /pose [geometry_msgs/msg/PoseStamped] log_time 15 publish_time 15\n"
              "header:\n"
              "  stamp:\n"
              "    sec: 3\n"
              "    nanosec: 4\n"
              "  frame_id: \"map\"\n"
              "pose:\n"
              "  position:\n"
              "    x: 1.5\n"
              "    y: 0.0\n"
              "    z: 0.0\n"
              "  orientation:\n"
              "    x: 0.0\n"
              "    y: 0.0\n"
              "    z: 0.0\n"
              "    w: 1.0\n");
}

TEST(TopicEcho, LimitStopsEarly) {
    const std::string bag = writeSampleBag();
    Echoed e = echo(bag, "/chatter", false, 1);
    ASSERT_TRUE(e.count.ok()) << e.count.message();
    EXPECT_EQ(*e.count, 1u);
    ASSERT_EQ(e.batches.size(), 1u);
    EXPECT_EQ(e.batches[0], "--- /chatter [std_msgs/msg/String] log_time 10 publish_time 10\ndata: \"hi\"\n");
}

TEST(TopicEcho, LargeOutputComesInBatchesOfWholeLines) {
    const std::string path = (test::scratchDir("topic_echo_batches") / "big.mcap").string();
    auto writer = TypedWriter::open(path);
    ASSERT_TRUE(writer.ok()) << writer.message();
    const std::string text(1000, 'x');
    for (int i = 0; i < 3000; ++i) ASSERT_TRUE(writer->write("/chatter", msgs::String{text}, i).ok());
    ASSERT_TRUE(writer->close().ok());
    Echoed e = echo(path, "/chatter", true);
    ASSERT_TRUE(e.count.ok()) << e.count.message();
    EXPECT_EQ(*e.count, 3000u);
    // Each payload is 1012 bytes (CDR header, length, text, NUL, padding): a batch closes after the
    // message whose payload passes 1 MiB, the 1037th; each is rendered on a worker thread and
    // handed over in reading order.
    ASSERT_EQ(e.batches.size(), 3u);
    std::size_t lines = 0;
    for (const std::string &batch : e.batches) {
        EXPECT_EQ(batch.back(), '\n');
        lines += static_cast<std::size_t>(std::count(batch.begin(), batch.end(), '\n'));
    }
    EXPECT_EQ(lines, 3000u);
    EXPECT_EQ(std::count(e.batches[0].begin(), e.batches[0].end(), '\n'), 1037);
    EXPECT_TRUE(e.batches[1].starts_with(R"({"topic":"/chatter","type":"std_msgs/msg/String","log_time_ns":1037,)"));
    EXPECT_NE(e.batches[2].find(R"("log_time_ns":2999,)"), std::string::npos);
}

TEST(TopicEcho, ErrorsNameTheBagTopicAndMessage) {
    const std::string bag = writeSampleBag();
    Echoed missing = echo(bag, "/nope", true);
    ASSERT_FALSE(missing.count.ok());
    EXPECT_EQ(missing.count.message(), bag + ": no topic '/nope' in the bag; its topics: /chatter (std_msgs/msg/String), "
                                                 "/pose (geometry_msgs/msg/PoseStamped)");
    EXPECT_TRUE(missing.batches.empty());

    // A String whose length runs past the payload, after a good one.
    const std::string path = (test::scratchDir("topic_echo_bad") / "bad.mcap").string();
    auto writer = TypedWriter::open(path);
    ASSERT_TRUE(writer.ok()) << writer.message();
    const std::string schema(msgs::builtinSchemaText("std_msgs/msg/String"));
    ASSERT_TRUE(writer->write("/chatter", msgs::String{"ok"}, 5).ok());
    const std::vector<std::uint8_t> cut = {0, 1, 0, 0, 9, 0, 0, 0, 'a'};
    ASSERT_TRUE(writer->writeRaw("/chatter", "std_msgs/msg/String", schema, cut, 7).ok());
    ASSERT_TRUE(writer->close().ok());
    Echoed bad = echo(path, "/chatter", true);
    ASSERT_FALSE(bad.count.ok());
    EXPECT_EQ(bad.count.message().rfind(path + ": topic /chatter message at log time 7: String.data", 0), 0u)
        << bad.count.message();
    ASSERT_EQ(bad.batches.size(), 1u);  // the good message before it
    EXPECT_EQ(bad.batches[0],
              "{\"topic\":\"/chatter\",\"type\":\"std_msgs/msg/String\",\"log_time_ns\":5,"
              "\"publish_time_ns\":5,\"message\":{\"data\":\"ok\"}}\n");
}

// 3000 messages of 1012-byte payloads (three batches of whole messages) at log times 0..2999,
// then `tail` (a payload that does not decode when not empty) at 3000.
std::string writeThreeBatches(const std::string &name, const std::vector<std::uint8_t> &tail) {
    const std::string path = (test::scratchDir(name) / "big.mcap").string();
    auto writer = TypedWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.message();
    for (int i = 0; i < 3000; ++i) EXPECT_TRUE(writer->write("/chatter", msgs::String{std::string(1000, 'x')}, i).ok());
    const std::string schema(msgs::builtinSchemaText("std_msgs/msg/String"));
    if (!tail.empty()) {
        EXPECT_TRUE(writer->writeRaw("/chatter", "std_msgs/msg/String", schema, tail, 3000).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

TEST(TopicEcho, ABadMessageAfterSeveralBatchesEndsTheOutputThere) {
    const std::string path = writeThreeBatches("topic_echo_bad_late", {0, 1, 0, 0, 9, 0, 0, 0, 'a'});
    Echoed bad = echo(path, "/chatter", true);
    ASSERT_FALSE(bad.count.ok());
    EXPECT_EQ(bad.count.message().rfind(path + ": topic /chatter message at log time 3000: String.data", 0), 0u)
        << bad.count.message();
    std::size_t lines = 0;
    for (const std::string &batch : bad.batches)
        lines += static_cast<std::size_t>(std::count(batch.begin(), batch.end(), '\n'));
    EXPECT_EQ(lines, 3000u);  // every message before it, in order
    EXPECT_NE(bad.batches.back().find(R"("log_time_ns":2999,)"), std::string::npos);
}

TEST(TopicEcho, TheLimitAndAWriteErrorHoldAcrossBatches) {
    const std::string path = writeThreeBatches("topic_echo_limit", {});
    Echoed limited = echo(path, "/chatter", true, 2500);
    ASSERT_TRUE(limited.count.ok()) << limited.count.message();
    EXPECT_EQ(*limited.count, 2500u);
    ASSERT_EQ(limited.batches.size(), 3u);
    EXPECT_NE(limited.batches.back().find(R"("log_time_ns":2499,)"), std::string::npos);
    EXPECT_EQ(limited.batches.back().find(R"("log_time_ns":2500,)"), std::string::npos);

    int calls = 0;
    auto count = echoTopic(path, EchoOptions{"/chatter", 0, true},
                           [&](std::string_view) { return ++calls == 2 ? Status(Error{"disk full"}) : Status::Ok(); });
    ASSERT_FALSE(count.ok());
    EXPECT_EQ(count.message(), "disk full");
    EXPECT_EQ(calls, 2);  // nothing is written after the failed batch
}

TEST(TopicEcho, AWriteErrorStopsReading) {
    const std::string bag = writeSampleBag();
    int calls = 0;
    auto count = echoTopic(bag, EchoOptions{"/chatter", 0, true}, [&](std::string_view) {
        ++calls;
        return Status(Error{"disk full"});
    });
    ASSERT_FALSE(count.ok());
    EXPECT_EQ(count.message(), "disk full");
    EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace robometrics::bag
