// convertToMcap: payloads, times, topics and schemas carried over byte for byte; the built-in
// definition for a topic stored without one; errors that name the file.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapConvert.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/OfferedQos.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/bag/mcap/McapInfo.hpp"
#include "robometrics/bag/ros1/Writer.hpp"
#include "robometrics/bag/rosbag2/StoredMetadata.hpp"
#include "robometrics/msgs/Codec.hpp"

namespace robometrics::bag {
namespace {

namespace fs = std::filesystem;

struct Read {
    std::string topic, type;
    TimeNs log_time, publish_time;
    std::vector<std::uint8_t> data;
};

std::vector<Read> readAll(const std::string &path) {
    std::vector<Read> out;
    auto source = openBag(path);
    EXPECT_TRUE(source.ok()) << source.message();
    if (!source) return out;
    Message m;
    while ((*source)->next(m).value())
        out.push_back({m.topic->name, m.topic->type, m.log_time, m.publish_time, {m.data.begin(), m.data.end()}});
    return out;
}

TEST(McapConvert, CopiesEveryMessageAndFillsInMissingSchemas) {
    const fs::path dir = test::scratchDir("mcap_convert");
    const std::string input = (dir / "in.mcap").string();
    {
        auto writer = TypedWriter::open(input, McapWriterOptions{Compression::Lz4});
        ASSERT_TRUE(writer.ok()) << writer.message();
        ASSERT_TRUE(writer->write("/chatter", msgs::String{"one"}, 100).ok());
        // Stored without a definition: the output gets the built-in one.
        ASSERT_TRUE(
            writer->writeRaw("/bare", "std_msgs/msg/String", "", msgs::encodeCdr(msgs::String{"two"}), 50).ok());
        ASSERT_TRUE(writer->write("/map_latched", msgs::String{"three"}, 150, true).ok());
        ASSERT_TRUE(writer->close().ok());
    }
    for (Compression compression : {Compression::Zstd, Compression::Lz4, Compression::None}) {
        const std::string output = (dir / "out.mcap").string();
        auto count = convertToMcap(input, output, compression);
        ASSERT_TRUE(count.ok()) << count.message();
        EXPECT_EQ(*count, 3u);
        std::vector<Read> in = readAll(input), out = readAll(output);
        ASSERT_EQ(out.size(), 3u);
        for (std::size_t i = 0; i < out.size(); ++i) {
            EXPECT_EQ(out[i].topic, in[i].topic);
            EXPECT_EQ(out[i].type, "std_msgs/msg/String");
            EXPECT_EQ(out[i].log_time, in[i].log_time);
            EXPECT_EQ(out[i].publish_time, in[i].publish_time);
            EXPECT_EQ(out[i].data, in[i].data);
        }
        EXPECT_EQ(out[0].topic, "/bare");
        auto source = openBag(output);
        ASSERT_TRUE(source.ok()) << source.message();
        for (const TopicInfo &topic : (*source)->topics()) {
            EXPECT_EQ(topic.schema.text, msgs::builtinSchemaText("std_msgs/msg/String")) << topic.name;
            EXPECT_EQ(topic.schema.encoding, "ros2msg");
            EXPECT_EQ(topic.offered_qos_profiles.find("durability: 1\n") != std::string::npos,
                      topic.name == "/map_latched")
                << topic.name << ": " << topic.offered_qos_profiles;
        }
    }
}

TEST(McapConvert, HeaderNamesTheRelease) {
    const fs::path dir = test::scratchDir("mcap_convert_library");
    const std::string input = (dir / "in.mcap").string(), output = (dir / "out.mcap").string();
    {
        auto writer = TypedWriter::open(input);
        ASSERT_TRUE(writer.ok()) << writer.message();
        ASSERT_TRUE(writer->write("/chatter", msgs::String{"one"}, 100).ok());
        ASSERT_TRUE(writer->close().ok());
    }
    ASSERT_TRUE(convertToMcap(input, output, Compression::None).ok());
    auto info = mcap::readMcapInfo(output);
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_EQ(info->profile, "ros2");
    EXPECT_EQ(info->library, mcapLibraryName());
    EXPECT_TRUE(info->library.starts_with("robometrics ")) << info->library;
    EXPECT_GT(info->library.size(), std::string("robometrics ").size());
}

TEST(McapConvert, Ros1BagKeepsItsEncodingUnderTheRos1Profile) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example.bag");
    const std::string output = (test::scratchDir("mcap_convert_ros1") / "out.mcap").string();
    auto count = convertToMcap(bag.string(), output, Compression::Zstd);
    ASSERT_TRUE(count.ok()) << count.message();
    auto info = mcap::readMcapInfo(output);
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_EQ(info->profile, "ros1");
    ASSERT_FALSE(info->channels.empty());
    for (const auto &c : info->channels) {
        EXPECT_EQ(c.message_encoding, "ros1") << c.topic;
        EXPECT_EQ(c.schema_encoding, "ros1msg") << c.topic;
        EXPECT_EQ(c.schema_name.find("/msg/"), std::string::npos) << c.topic << ": " << c.schema_name;
    }
    const std::vector<Read> in = readAll(bag.string()), out = readAll(output);
    ASSERT_EQ(out.size(), in.size());
    EXPECT_EQ(out.size(), *count);
    for (std::size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i].data, in[i].data) << i;
}

