// rosbag2 directories with MCAP storage (read through bag::openMcap), single .mcap files through
// openBag, and cross-format checks: the sqlite3 and MCAP twins of the same recordings must give
// the same messages, byte for byte.

#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "TestSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {
namespace {

using StoredRow = std::tuple<std::string, TimeNs, std::vector<std::uint8_t>>;

struct Contents {
    std::vector<StoredRow> rows;
    std::map<std::string, std::uint64_t> counts;
    bool ordered = true;
    std::string error;
};

Contents readContents(const std::string &path, const ReadOptions &options = {}) {
    Contents c;
    auto source = openBag(path, options);
    if (!source) {
        c.error = source.message();
        return c;
    }
    Message m;
    TimeNs previous = INT64_MIN;
    for (;;) {
        auto more = (*source)->next(m);
        if (!more) {
            c.error = more.message();
            break;
        }
        if (!*more) break;
        if (m.log_time < previous) c.ordered = false;
        previous = m.log_time;
        c.rows.emplace_back(m.topic->name, m.log_time, std::vector<std::uint8_t>(m.data.begin(), m.data.end()));
        ++c.counts[m.topic->name];
    }
    return c;
}

TEST(Rosbag2McapStorage, SplitMcapBagIsOneStreamWithSqliteTwinCounts) {
    ROBOMETRICS_REQUIRE_DATA(dir, "bags/rosbag2/rosbag2_py/test/resources/mcap/wbag");
    Contents c = readContents(dir.string());
    EXPECT_EQ(c.error, "");
    EXPECT_TRUE(c.ordered);
    EXPECT_EQ(c.rows.size(), 6074u);
    const std::map<std::string, std::uint64_t> expected = {{"AAA", 804}, {"BBB", 742}, {"CCC", 742}, {"DDD", 753},
                                                           {"EEE", 804}, {"FFF", 772}, {"GGG", 731}, {"HHH", 726}};
    EXPECT_EQ(c.counts, expected);
}

TEST(Rosbag2McapStorage, EveryMcapSampleDirectoryHasItsCounts) {
    struct Case {
        const char *dir;
        std::map<std::string, std::uint64_t> counts;
    };
    const Case cases[] = {
        {"bags/rosbag2/rosbag2_py/test/resources/mcap/talker", {{"/topic", 10}, {"/rosout", 10}}},
        {"bags/rosbag2/rosbag2_tests/resources/mcap/cdr_test", {{"/test_topic", 3}, {"/array_topic", 4}}},
        {"bags/rosbag2/rosbag2_tests/resources/mcap/bag_with_topics_and_service_events",
         {{"/test_topic1", 1}, {"/test_topic2", 1}, {"/test_service1/_service_event", 4},
          {"/test_service2/_service_event", 4}}},
    };
    for (const auto &c : cases) {
        ROBOMETRICS_CASE_DATA(dir, c.dir);
        Contents got = readContents(dir.string());
        EXPECT_EQ(got.error, "") << c.dir;
        EXPECT_TRUE(got.ordered) << c.dir;
        EXPECT_EQ(got.counts, c.counts) << c.dir;
    }
}

TEST(Rosbag2McapStorage, SingleMcapFileThroughOpenBag) {
    ROBOMETRICS_REQUIRE_DATA(file, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto source = openBag(file.string());
    ASSERT_TRUE(source.ok()) << source.message();
    std::map<std::string, std::string> types;
    for (const auto &t : (*source)->topics()) types[t.name] = t.type;
    EXPECT_EQ(types["/amcl_pose"], "geometry_msgs/msg/PoseWithCovarianceStamped");
    Contents c = readContents(file.string());
    EXPECT_EQ(c.error, "");
    const std::map<std::string, std::uint64_t> expected = {
        {"/odom", 2639}, {"/tf", 5422}, {"/tf_static", 1}, {"/amcl_pose", 135}};
    EXPECT_EQ(c.counts, expected);

    ReadOptions only_odom;
    only_odom.topics = {"/odom"};
    Contents odom = readContents(file.string(), only_odom);
    EXPECT_EQ(odom.counts, (std::map<std::string, std::uint64_t>{{"/odom", 2639}}));
}

// The sqlite3 and MCAP twins written from the same recording hold the same messages.
TEST(Rosbag2McapStorage, SqliteAndMcapTwinsHoldIdenticalMessages) {
    const std::pair<const char *, const char *> twins[] = {
        {"bags/rosbag2/rosbag2_py/test/resources/sqlite3/wbag", "bags/rosbag2/rosbag2_py/test/resources/mcap/wbag"},
        {"bags/rosbag2/rosbag2_tests/resources/sqlite3/cdr_test", "bags/rosbag2/rosbag2_tests/resources/mcap/cdr_test"},
    };  // (the two bag_with_topics_and_service_events bags are separate recordings, not twins)
    for (const auto &[sqlite, mcap] : twins) {
        ROBOMETRICS_CASE_DATA(a, sqlite);
        ROBOMETRICS_CASE_DATA(b, mcap);
        Contents ca = readContents(a.string()), cb = readContents(b.string());
        ASSERT_EQ(ca.error, "");
        ASSERT_EQ(cb.error, "");
        // Same timestamps may come in a different order between formats: compare sorted rows.
        std::sort(ca.rows.begin(), ca.rows.end());
        std::sort(cb.rows.begin(), cb.rows.end());
        EXPECT_EQ(ca.rows.size(), cb.rows.size()) << sqlite;
        EXPECT_TRUE(ca.rows == cb.rows) << sqlite << " and " << mcap << " differ";
    }
}

}  // namespace
}  // namespace robometrics::bag
