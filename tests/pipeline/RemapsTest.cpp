// Remaps: the `--topic FROM=TO` rules of a run as one value, parsed by parseRemaps (the one parse
// that every command and the Python module use) and resolved as ROS 2 remapping does.

#include <gtest/gtest.h>

#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::pipeline {
namespace {

TEST(Remaps, EitherSideGetsItsLeadingSlashInTheOrderGiven) {
    auto parsed = parseRemaps({"scan=/front/scan", "/odom=odometry/filtered"});
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    const std::vector<RemapRule> &rules = parsed->rules();
    ASSERT_EQ(rules.size(), 2U);
    EXPECT_EQ(rules[0].from, "/scan");
    EXPECT_EQ(rules[0].to, "/front/scan");
    EXPECT_EQ(rules[1].from, "/odom");
    EXPECT_EQ(rules[1].to, "/odometry/filtered");
}

TEST(Remaps, AMalformedRuleNamesItselfAndTheExpectedForm) {
    for (const char *rule : {"scan", "=/x", "scan="}) {
        auto parsed = parseRemaps({"odom=/o", rule});
        ASSERT_FALSE(parsed.ok()) << rule;
        EXPECT_EQ(parsed.message(), std::string("bad topic remapping '") + rule + "': expected name=/new/topic");
    }
    auto none = parseRemaps({});
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());
}

TEST(Remaps, ResolvesWithOrWithoutTheSlashAndTheLastRuleOfANameWins) {
    auto parsed = parseRemaps({"scan=/front/scan", "odom=/a", "/odom=/b"});
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    EXPECT_EQ(parsed->resolve("scan"), "/front/scan");
    EXPECT_EQ(parsed->resolve("/scan"), "/front/scan");
    EXPECT_EQ(parsed->resolve("/odom"), "/b");
    EXPECT_EQ(parsed->resolve("imu"), "/imu");  // not remapped: its own name, with its slash
    EXPECT_EQ(parsed->rules().size(), 3U);      // every rule as given
    EXPECT_EQ(parsed->byTopic(), (std::map<std::string, std::string>{{"/odom", "/b"}, {"/scan", "/front/scan"}}));
    EXPECT_EQ(Remaps{}.resolve("/tf"), "/tf");
}

TEST(Remaps, APipelineSubscribesThroughTheValueItIsGiven) {
    Pipeline pipe;
    EXPECT_EQ(pipe.resolve("scan"), "/scan");
    auto parsed = parseRemaps({"scan=/rear/scan"});
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    pipe.setRemaps(*parsed);
    EXPECT_EQ(pipe.resolve("/scan"), "/rear/scan");
    pipe.subscribeRaw("/scan", [](const bag::Message &) { return Status::Ok(); });
    EXPECT_EQ(pipe.topics(), std::vector<std::string>{"/rear/scan"});
}

}  // namespace
}  // namespace robometrics::pipeline
