#include <gtest/gtest.h>

#include "MessageList.hpp"
#include "robometrics/nodes/TopicChoice.hpp"

namespace robometrics::nodes {
namespace {

TEST(TopicChoice, PrefersEachNodesDefaultTopicThenAnyTopicOfTheType) {
    test::MessageList bag;
    bag.declare<msgs::LaserScan>("/rear/scan");
    bag.declare<msgs::LaserScan>("/scan");
    bag.declare<msgs::Odometry>("/odom");
    bag.declare<msgs::PoseWithCovarianceStamped>("/amcl_pose");
    bag.declare<msgs::TFMessage>("/tf");
    pipeline::Pipeline none;
    const TopicChoice c = chooseTopics(bag.topics(), none);
    EXPECT_EQ(c.scan, "/scan");      // the default wins over the first LaserScan
    EXPECT_EQ(c.odometry, "/odom");  // a Nav2 robot's odometry stands in for /odometry/wheels
    EXPECT_EQ(c.amcl_pose, "/amcl_pose");
    EXPECT_TRUE(c.imu.empty());
    EXPECT_TRUE(c.grid_map.empty());
    EXPECT_TRUE(c.tf);
    EXPECT_TRUE(distanceFromOdometry(c));  // no PoseArray: distance from the odometry pose
}

TEST(TopicChoice, AnExplicitRemapWinsOverDetection) {
    test::MessageList bag;
    bag.declare<msgs::LaserScan>("/scan");
    bag.declare<msgs::LaserScan>("/rear/scan");
    pipeline::Pipeline remaps;
    ASSERT_TRUE(remaps.addRemaps({"scan=/rear/scan"}).ok());
    EXPECT_EQ(chooseTopics(bag.topics(), remaps).scan, "/rear/scan");
}

}  // namespace
}  // namespace robometrics::nodes
