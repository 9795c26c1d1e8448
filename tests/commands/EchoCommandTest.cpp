// robometrics echo: exact decoded values from real bags, JSON line format, limits, errors, usage.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "TestSupport.hpp"

namespace robometrics::test {
namespace {

std::vector<nlohmann::json> jsonLines(const std::string &text) {
    std::vector<nlohmann::json> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

TEST(EchoCommand, JsonLineOfATfMessageFromSqlite) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/ros2-sqlite3/evo_tf_example");
    CommandResult r = runRobometrics({"echo", dir.string(), "--topic", "/tf", "--limit", "1", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Key order as documented: topic, type, log_time_ns, publish_time_ns, message.
    EXPECT_EQ(r.out.rfind(R"({"topic":"/tf","type":"tf2_msgs/msg/TFMessage","log_time_ns":1714741164196592603,)"
                          R"("publish_time_ns":1714741164196592603,"message":{)",
                          0),
              0u)
        << r.out;
    auto lines = jsonLines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    const nlohmann::json &t = lines[0]["message"]["transforms"][0];
    EXPECT_EQ(t["header"]["frame_id"], "odom");
    EXPECT_EQ(t["header"]["stamp"]["sec"], 1714741164);
    EXPECT_EQ(t["header"]["stamp"]["nanosec"], 177519307);
    EXPECT_EQ(t["child_frame_id"], "base_footprint");
    EXPECT_DOUBLE_EQ(t["transform"]["translation"]["x"].get<double>(), 1.1603796887148006);
    EXPECT_DOUBLE_EQ(t["transform"]["translation"]["y"].get<double>(), -2.942426888388735);
    EXPECT_DOUBLE_EQ(t["transform"]["rotation"]["z"].get<double>(), 0.6808039454578293);
    EXPECT_DOUBLE_EQ(t["transform"]["rotation"]["w"].get<double>(), 0.7324656905610344);
}

TEST(EchoCommand, HumanFormIsIndented) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/ros2-sqlite3/evo_tf_example");
    CommandResult r = runRobometrics({"echo", dir.string(), "--topic", "/tf_static"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("--- /tf_static [tf2_msgs/msg/TFMessage] log_time 1714741164111822142 publish_time "
                          "1714741164111822142\ntransforms:\n  - header:\n      stamp:\n        sec: 1714740908\n"
                          "        nanosec: 48476938\n      frame_id: \"base_footprint\"\n    child_frame_id: \"base_link\"\n",
                          0),
              0u)
        << r.out;
}

TEST(EchoCommand, MessageCompressedBagAndLimit) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2-humble/rosbag2_tests/resources/reindex_test_bags/message_compression");
    CommandResult r = runRobometrics({"echo", dir.string(), "--topic", "/topic", "--limit", "2", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto lines = jsonLines(r.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0]["log_time_ns"], 1604581358040844653);
    EXPECT_EQ(lines[0]["message"]["data"], "Hello, world! 4084");
    EXPECT_EQ(lines[1]["message"]["data"], "Hello, world! 4085");

    CommandResult all = runRobometrics({"echo", dir.string(), "--topic", "/topic", "--json"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_EQ(jsonLines(all.out).size(), 369u);
}

TEST(EchoCommand, McapStorageWithStoredSchema) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/rosbag2_py/test/resources/mcap/talker");
    CommandResult r = runRobometrics({"echo", dir.string(), "--topic", "/topic", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto lines = jsonLines(r.out);
    ASSERT_EQ(lines.size(), 10u);
    EXPECT_EQ(lines[0]["type"], "std_msgs/msg/String");
    EXPECT_EQ(lines[0]["message"].size(), 1u);
    EXPECT_TRUE(lines[0]["message"]["data"].is_string());
}

TEST(EchoCommand, ErrorsAndUsage) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/ros2-sqlite3/evo_tf_example");
    CommandResult unknown = runRobometrics({"echo", dir.string(), "--topic", "/nope"});
    EXPECT_EQ(unknown.exit_code, 1);
    EXPECT_EQ(unknown.err, "robometrics echo: error: " + dir.string() +
                               ": no topic '/nope' in the bag; its topics: /tf_static (tf2_msgs/msg/TFMessage), "
                               "/tf (tf2_msgs/msg/TFMessage)\n");

    CommandResult missing = runRobometrics({"echo", "/nonexistent.mcap", "--topic", "/tf"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(missing.err, "robometrics echo: error: /nonexistent.mcap: no such file or directory\n");

    EXPECT_EQ(runRobometrics({"echo", dir.string()}).exit_code, 2);  // --topic is required
    EXPECT_EQ(runRobometrics({"echo", dir.string(), "--topic", "/tf", "--limit", "many"}).exit_code, 2);
}

}  // namespace
}  // namespace robometrics::test
