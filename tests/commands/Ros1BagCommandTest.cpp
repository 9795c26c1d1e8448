// Commands on ROS 1 bags (format 2.0): info, echo, topic-stats and ape read them through the same
// bag::openBag as ROS 2 bags; values checked by hand against the samples' PROVENANCE.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

TEST(Ros1BagCommand, InfoOfABz2Bag) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example-bz2.bag");
    CommandResult r = runRobometrics({"info", "--json", bag.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json info = nlohmann::json::parse(r.out);
    EXPECT_EQ(info["storage"], "ros1");
    EXPECT_EQ(info["message_count"], 8647);
    EXPECT_EQ(info["start_ns"], 1396293887844783943LL);
    bool tf = false;
    for (const auto &t : info["topics"]) {
        if (t["name"] != "/tf") continue;
        tf = true;
        EXPECT_EQ(t["type"], "tf2_msgs/msg/TFMessage");
        EXPECT_EQ(t["serialization_format"], "ros1");
        EXPECT_EQ(t["message_count"], 2688);
    }
    EXPECT_TRUE(tf);
    CommandResult text = runRobometrics({"info", bag.string()});
    EXPECT_NE(text.out.find("ROS 1 chunks: bz2"), std::string::npos) << text.out;
}

TEST(Ros1BagCommand, EchoDecodesWithTheConnectionDefinition) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example-lz4.bag");
    CommandResult r = runRobometrics({"echo", bag.string(), "--topic", "/rosout", "--json", "--limit", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json line = nlohmann::json::parse(r.out);
    EXPECT_EQ(line["type"], "rosgraph_msgs/msg/Log");
    EXPECT_EQ(line["log_time_ns"], 1396293887844783943LL);
    EXPECT_EQ(line["message"]["header"]["seq"], 3);
    EXPECT_EQ(line["message"]["msg"], "Subscribing to /rosout");
    EXPECT_EQ(line["message"]["topics"], nlohmann::json::array({"/rosout"}));
}

TEST(Ros1BagCommand, ApeOnATfChainAgainstTheRos2Twin) {
    ROBOMETRICS_REQUIRE_DATA(ros1, "bags/ros1/evo_tf_example.bag");
    ROBOMETRICS_REQUIRE_DATA(ros2, "bags/ros2-sqlite3/evo_tf_example/tf_example.db3");
    CommandResult r =
        runRobometrics({"ape", ros1.string() + ":tf:odom:base_footprint", ros2.string() + ":tf:odom:base_footprint"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The chain looked up at evo's tf_cache_lookup_frequency (10 Hz) from the first /tf stamp (evo
    // >= 1.36.4) in both: the same 517 poses.
    EXPECT_NE(r.out.find("matched 517 of 517"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("rmse 0.000000"), std::string::npos) << r.out;
}

TEST(Ros1BagCommand, TopicStatsUseRos1HeaderStamps) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example.bag");
    const auto out = scratchDir("ros1-topic-stats") / "stats.csv";
    CommandResult r = runRobometrics({"topic-stats", bag.string(), "-o", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // /rosout carries a Header: its message ages come from the stamps behind the ROS 1 seq.
    const std::string csv = readFile(out);
    const auto row = csv.find("1396293887.844783943,1396293888.844783943,/rosout,message_age,ms,");
    ASSERT_NE(row, std::string::npos) << csv.substr(0, 400);
    EXPECT_EQ(csv.substr(row, csv.find('\n', row) - row),
              "1396293887.844783943,1396293888.844783943,/rosout,message_age,ms,234.9772175,0.030597,2110.325066,"
              "629.1328723389285,10");
}

TEST(Ros1BagCommand, DamagedBagIsACleanError) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros1/rosbag.js/example-unsorted-chunks.bag");
    std::string bytes = readFile(bag);
    bytes.resize(bytes.size() - 10);
    const auto cut = scratchDir("ros1-cut") / "cut.bag";
    std::ofstream(cut, std::ios::binary) << bytes;
    // Read up to the damage by default (docs/bags.md, Recordings cut short), refused with --strict.
    CommandResult r = runRobometrics({"info", cut.string()});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err.rfind("robometrics info: warning: " + cut.string() + ": ", 0), 0u) << r.err;
    CommandResult strict = runRobometrics({"info", "--strict", cut.string()});
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_NE(strict.err.find("robometrics info: error: " + cut.string() + ": offset "), std::string::npos)
        << strict.err;
}

}  // namespace
}  // namespace robometrics::test
