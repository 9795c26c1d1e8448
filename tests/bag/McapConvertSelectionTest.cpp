// convertToMcap with a selection: a window with the latched state from before it, topics kept
// and left out by name or glob pattern; exact message counts and only the kept channels.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "TestSupport.hpp"
#include "robometrics/bag/mcap/McapConvert.hpp"
#include "robometrics/bag/TypedWriter.hpp"

namespace robometrics::bag {
namespace {

constexpr TimeNs kSelectionOrigin = 1'700'000'000 * kNsPerSecond;

TimeNs selectionTime(double seconds) { return kSelectionOrigin + fromSeconds(seconds); }

/// 300 s: /tf_static at 0 s, a latched /map at 1, 30 and 200 s, /tf and /chatter every second.
std::string writeSelectionInput(const std::filesystem::path &dir) {
    const std::string path = (dir / "in.mcap").string();
    McapWriterOptions options;
    options.chunk_size = 4096;
    auto writer = TypedWriter::open(path, options);
    EXPECT_TRUE(writer.ok()) << writer.message();
    msgs::TFMessage tf;
    tf.transforms.resize(1);
    EXPECT_TRUE(writer->write("/tf_static", tf, selectionTime(0), true).ok());
    for (int s = 0; s < 300; ++s) {
        if (s == 1 || s == 30 || s == 200) {
            EXPECT_TRUE(writer->write("/map", msgs::String{"map"}, selectionTime(s), true).ok());
        }
        EXPECT_TRUE(writer->write("/tf", tf, selectionTime(s)).ok());
        EXPECT_TRUE(writer->write("/chatter", msgs::String{"hello"}, selectionTime(s)).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

/// Messages per topic of the MCAP at `path`, and every topic it declares (0 for none).
std::map<std::string, int> countsOf(const std::string &path) {
    std::map<std::string, int> counts;
    auto source = openBag(path);
    EXPECT_TRUE(source.ok()) << source.message();
    if (!source) return counts;
    for (const TopicInfo &t : (*source)->topics()) counts[t.name] = 0;
    Message m;
    while ((*source)->next(m).value()) ++counts[m.topic->name];
    return counts;
}

}  // namespace

TEST(McapConvertSelection, PatternsKeepAndLeaveOutTopics) {
    ConvertSelection s;
    EXPECT_TRUE(keepsTopic(s, "/anything"));
    s.topics = {"/robot1/*", "/tf"};
    EXPECT_TRUE(keepsTopic(s, "/robot1/odom"));
    EXPECT_TRUE(keepsTopic(s, "/robot1/sensors/scan"));  // `*` crosses '/'
    EXPECT_TRUE(keepsTopic(s, "/tf"));
    EXPECT_FALSE(keepsTopic(s, "/tf_static"));
    EXPECT_FALSE(keepsTopic(s, "/robot2/odom"));
    s.exclude_topics = {"/robot1/camera*"};
    EXPECT_FALSE(keepsTopic(s, "/robot1/camera/image_raw"));
    EXPECT_TRUE(keepsTopic(s, "/robot1/odom"));
}

TEST(McapConvertSelection, AWindowKeepsTheLatchedStateAndExactCounts) {
    const auto dir = test::scratchDir("convert_selection");
    const std::string input = writeSelectionInput(dir);
    const std::string output = (dir / "out.mcap").string();
    ConvertSelection window;
    window.window = LogWindow{kSelectionOrigin, selectionTime(100), selectionTime(110)};
    // 1 /tf_static, the /map of 30 s, /tf at 95..99 and 100..110, /chatter at 100..110.
    EXPECT_EQ(convertToMcap(input, output, Compression::Zstd, nullptr, nullptr, false, window).value(), 29u);
    EXPECT_EQ(countsOf(output),
              (std::map<std::string, int>{{"/chatter", 11}, {"/map", 1}, {"/tf", 16}, {"/tf_static", 1}}));

    ConvertSelection some = window;
    some.topics = {"/c*", "/map"};
    EXPECT_EQ(convertToMcap(input, output, Compression::Lz4, nullptr, nullptr, false, some).value(), 12u);
    EXPECT_EQ(countsOf(output), (std::map<std::string, int>{{"/chatter", 11}, {"/map", 1}}));

    ConvertSelection no_tf;
    no_tf.exclude_topics = {"/tf*"};
    EXPECT_EQ(convertToMcap(input, output, Compression::None, nullptr, nullptr, false, no_tf).value(), 303u);
    EXPECT_EQ(countsOf(output), (std::map<std::string, int>{{"/chatter", 300}, {"/map", 3}}));
}

TEST(McapConvertSelection, KeepingNoTopicIsAnErrorNamingThePatterns) {
    const auto dir = test::scratchDir("convert_selection_none");
    const std::string input = writeSelectionInput(dir);
    ConvertSelection none;
    none.topics = {"/robot9/*"};
    auto count = convertToMcap(input, (dir / "out.mcap").string(), Compression::Zstd, nullptr, nullptr, false, none);
    ASSERT_FALSE(count.ok());
    EXPECT_NE(count.message().find("no topic is kept by --topics [/robot9/*]"), std::string::npos) << count.message();
    EXPECT_FALSE(std::filesystem::exists(dir / "out.mcap"));
}

}  // namespace robometrics::bag
