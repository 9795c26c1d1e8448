#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

const char *kNav2 = "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap";

TEST(TopicStatsCommand, HealthTableOnTheNav2Bag) {
    ROBOMETRICS_REQUIRE_DATA(bag, kNav2);
    CommandResult r = runRobometrics({"topic-stats", bag.string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out);
    std::map<std::string, nlohmann::json> by_topic;
    for (const auto &t : j["topics"]) by_topic[t["topic"]] = t;
    // Message counts as listed in the data's PROVENANCE.md.
    EXPECT_EQ(by_topic.at("/odom")["count"], 2639);
    EXPECT_EQ(by_topic.at("/tf")["count"], 5422);
    EXPECT_EQ(by_topic.at("/tf_static")["count"], 1);
    EXPECT_EQ(by_topic.at("/amcl_pose")["count"], 135);
    EXPECT_TRUE(by_topic.at("/odom")["has_header"].get<bool>());
    EXPECT_TRUE(by_topic.at("/amcl_pose")["has_header"].get<bool>());
    EXPECT_FALSE(by_topic.at("/tf")["has_header"].get<bool>());
    EXPECT_EQ(by_topic.at("/odom")["age_samples"], 2639);
    EXPECT_EQ(by_topic.at("/tf")["age_samples"], 0);
    EXPECT_TRUE(by_topic.at("/tf_static")["mean_rate_hz"].is_null());
    EXPECT_EQ(j["period_mode"], "per_window");
}

TEST(TopicStatsCommand, CsvWindowsCoverEveryTopicAndMetric) {
    ROBOMETRICS_REQUIRE_DATA(bag, kNav2);
    std::filesystem::path out = scratchDir("topic_stats_csv") / "stats.csv";
    CommandResult r = runRobometrics({"topic-stats", bag.string(), "--topics", "/odom,/tf_static", "-o", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(out);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "window_start,window_stop,topic,metric,unit,average,minimum,maximum,stddev,count");
    std::uint64_t rows = 0, odom_period_samples = 0, odom_windows = 0;
    while (std::getline(in, line)) {
        ++rows;
        // /odom has a header with set stamps: a window has age samples iff it has messages.
        if (line.find(",/odom,message_age,") != std::string::npos && line.substr(line.rfind(',') + 1) != "0") {
            ++odom_windows;
        }
        if (line.find(",/odom,message_period,") != std::string::npos) {
            odom_period_samples += std::stoull(line.substr(line.rfind(',') + 1));
        }
    }
    EXPECT_EQ(rows % 4, 0u);  // 2 topics x 2 metrics per window
    // Per-window rule: every window's first message gives no period sample.
    EXPECT_EQ(odom_period_samples, 2639u - odom_windows);
    EXPECT_EQ(rows / 4, 98u);
}

TEST(TopicStatsCommand, BadUsage) {
    ROBOMETRICS_REQUIRE_DATA(bag, kNav2);
    EXPECT_EQ(runRobometrics({"topic-stats", bag.string(), "--window", "0"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"topic-stats", bag.string(), "-o", "x.txt"}).exit_code, 2);
    CommandResult r = runRobometrics({"topic-stats", bag.string(), "--topics", "/nope"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("no topic /nope"), std::string::npos) << r.err;
    EXPECT_EQ(runRobometrics({"topic-stats", "/nonexistent.mcap"}).exit_code, 1);
}

}  // namespace
}  // namespace robometrics::test
