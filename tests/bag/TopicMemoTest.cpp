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

}  // namespace
}  // namespace robometrics::bag