TEST(McapConvert, Ros1BagToRos2GetsTheRos2ProfileAndQosPerConnection) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example.bag");
    const std::string output = (test::scratchDir("mcap_convert_ros1_to_ros2") / "out.mcap").string();
    Ros2Translation translation;
    auto count = convertToMcap(bag.string(), output, Compression::Zstd, &translation);
    ASSERT_TRUE(count.ok()) << count.message();
    EXPECT_EQ(*count, 8647u);
    EXPECT_TRUE(translation.skipped.empty());
    auto info = mcap::readMcapInfo(output);
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_EQ(info->profile, "ros2");
    ASSERT_EQ(info->channels.size(), 9u);
    for (const auto &c : info->channels) {
        EXPECT_EQ(c.message_encoding, "cdr") << c.topic;
        EXPECT_EQ(c.schema_encoding, "ros2msg") << c.topic;
        EXPECT_NE(c.schema_name.find("/msg/"), std::string::npos) << c.topic << ": " << c.schema_name;
    }
    auto source = openBag(output);
    ASSERT_TRUE(source.ok()) << source.message();
    const std::string latched = offeredQosYaml(OfferedQos{true, true, 1});
    for (const TopicInfo &topic : (*source)->topics()) {
        if (topic.name == "/tf_static") {
            EXPECT_EQ(topic.offered_qos_profiles, latched);
        }
        if (topic.name == "/turtle1/pose") {
            EXPECT_EQ(topic.offered_qos_profiles, offeredQosYaml(OfferedQos{}));
        }
    }
}

