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
    const pipeline::Remaps none;
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
    pipeline::Remaps remaps;
    remaps.add("scan", "/rear/scan");
    EXPECT_EQ(chooseTopics(bag.topics(), remaps).scan, "/rear/scan");
}

TEST(TopicChoice, GroundTruthIsFoundByTypeAndNameAndNeverTakenAsTheRobotsOwn) {
    test::MessageList bag;
    bag.declare<msgs::Odometry>("/ground_truth");  // Gazebo's p3d plugin, first in the file
    bag.declare<msgs::Odometry>("/wheel/odometry");
    bag.declare<msgs::PoseWithCovarianceStamped>("/vicon/robot/pose");
    const pipeline::Remaps none;
    const TopicChoice c = chooseTopics(bag.topics(), none);
    EXPECT_EQ(c.odometry, "/wheel/odometry");  // not the first Odometry: that one is ground truth
    EXPECT_EQ(c.ground_truth, "/ground_truth");
    EXPECT_EQ(c.ground_truth_type, "nav_msgs/msg/Odometry");
    EXPECT_TRUE(c.amcl_pose.empty());  // the motion-capture pose is not a localization estimate
    // The user names another.
    pipeline::Remaps remaps;
    remaps.add("ground_truth", "/vicon/robot/pose");
    const TopicChoice named = chooseTopics(bag.topics(), remaps);
    EXPECT_EQ(named.ground_truth, "/vicon/robot/pose");
    EXPECT_EQ(named.ground_truth_type, "geometry_msgs/msg/PoseWithCovarianceStamped");
}

TEST(TopicChoice, GroundTruthNames) {
    for (const char *name : {"/ground_truth", "/base_pose_ground_truth", "/odom_gt", "/gt/odom", "/robot/gt_pose",
                             "/groundtruth", "/mocap/robot/pose", "/vrpn_client_node/rb/pose", "/Vicon/base"}) {
        EXPECT_TRUE(looksLikeGroundTruth(name)) << name;
    }
    for (const char *name : {"/odom", "/amcl_pose", "/tgt_pose", "/light/gtx", "/length"}) {
        EXPECT_FALSE(looksLikeGroundTruth(name)) << name;
    }
}

}  // namespace
}  // namespace robometrics::nodes
