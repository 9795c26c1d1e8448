#include <gtest/gtest.h>

#include "MessageList.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"

namespace robometrics::nodes {
namespace {

TEST(TopicStatsNode, AcceptsWindowsFromOneMillisecond) {
    EXPECT_TRUE(TopicStatsNode::checkWindow(0.001).ok());
    EXPECT_TRUE(TopicStatsNode::checkWindow(1e9).ok());
    const Status small = TopicStatsNode::checkWindow(0.0005);
    ASSERT_FALSE(small.ok());
    EXPECT_NE(small.error().message.find("--window must be at least 0.001 s"), std::string::npos);
    EXPECT_FALSE(TopicStatsNode::checkWindow(std::nan("")).ok());
}

TEST(TopicStatsNode, CountsDeclaredTopicsAndSeesEveryStamp) {
    test::MessageList bag;
    bag.declare<msgs::LaserScan>("/scan");
    bag.declare<msgs::String>("/chatter");
    msgs::LaserScan scan;
    for (int i = 0; i < 3; ++i) {
        scan.header.stamp = msgs::Time::fromNs(i * 100'000'000LL);
        bag.add("/scan", scan, i * 100'000'000LL + 5'000'000);
    }
    bag.add("/chatter", msgs::String{"hi"}, 250'000'000);
    std::vector<topicstats::WindowRecord> windows;
    TopicStatsNode node(TopicStatsNode::config(1.0, false), [&](const auto &w) { windows.push_back(w); });
    node.declare(bag.topics()[0]);  // /chatter is not declared
    std::vector<std::optional<TimeNs>> stamps;
    node.observeStamps([&](TimeNs, std::optional<TimeNs> stamp) { stamps.push_back(stamp); });
    pipeline::Pipeline pipe;
    node.subscribe(pipe, {});
    ASSERT_TRUE(pipe.run(bag).ok());
    node.finish();
    const auto health = node.statistics().health();
    ASSERT_EQ(health.size(), 1u);
    EXPECT_EQ(health[0].topic, "/scan");
    EXPECT_EQ(health[0].count, 3u);
    EXPECT_EQ(node.types(), (std::vector<std::string>{"sensor_msgs/msg/LaserScan"}));
    ASSERT_EQ(stamps.size(), 3u);
    EXPECT_EQ(stamps[2], 200'000'000);
    EXPECT_FALSE(windows.empty());
}

TEST(TopicStatsNode, LiveDeclaresTopicsOnTheirFirstMessage) {
    test::MessageList bag;
    bag.declare<msgs::String>("/chatter");
    bag.add("/chatter", msgs::String{"a"}, 1);
    bag.add("/chatter", msgs::String{"b"}, 2);
    TopicStatsNode node(TopicStatsNode::config(1.0, false), [](const auto &) {});
    pipeline::Pipeline pipe;
    node.declareNewTopics();
    node.subscribe(pipe, {});
    ASSERT_TRUE(pipe.run(bag).ok());
    EXPECT_TRUE(node.declared("/chatter"));
    EXPECT_EQ(node.statistics().health().at(0).count, 2u);
    EXPECT_FALSE(node.statistics().health().at(0).has_header);
}

}  // namespace
}  // namespace robometrics::nodes
