#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "OutputRule.hpp"
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
    // Gazebo sim-time stamps in a wall-clock log: no age (it would be the clocks' offset).
    EXPECT_EQ(by_topic.at("/odom")["age_samples"], 0);
    EXPECT_EQ(by_topic.at("/odom")["sim_time_stamps"], 2639);
    EXPECT_EQ(by_topic.at("/odom")["kind"], "periodic");
    EXPECT_EQ(by_topic.at("/odom")["expected_period_ms"], 36.0);
    EXPECT_EQ(by_topic.at("/odom")["estimated_drops"], 48);  // one 1764 ms gap of stamps: 49 x 36 ms
    EXPECT_EQ(by_topic.at("/tf")["kind"], "multi_publisher");
    EXPECT_EQ(by_topic.at("/tf")["publishers"], 3);
    EXPECT_TRUE(by_topic.at("/tf")["estimated_drops"].is_null());
    EXPECT_EQ(by_topic.at("/amcl_pose")["kind"], "event_driven");
    EXPECT_EQ(by_topic.at("/tf_static")["kind"], "too_few");
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
    std::uint64_t rows = 0, odom_period_samples = 0, odom_age_windows = 0;
    while (std::getline(in, line)) {
        ++rows;
        // /odom's stamps are sim time in a wall-clock log: no window has an age sample.
        if (line.find(",/odom,message_age,") != std::string::npos && line.substr(line.rfind(',') + 1) != "0") {
            ++odom_age_windows;
        }
        if (line.find(",/odom,message_period,") != std::string::npos) {
            odom_period_samples += std::stoull(line.substr(line.rfind(',') + 1));
        }
    }
    EXPECT_EQ(rows % 4, 0u);  // 2 topics x 2 metrics per window
    // Per-window rule: every window's first message gives no period sample. 97 of the 98 windows
    // hold /odom messages (its 1.76 s gap spans one whole window).
    EXPECT_EQ(odom_period_samples, 2639u - 97u);
    EXPECT_EQ(odom_age_windows, 0u);
    EXPECT_EQ(rows / 4, 98u);
}

TEST(TopicStatsCommand, BadUsage) {
    ROBOMETRICS_REQUIRE_DATA(bag, kNav2);
    EXPECT_EQ(runRobometrics({"topic-stats", bag.string(), "--window", "0"}).exit_code, 2);
    EXPECT_EQ(runRobometrics({"topic-stats", bag.string(), "-o", "x.txt"}).exit_code, 2);
    CommandResult r = runRobometrics({"topic-stats", bag.string(), "--topics", "/nope"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("no topic '/nope' in the bag; its topics: "), std::string::npos) << r.err;
    EXPECT_EQ(runRobometrics({"topic-stats", "/nonexistent.mcap"}).exit_code, 1);
}

// --window below rclcpp's finest statistics period (1 ms) used to fall back silently to 1 s
// windows while reporting the tiny value; now it is bad usage, checked before the bag is opened.
TEST(TopicStatsCommand, WindowBelowOneMillisecondIsBadUsage) {
    const std::string expected_tail =
        " s (1 ms, the finest period of rclcpp's topic statistics) and at most 1e+09 s, got ";
    for (const char *window : {"1e-12", "0", "-1", "0.0009", "nan", "2e9"}) {
        CommandResult r = runRobometrics({"topic-stats", "/nonexistent.mcap", "--window", window});
        EXPECT_EQ(r.exit_code, 2) << window;
        EXPECT_EQ(r.err.rfind("robometrics topic-stats: error: --window must be at least 0.001" + expected_tail, 0), 0u)
            << r.err;
    }
    CommandResult tiny = runRobometrics({"topic-stats", "/nonexistent.mcap", "--window", "1e-12"});
    EXPECT_EQ(tiny.err, "robometrics topic-stats: error: --window must be at least 0.001" + expected_tail + "1e-12\n");
    // 1 ms is accepted: the run goes on to open the (missing) bag.
    CommandResult ms = runRobometrics({"topic-stats", "/nonexistent.mcap", "--window", "0.001"});
    EXPECT_EQ(ms.exit_code, 1);
    EXPECT_EQ(ms.err, "robometrics topic-stats: error: /nonexistent.mcap: no such file or directory\n");
}

// -o FILE.csv appears complete or not at all: a run that fails (an unknown --topics) leaves
// no file, a good one leaves the CSV and no temporary beside it.
TEST(TopicStatsCommand, OutputFileIsCompleteOrAbsent) {
    ROBOMETRICS_REQUIRE_DATA(bag, kNav2);
    const std::filesystem::path dir = scratchDir("topic-stats-output");
    CommandResult bad =
        runRobometrics({"topic-stats", bag.string(), "--topics", "/nope", "-o", (dir / "w.csv").string()});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_TRUE(std::filesystem::is_empty(dir));
    CommandResult good =
        runRobometrics({"topic-stats", bag.string(), "--topics", "/odom", "-o", (dir / "w.csv").string()});
    ASSERT_EQ(good.exit_code, 0) << good.err;
    EXPECT_EQ(countEntries(dir), 1u);
    std::ifstream in(dir / "w.csv");
    std::string header;
    std::getline(in, header);
    EXPECT_EQ(header, "window_start,window_stop,topic,metric,unit,average,minimum,maximum,stddev,count");
}

TEST(TopicStatsCommand, OutputMustBeMcapOrCsv) {
    const std::filesystem::path refused = scratchDir("topic_stats_ext") / "windows.json";
    expectOutputRefused({"topic-stats", "no-such-bag", "-o", refused.string()}, refused, {".mcap", ".csv"});
}

// A recording cut in the middle of a chunk (the first 300000 bytes of the lz4 Nav2 bag): read up
// to the cut with one warning, or refused with --strict.
TEST(TopicStatsCommand, ACutRecordingIsReadUpToTheCutUnlessStrict) {
    ROBOMETRICS_REQUIRE_DATA(source, "bags/ros2-mcap/derived/nav2_turtlebot_lz4.mcap");
    const std::filesystem::path cut = scratchDir("topic-stats-cut") / "cut.mcap";
    const std::string bytes = readFile(source);
    std::ofstream(cut, std::ios::binary).write(bytes.data(), 300000);

    CommandResult r = runRobometrics({"topic-stats", cut.string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::map<std::string, nlohmann::json> by_topic;
    const nlohmann::json stats = nlohmann::json::parse(r.out);
    for (const auto &t : stats["topics"]) by_topic[t["topic"]] = t;
    // The whole chunks before byte 295384 hold 4180 messages (tests/commands/InfoCommandTest.cpp).
    EXPECT_EQ(by_topic.at("/odom")["count"], 1343);
    EXPECT_EQ(by_topic.at("/tf")["count"], 2770);
    EXPECT_EQ(by_topic.at("/amcl_pose")["count"], 66);
    EXPECT_EQ(r.err.rfind("robometrics topic-stats: warning: " + cut.string() + ": the recording ends abruptly at ", 0),
              0u)
        << r.err;
    EXPECT_NE(r.err.find(" s (the last chunk is cut); 4 180 messages read\n"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;

    CommandResult strict = runRobometrics({"topic-stats", cut.string(), "--json", "--strict"});
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(strict.out, "");
    EXPECT_NE(strict.err.find("robometrics topic-stats: error: " + cut.string() +
                              ": offset 295384: truncated: the file ends inside a Chunk record"),
              std::string::npos)
        << strict.err;
    EXPECT_NE(strict.err.find("Run without --strict"), std::string::npos) << strict.err;
}

}  // namespace
}  // namespace robometrics::test
