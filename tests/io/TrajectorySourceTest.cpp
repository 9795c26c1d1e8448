// TrajectorySource: the command line's trajectory argument (FILE, BAG:TOPIC, BAG:tf:PARENT:CHILD)
// parsed once into a value, and spelled back the same way.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "robometrics/io/TrajectorySource.hpp"

namespace robometrics::io {
namespace {

TEST(TrajectorySource, ParsesABagTopicAndATfChain) {
    auto topic = parseTrajectorySource("runs/a.mcap:/odom");
    ASSERT_TRUE(topic.ok()) << topic.message();
    EXPECT_EQ(*topic, TrajectorySource::bagTopic("runs/a.mcap", "/odom"));
    EXPECT_TRUE(topic->inBag());
    auto tf = parseTrajectorySource("bagdir:tf:map:base_link");
    ASSERT_TRUE(tf.ok()) << tf.message();
    EXPECT_EQ(tf->kind, TrajectorySource::Kind::BagTf);
    EXPECT_EQ(tf->path, "bagdir");
    EXPECT_EQ(tf->parent, "map");
    EXPECT_EQ(tf->child, "base_link");
}

TEST(TrajectorySource, SpellsItselfAsTheCommandLineDoes) {
    for (const char *argument : {"runs/a.mcap:/odom", "bagdir:tf:map:base_link", "c:/x:/ns/pose"}) {
        auto source = parseTrajectorySource(argument);
        ASSERT_TRUE(source.ok()) << argument;
        EXPECT_EQ(source->spelling(), argument);
    }
    EXPECT_EQ(TrajectorySource::file("gt.tum").spelling(), "gt.tum");
    EXPECT_EQ(TrajectorySource::bagTf("run.mcap", "world", "base_link_gt").spelling(),
              "run.mcap:tf:world:base_link_gt");
}

TEST(TrajectorySource, AnArgumentWithoutAColonOrAnExistingFileIsAFile) {
    auto plain = parseTrajectorySource("missing.tum");
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(*plain, TrajectorySource::file("missing.tum"));    // the reader says it does not exist
    auto kitti = parseTrajectorySource("poses:1.txt", "kitti");  // a format given: a file, ':' or not
    ASSERT_TRUE(kitti.ok());
    EXPECT_EQ(*kitti, TrajectorySource::file("poses:1.txt", TrajectoryFormat::Kitti));
    // An existing file whose name holds a ':' is that file.
    const auto dir = std::filesystem::temp_directory_path() / "robometrics_trajectory_source";
    std::filesystem::create_directories(dir);
    const std::string colon = (dir / "gt:1.tum").string();
    std::ofstream(colon) << "0 0 0 0 0 0 0 1\n";
    auto existing = parseTrajectorySource(colon);
    ASSERT_TRUE(existing.ok());
    EXPECT_EQ(existing->kind, TrajectorySource::Kind::File);
    std::filesystem::remove_all(dir);
}

TEST(TrajectorySource, MalformedSpellingsSayTheExpectedOne) {
    auto chain = parseTrajectorySource("bag:tf:map");
    ASSERT_FALSE(chain.ok());
    EXPECT_NE(chain.message().find("PATH:tf:PARENT:CHILD"), std::string::npos) << chain.message();
    EXPECT_FALSE(parseTrajectorySource("nocolon", "bag").ok());
    EXPECT_FALSE(parseTrajectorySource(":/odom").ok());
    EXPECT_FALSE(parseTrajectorySource("x.tum", "csv").ok());
}

TEST(TrajectorySource, ABagWithoutATopicSaysHowToNameOne) {
    const auto dir = std::filesystem::temp_directory_path() / "robometrics_trajectory_source_bag";
    std::filesystem::create_directories(dir);  // a directory reads as a rosbag2 bag
    auto source = parseTrajectorySource(dir.string());
    ASSERT_FALSE(source.ok());
    EXPECT_NE(source.message().find(":TOPIC or "), std::string::npos) << source.message();
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace robometrics::io