/// A ROS 1 bag whose connection headers say who publishes and who latches, as `rosbag record`
/// writes them, beside headers that say neither, as rosbags writes them.
fs::path writeHeaderBag() {
    const fs::path path = test::scratchDir("mcap_convert_ros1_headers") / "headers.bag";
    auto writer = ros1::Writer::create(path.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    const std::string definition = "string data\n";
    const std::string md5 = "992ce8a1687cec8c8bd883ec73ca41d1";
    std::vector<std::uint32_t> ids = {
        // /latched: two latched nodes, one of them with two connections (restarted): two publishers
        writer->addConnection("/latched", "std_msgs/String", definition, md5, {"/a", "1"}),
        writer->addConnection("/latched", "std_msgs/String", definition, md5, {"/b", "1"}),
        writer->addConnection("/latched", "std_msgs/String", definition, md5, {"/b", "1"}),
        // /chatter: one node not latched, one that does not say
        writer->addConnection("/chatter", "std_msgs/String", definition, md5, {"/talker", "0"}),
        writer->addConnection("/chatter", "std_msgs/String", definition, md5, {"/other", ""}),
        // /tf_static and /map without callerid nor latching (rosbags' headers)
        writer->addConnection("/tf_static", "std_msgs/String", definition, md5),
        writer->addConnection("/map", "std_msgs/String", definition, md5),
    };
    const std::vector<std::uint8_t> empty_string = {0, 0, 0, 0};
    TimeNs time = 1'000'000'000;
    for (const std::uint32_t id : ids) EXPECT_TRUE(writer->write(id, time++, empty_string).ok());
    EXPECT_TRUE(writer->close().ok());
    return path;
}

TEST(McapConvert, Ros1ConnectionHeadersBecomeRos2QosPerPublisher) {
    const fs::path bag = writeHeaderBag();
    const std::string output = (test::scratchDir("mcap_convert_ros1_headers_out") / "out.mcap").string();
    Ros2Translation translation;
    auto count = convertToMcap(bag.string(), output, Compression::Zstd, &translation);
    ASSERT_TRUE(count.ok()) << count.message();
    EXPECT_EQ(*count, 7u);
    const std::string latched = offeredQosYaml(OfferedQos{true, true, 1});
    const std::string plain = offeredQosYaml(OfferedQos{});
    const std::map<std::string, std::string> expected = {
        {"/latched", latched + latched}, {"/chatter", plain + plain}, {"/tf_static", latched}, {"/map", plain}};
    // Where ROS 2 keeps them: the channels' offered_qos_profiles metadata (what rosbag2's MCAP
    // storage reads) and rosbag2's own metadata record in the file.
    auto source = openBag(output);
    ASSERT_TRUE(source.ok()) << source.message();
    ASSERT_EQ((*source)->topics().size(), expected.size());
    for (const TopicInfo &topic : (*source)->topics()) {
        EXPECT_EQ(topic.offered_qos_profiles, expected.at(topic.name)) << topic.name;
        EXPECT_EQ(topic.type, "std_msgs/msg/String");
        EXPECT_EQ(topic.schema.encoding, "ros2msg");
        EXPECT_EQ(publisherCount(topic), topic.name == "/latched" || topic.name == "/chatter" ? 2 : 1) << topic.name;
    }
    auto layout = rosbag2::resolveBag(output);
    ASSERT_TRUE(layout.ok()) << layout.message();
    auto stored = rosbag2::storedMetadata(*layout);
    ASSERT_TRUE(stored.ok()) << stored.message();
    ASSERT_TRUE(stored->has_value());
    ASSERT_EQ((*stored)->topics.size(), expected.size());
    for (const TopicInfo &topic : (*stored)->topics)
        EXPECT_EQ(topic.offered_qos_profiles, expected.at(topic.name)) << topic.name;
}

/// Converts `bag` into the scratch folder `scratch`; the topic `type` of the output as read back.
TopicInfo convertedTopic(const fs::path &bag, const std::string &scratch, const std::string &type) {
    const std::string output = (test::scratchDir(scratch) / "out.mcap").string();
    auto count = convertToMcap(bag.string(), output, Compression::Zstd);
    EXPECT_TRUE(count.ok()) << count.message();
    auto source = openBag(output);
    EXPECT_TRUE(source.ok()) << source.message();
    if (!source) return {};
    for (const TopicInfo &topic : (*source)->topics()) {
        if (topic.type == type) return topic;
    }
    ADD_FAILURE() << "no topic of type " << type << " in " << output;
    return {};
}

TEST(McapConvert, SqliteBagWithoutEventDefinitionGetsTheBuiltServiceEventSchema) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/rosbag2/rosbag2_tests/resources/sqlite3/bag_with_topics_and_service_events");
    const TopicInfo topic = convertedTopic(bag, "mcap_convert_service", "test_msgs/srv/BasicTypes_Event");
    EXPECT_EQ(topic.schema.name, "test_msgs/srv/BasicTypes_Event");
    EXPECT_EQ(topic.schema.encoding, "ros2msg");
    EXPECT_TRUE(
        topic.schema.text.starts_with("service_msgs/ServiceEventInfo info\n"
                                      "test_msgs/BasicTypes_Request[<=1] request\n"
                                      "test_msgs/BasicTypes_Response[<=1] response\n"))
        << topic.schema.text;
    // The stored service definition's request fields, as rosbag2 wrote them.
    EXPECT_NE(topic.schema.text.find("MSG: test_msgs/BasicTypes_Request\nbool bool_value\n"), std::string::npos);
}

TEST(McapConvert, ParameterEventsGetTheBuiltInDefinition) {
    // Every `ros2 bag record -a` has /parameter_events; this bag (sqlite schema 2) stores no definitions.
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/rosbag2/ros2bag/test/resources/empty_bag");
    const TopicInfo topic = convertedTopic(bag, "mcap_convert_parameter_events", "rcl_interfaces/msg/ParameterEvent");
    EXPECT_EQ(topic.schema.text, msgs::builtinSchemaText("rcl_interfaces/msg/ParameterEvent"));
    EXPECT_NE(topic.schema.text.find("MSG: rcl_interfaces/ParameterValue\n"), std::string::npos);
}

TEST(McapConvert, StubDefinitionMissingItsDependenciesIsReplacedByTheBuiltInOne) {
    // talker.db3 stores ParameterEvent as its root fields only (Parameter is not defined).
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/rosbag2/rosbag2_py/test/resources/sqlite3/talker");
    EXPECT_EQ(convertedTopic(bag, "mcap_convert_stub", "rcl_interfaces/msg/ParameterEvent").schema.text,
              msgs::builtinSchemaText("rcl_interfaces/msg/ParameterEvent"));
    // A complete stored definition is kept as stored.
    EXPECT_EQ(convertedTopic(bag, "mcap_convert_stub_kept", "std_msgs/msg/String").schema.text, "string data");
}

TEST(McapConvert, ErrorsNameTheFileAndLeaveNoOutput) {
    const fs::path dir = test::scratchDir("mcap_convert_errors");
    const std::string missing = (dir / "missing.mcap").string();
    auto count = convertToMcap(missing, (dir / "out.mcap").string(), Compression::Zstd);
    ASSERT_FALSE(count.ok());
    EXPECT_NE(count.message().find(missing), std::string::npos) << count.message();
    EXPECT_FALSE(fs::exists(dir / "out.mcap"));
}

}  // namespace
}  // namespace robometrics::bag
