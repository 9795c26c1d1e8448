// convertToMcap: payloads, times, topics and schemas carried over byte for byte; the built-in
// definition for a topic stored without one; errors that name the file.

#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "TestSupport.hpp"
#include "robometrics/bag/McapConvert.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TypedWriter.hpp"
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
            EXPECT_EQ(topic.offered_qos_profiles.find("transient_local") != std::string::npos,
                      topic.name == "/map_latched")
                << topic.name << ": " << topic.offered_qos_profiles;
        }
    }
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
