// parseRemaps: the one parse of `--topic FROM=TO` that every command and the pipeline use.

#include <gtest/gtest.h>

#include "robometrics/pipeline/Remaps.hpp"

namespace robometrics::pipeline {
namespace {

TEST(Remaps, EitherSideGetsItsLeadingSlashInTheOrderGiven) {
    auto parsed = parseRemaps({"scan=/front/scan", "/odom=odometry/filtered"});
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    ASSERT_EQ(parsed->size(), 2U);
    EXPECT_EQ((*parsed)[0].from, "/scan");
    EXPECT_EQ((*parsed)[0].to, "/front/scan");
    EXPECT_EQ((*parsed)[1].from, "/odom");
    EXPECT_EQ((*parsed)[1].to, "/odometry/filtered");
}

TEST(Remaps, AMalformedRuleNamesItselfAndTheExpectedForm) {
    for (const char *rule : {"scan", "=/x", "scan="}) {
        auto parsed = parseRemaps({"odom=/o", rule});
        ASSERT_FALSE(parsed.ok()) << rule;
        EXPECT_EQ(parsed.message(), std::string("bad topic remapping '") + rule + "': expected name=/new/topic");
    }
    EXPECT_TRUE(parseRemaps({}).ok());
}

}  // namespace
}  // namespace robometrics::pipeline
