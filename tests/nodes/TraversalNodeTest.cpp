#include <gtest/gtest.h>

#include "MessageList.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::nodes {
namespace {

TEST(TraversalNode, FeedsEachInputFromItsTopicAndSkipsEmptyOnes) {
    test::MessageList bag;
    bag.declare<msgs::LaserScan>("/scan");
    bag.declare<msgs::Odometry>("/odom");
    msgs::LaserScan scan;
    scan.range_min = 0.1f;
    scan.range_max = 10.0f;
    scan.ranges = {2.0f, 3.0f};
    bag.add("/scan", scan, 1'000'000'000);
    bag.add("/odom", msgs::Odometry{}, 1'200'000'000);
    bag.add("/scan", scan, 1'400'000'000);
    std::vector<traversal::TraversalRow> rows;
    TraversalNode node(traversal::TraversalConfig{}, [&rows](const traversal::TraversalRow &r) { rows.push_back(r); });
    pipeline::Pipeline pipe;
    node.subscribe(pipe, {.scan = "/scan", .odometry = "/odom"});
    ASSERT_TRUE(pipe.run(bag).ok());
    node.finish();
    const traversal::TraversalSummary &s = node.summary();
    EXPECT_EQ(s.scans, 2u);
    EXPECT_EQ(s.odometry_messages, 1u);
    EXPECT_EQ(s.imu_messages, 0u);
    EXPECT_DOUBLE_EQ(s.min_clearance, 2.0);
    EXPECT_EQ(s.end_time, 1'400'000'000);  // the last message the node saw
}

TEST(TraversalNode, ANav2RecordingFallsBackToOdomForVelocityAndDistance) {
    test::MessageList bag;
    bag.declare<msgs::LaserScan>("/scan");
    bag.declare<msgs::Odometry>("/odom");
    const pipeline::Remaps none;
    const TraversalInputs in = TraversalNode::chooseInputs("run.mcap", bag.topics(), none);
    EXPECT_EQ(in.topics.odometry, "/odom");
    EXPECT_TRUE(in.distance_from_odometry);
    EXPECT_EQ(in.roles().at("distance"), "/odom");
    EXPECT_EQ(in.roles().at("scan"), "/scan");
    EXPECT_EQ(in.topics.scan, "/scan");
    EXPECT_EQ(in.topics.pose_array, "/rover/pose_array");  // not in the bag: warned about by the command
    EXPECT_TRUE(in.distance_from_odometry);
    ASSERT_EQ(in.notes.size(), 2u);
    EXPECT_EQ(in.notes[0], "run.mcap: no topic /odometry/wheels; velocity from /odom instead");
    EXPECT_EQ(in.notes[1], "run.mcap: no PoseArray topic; distance from the /odom pose instead");
}

TEST(TraversalNode, DebugLinesUseRclpysConsoleFormat) {
    EXPECT_EQ(traversalDebugLine(12'000'000'345, "hello"), "[INFO] [12.000000345] [metrics_node]: hello\n");
}

}  // namespace
}  // namespace robometrics::nodes
