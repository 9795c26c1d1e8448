#include <gtest/gtest.h>

#include "robometrics/toolbox/TrajectoryArguments.hpp"

using namespace robometrics;
using Args = std::vector<std::string>;

TEST(TrajectoryArguments, EvoAlignFlagAndCombinedFlagsAreRewritten) {
    EXPECT_EQ(toolbox::rewriteEvoArguments({"r.txt", "e.txt", "-as"}), (Args{"r.txt", "e.txt", "--evo-align", "-s"}));
    EXPECT_EQ(toolbox::rewriteEvoArguments({"-va", "r.txt"}), (Args{"-v", "--evo-align", "r.txt"}));
    // --align followed by a mode is ours; followed by an option or a bag argument it is evo's flag.
    EXPECT_EQ(toolbox::rewriteEvoArguments({"--align", "se3"}), (Args{"--align", "se3"}));
    EXPECT_EQ(toolbox::rewriteEvoArguments({"--align", "--json"}), (Args{"--evo-align", "--json"}));
    EXPECT_EQ(toolbox::rewriteEvoArguments({"--align", "b.mcap:/odom"}), (Args{"--evo-align", "b.mcap:/odom"}));
    EXPECT_EQ(toolbox::rewriteEvoArguments({"-a"}), (Args{"--evo-align"}));
    EXPECT_EQ(toolbox::rewriteEvoArguments({"--", "-a"}), (Args{"--", "-a"}));  // positional after --
    EXPECT_EQ(toolbox::rewriteEvoArguments({"-r", "full"}), (Args{"-r", "full"}));
}

TEST(TrajectoryArguments, EvoPositionalsGiveReferenceEstimateAndFormats) {
    auto plain = toolbox::resolveTrajectoryArguments({{"r.txt", "e.txt"}});
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(plain->ref, "r.txt");
    EXPECT_EQ(plain->est_format, "auto");
    auto euroc = toolbox::resolveTrajectoryArguments({{"euroc", "gt.csv", "e.txt"}});
    ASSERT_TRUE(euroc.ok());
    EXPECT_EQ(euroc->ref, "gt.csv");
    EXPECT_EQ(euroc->ref_format, "euroc");
    EXPECT_EQ(euroc->est_format, "tum");  // evo's euroc: the estimate is a TUM file
    auto forced = toolbox::resolveTrajectoryArguments({{"kitti", "a", "b"}, "tum", "auto"});
    ASSERT_TRUE(forced.ok());
    EXPECT_EQ(forced->ref_format, "tum");  // an explicit --ref-format wins
    EXPECT_EQ(forced->est_format, "kitti");
    auto bag = toolbox::resolveTrajectoryArguments({{"bag", "b.mcap", "/odom", "/tf:map.base_link"}});
    ASSERT_TRUE(bag.ok());
    EXPECT_EQ(bag->ref, "b.mcap:/odom");
    EXPECT_EQ(bag->est, "b.mcap:tf:map:base_link");
    auto bad = toolbox::resolveTrajectoryArguments({{"tum", "a", "b", "c"}});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.message(),
              "expected REF EST (or evo's 'tum|kitti|euroc REF EST', 'bag|bag2|mcap BAG REF_TOPIC EST_TOPIC'), got 4 "
              "trajectory arguments");
}

TEST(TrajectoryArguments, EvoAlignmentFlagsAsEvoCombinesThem) {
    EXPECT_EQ(*toolbox::resolveAlignMode("none", false, false, false), "none");
    EXPECT_EQ(*toolbox::resolveAlignMode("posyaw", false, false, false), "posyaw");
    EXPECT_EQ(*toolbox::resolveAlignMode("none", true, false, false), "se3");
    EXPECT_EQ(*toolbox::resolveAlignMode("none", true, true, false), "sim3");
    EXPECT_EQ(*toolbox::resolveAlignMode("none", false, true, false), "scale");
    EXPECT_EQ(*toolbox::resolveAlignMode("origin", false, false, true), "origin");
    EXPECT_EQ(toolbox::resolveAlignMode("none", true, false, true).message(),
              "-a/--align and --align_origin exclude each other");
    EXPECT_EQ(toolbox::resolveAlignMode("origin", true, false, false).message(),
              "--align origin contradicts evo's flags, which mean --align se3");
}

TEST(TrajectoryArguments, OnlyABagWithoutTopicGetsAMessage) {
    auto file = toolbox::bagWithoutTopicMessage("/nonexistent/trajectory.txt", "auto");
    ASSERT_TRUE(file.ok());
    EXPECT_EQ(*file, "");
    auto forced = toolbox::bagWithoutTopicMessage("/nonexistent/trajectory.txt", "tum");
    ASSERT_TRUE(forced.ok());
    EXPECT_EQ(*forced, "");
}

TEST(TrajectoryArguments, EvoTrajFormatWordSetsTheFormatOfEveryFile) {
    auto tum = toolbox::resolveTrajectoryListArguments({{"tum", "a.txt", "b.txt"}, "gt.txt", "auto"});
    ASSERT_TRUE(tum.ok()) << tum.message();
    EXPECT_EQ(tum->inputs, (Args{"a.txt", "b.txt"}));
    EXPECT_EQ(tum->ref, "gt.txt");
    EXPECT_EQ(tum->format, "tum");
    auto euroc = toolbox::resolveTrajectoryListArguments({{"euroc", "data.csv"}, "", "euroc"});
    ASSERT_TRUE(euroc.ok());
    EXPECT_EQ(euroc->format, "euroc");
    // Without a word: as typed.
    auto plain = toolbox::resolveTrajectoryListArguments({{"a.txt"}, "", "kitti"});
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(plain->inputs, Args{"a.txt"});
    EXPECT_EQ(plain->format, "kitti");
    // Bad usage: a contradicting --format, a word with nothing after it.
    EXPECT_FALSE(toolbox::resolveTrajectoryListArguments({{"tum", "a.txt"}, "", "kitti"}).ok());
    EXPECT_FALSE(toolbox::resolveTrajectoryListArguments({{"kitti"}, "", "auto"}).ok());
    EXPECT_FALSE(toolbox::resolveTrajectoryListArguments({{"bag2"}, "", "auto"}).ok());
}

TEST(TrajectoryArguments, EvoTrajBagWordMakesTopicsOfTheBag) {
    for (const char *word : {"bag", "bag2", "mcap"}) {
        auto bag =
            toolbox::resolveTrajectoryListArguments({{word, "run.mcap", "/odom", "/tf:map.base_link"}, "/gt", "auto"});
        ASSERT_TRUE(bag.ok()) << bag.message();
        EXPECT_EQ(bag->inputs, (Args{"run.mcap:/odom", "run.mcap:tf:map:base_link"})) << word;
        EXPECT_EQ(bag->ref, "run.mcap:/gt");
    }
    // The bag alone stays a bag (listed, or read whole with --all_topics), with a reference too.
    auto alone = toolbox::resolveTrajectoryListArguments({{"bag2", "run.mcap"}, "/gt", "auto"});
    ASSERT_TRUE(alone.ok());
    EXPECT_EQ(alone->inputs, Args{"run.mcap"});
    EXPECT_EQ(alone->ref, "run.mcap:/gt");
    // evo 1.36's mcap mode in ape/rpe: the bag, then the two topics.
    auto ape = toolbox::resolveTrajectoryArguments({{"mcap", "run.mcap", "/gt", "/odom"}});
    ASSERT_TRUE(ape.ok()) << ape.message();
    EXPECT_EQ(ape->ref, "run.mcap:/gt");
    EXPECT_EQ(ape->est, "run.mcap:/odom");
}
