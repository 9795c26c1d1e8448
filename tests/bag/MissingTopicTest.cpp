// The error about a topic a bag lacks lists the topics it has, with their types.

#include "robometrics/bag/MissingTopic.hpp"

#include <gtest/gtest.h>

namespace robometrics::bag {
namespace {

TEST(MissingTopic, ListsTheBagsTopicsWithTheirTypes) {
    std::vector<TopicInfo> topics(2);
    topics[0].name = "/odom";
    topics[0].type = "nav_msgs/msg/Odometry";
    topics[1].name = "/tf";
    topics[1].type = "tf2_msgs/msg/TFMessage";
    EXPECT_EQ(missingTopicMessage("run.mcap", "/nope", topics),
              "run.mcap: no topic '/nope' in the bag; its topics: /odom (nav_msgs/msg/Odometry), /tf "
              "(tf2_msgs/msg/TFMessage)");
    EXPECT_EQ(missingTopicMessage("run.mcap", "/nope", topics, "use --pose-topic"),
              "run.mcap: no topic '/nope' in the bag (use --pose-topic); its topics: /odom (nav_msgs/msg/Odometry), "
              "/tf (tf2_msgs/msg/TFMessage)");
    EXPECT_EQ(missingTopicMessage("empty.mcap", "/odom", {}), "empty.mcap: no topic '/odom' in the bag, which has no topics");
}

}  // namespace
}  // namespace robometrics::bag
