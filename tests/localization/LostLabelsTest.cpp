#include "robometrics/localization/LostLabels.hpp"

#include <gtest/gtest.h>

namespace robometrics::localization {
namespace {

TEST(LostLabelsTest, ParsesIntervalsWithCommentsAndHeader) {
    auto l = LostLabels::parse("start,end\n# kidnap\n10.5, 20\n\n30,31.25 # second\n", "labels.csv");
    ASSERT_TRUE(l.ok()) << l.message();
    ASSERT_EQ(l->intervals().size(), 2u);
    EXPECT_EQ(l->intervals()[0].start, 10'500'000'000);
    EXPECT_EQ(l->intervals()[1].end, 31'250'000'000);
    EXPECT_TRUE(l->isLost(fromSeconds(20)));
    EXPECT_FALSE(l->isLost(fromSeconds(25)));
}

TEST(LostLabelsTest, ErrorsNameTheLine) {
    auto l = LostLabels::parse("1,2\nabc\n", "labels.csv");
    ASSERT_FALSE(l.ok());
    EXPECT_EQ(l.message(), "labels.csv: line 2: expected 'start,end' in seconds, got 'abc'");
    l = LostLabels::parse("5,4\n", "x");
    ASSERT_FALSE(l.ok());
    EXPECT_NE(l.message().find("line 1"), std::string::npos);
    EXPECT_FALSE(LostLabels::parse("1,nan\n", "x").ok());
}

}  // namespace
}  // namespace robometrics::localization

namespace robometrics::localization {
namespace {

TEST(LostLabelsTest, ReadsKidnapEventsOfAScenarioJson) {
    const std::string json = R"({"start_time_ns": 1000000000000, "events": [
        {"type": "teleport", "t_start": 5.0, "t_end": 5.0},
        {"type": "kidnap", "t_start": 30.5, "t_end": 40.0}]})";
    auto l = LostLabels::fromScenarioJson(json, "scenario.json");
    ASSERT_TRUE(l.ok()) << l.message();
    ASSERT_EQ(l->intervals().size(), 1u);
    EXPECT_EQ(l->intervals()[0].start, 1'030'500'000'000);
    EXPECT_EQ(l->intervals()[0].end, 1'040'000'000'000);
    EXPECT_FALSE(LostLabels::fromScenarioJson("[1]", "s.json").ok());
    EXPECT_FALSE(LostLabels::fromScenarioJson(R"({"events": []})", "s.json").ok());
}

}  // namespace
}  // namespace robometrics::localization
