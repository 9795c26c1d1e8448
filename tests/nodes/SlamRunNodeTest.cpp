#include <gtest/gtest.h>

#include "MessageList.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"

namespace robometrics::nodes {
namespace {

TEST(SlamRunNode, CollectsOdometryScansAndTheRunsTimeSpan) {
    test::MessageList bag;
    bag.declare<msgs::Odometry>("/odom");
    bag.declare<msgs::LaserScan>("/scan");
    msgs::Odometry odom;
    odom.pose.pose.position.x = 1.5;
    bag.add("/scan", msgs::LaserScan{}, 1'000'000'000);
    bag.add("/odom", odom, 1'500'000'000);
    odom.pose.pose.position.x = 2.5;
    bag.add("/odom", odom, 2'000'000'000);
    bag.add("/scan", msgs::LaserScan{}, 3'000'000'000);
    SlamRunNode node;
    pipeline::Pipeline pipe;
    node.subscribe(pipe, {.scan = "/scan", .odometry = "/odom"});
    ASSERT_TRUE(pipe.run(bag).ok());
    ASSERT_EQ(node.odometry().size(), 2u);
    EXPECT_DOUBLE_EQ(node.odometry()[0].t, 1.5);
    EXPECT_DOUBLE_EQ(node.odometry()[1].x, 2.5);
    EXPECT_EQ(node.scans(), 2u);
    EXPECT_DOUBLE_EQ(node.startSeconds(), 1.0);
    EXPECT_DOUBLE_EQ(node.endSeconds(), 3.0);
}

TEST(SlamRunNode, AnEmptyTopicIsNotRead) {
    test::MessageList bag;
    bag.declare<msgs::LaserScan>("/scan");
    bag.add("/scan", msgs::LaserScan{}, 5);
    SlamRunNode node;
    pipeline::Pipeline pipe;
    node.subscribe(pipe, {});
    ASSERT_TRUE(pipe.run(bag).ok());
    EXPECT_EQ(node.scans(), 0u);
    EXPECT_TRUE(node.odometry().empty());
    EXPECT_EQ(SlamRunNode::spec().input("odometry").topic, "/odom");
}

}  // namespace
}  // namespace robometrics::nodes
