#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "robometrics/bag/TopicMemo.hpp"

namespace robometrics::bag {
namespace {

TEST(TopicMemoTest, FindsATopicOnceAndRemembersIt) {
    std::vector<TopicInfo> topics{{"/scan", "sensor_msgs/msg/LaserScan", "cdr", ""},
                                  {"/odom", "nav_msgs/msg/Odometry", "cdr", ""}};
    TopicMemo<int> memo;
    int finds = 0;
    auto find = [&finds](const TopicInfo &topic) {
        ++finds;
        return topic.name == "/scan" ? 1 : 2;
    };
    for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(memo.get(&topics[0], find), 1);
        EXPECT_EQ(memo.get(&topics[1], find), 2);
    }
    EXPECT_EQ(finds, 2);
}

TEST(TopicMemoTest, APointerNowNamingAnotherTopicIsFoundAgain) {
    // A source that grows its topic list may move it: the same address can then hold another
    // topic, which must not get the first one's value.
    TopicInfo slot{"/scan", "sensor_msgs/msg/LaserScan", "cdr", ""};
    TopicMemo<std::string> memo;
    auto find = [](const TopicInfo &topic) { return "value of " + topic.name; };
    EXPECT_EQ(memo.get(&slot, find), "value of /scan");
    slot.name = "/imu";
    EXPECT_EQ(memo.get(&slot, find), "value of /imu");
}

TEST(TopicMemoTest, RememberSeedsAndClearForgets) {
    TopicInfo scan{"/scan", "sensor_msgs/msg/LaserScan", "cdr", ""};
    TopicMemo<int> memo;
    int finds = 0;
    auto find = [&finds](const TopicInfo &) { return ++finds; };
    memo.remember(&scan, 7);
    EXPECT_EQ(memo.get(&scan, find), 7);
    EXPECT_EQ(finds, 0);
    memo.clear();
    EXPECT_EQ(memo.get(&scan, find), 1);  // found anew
}

TEST(TopicMemoTest, ManyTopicsGrowTheTableAndKeepTheirValuesAndNames) {
    // Far past the first table (16 slots): every growth keeps each value, and the name each was
    // remembered under (a renamed topic is still found anew after a growth).
    std::vector<TopicInfo> topics(300);
    for (std::size_t i = 0; i < topics.size(); ++i) topics[i].name = "/topic" + std::to_string(i);
    TopicMemo<std::size_t> memo;
    int finds = 0;
    auto find = [&](const TopicInfo &topic) {
        ++finds;
        return static_cast<std::size_t>(std::stoul(topic.name.substr(6)));
    };
    EXPECT_EQ(memo.get(&topics[0], find), 0U);
    topics[0].name = "/topic1000";  // renamed before the table grows
    for (std::size_t i = 1; i < topics.size(); ++i) EXPECT_EQ(memo.get(&topics[i], find), i);
    EXPECT_EQ(finds, 300);
    for (std::size_t i = 1; i < topics.size(); ++i) EXPECT_EQ(memo.get(&topics[i], find), i);
    EXPECT_EQ(finds, 300);
    EXPECT_EQ(memo.get(&topics[0], find), 1000U);
    EXPECT_EQ(finds, 301);
}

}  // namespace
}  // namespace robometrics::bag
