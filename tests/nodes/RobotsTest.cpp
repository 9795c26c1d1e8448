#include <gtest/gtest.h>

#include "MessageList.hpp"
#include "robometrics/nodes/Robots.hpp"

namespace robometrics::nodes {
namespace {

/// The topics a Nav2 robot records under namespace `ns` ("" for none), its TF on `tf`.
void declareNav2Robot(test::MessageList &bag, const std::string &ns) {
    bag.declare<msgs::Odometry>(ns + "/odom");
    bag.declare<msgs::LaserScan>(ns + "/scan");
    bag.declare<msgs::Twist>(ns + "/cmd_vel");
    bag.declare<msgs::PoseWithCovarianceStamped>(ns + "/amcl_pose");
}

bool sameChoice(const TopicChoice &a, const TopicChoice &b) {
    return a.scan == b.scan && a.imu == b.imu && a.pose_array == b.pose_array && a.odometry == b.odometry &&
           a.amcl_pose == b.amcl_pose && a.lost_reset == b.lost_reset && a.map == b.map && a.grid_map == b.grid_map &&
           a.cmd_vel == b.cmd_vel && a.cmd_vel_stamped == b.cmd_vel_stamped && a.navigate_status == b.navigate_status &&
           a.follow_path_status == b.follow_path_status && a.ground_truth == b.ground_truth &&
           a.ground_truth_type == b.ground_truth_type && a.tf == b.tf;
}

/// `bag` has one robot, unnamed, whose odometry is `odometry`.
void expectOneUnnamedRobotOn(const test::MessageList &bag, const std::string &odometry) {
    const std::vector<Robot> robots = findRobots(bag.topics(), pipeline::Remaps());
    ASSERT_EQ(robots.size(), 1u);
    EXPECT_EQ(robots[0].name, "");
    EXPECT_EQ(robots[0].topics.odometry, odometry);
}

TEST(Robots, OneRobotWithoutNamespaceIsExactlyTodaysChoice) {
    test::MessageList bag;
    declareNav2Robot(bag, "");
    bag.declare<msgs::TFMessage>("/tf");
    bag.declare<msgs::OccupancyGrid>("/map");
    auto parsed = pipeline::parseRemaps({"amcl_pose=/odom_pose"});
    ASSERT_TRUE(parsed.ok());
    const pipeline::Remaps &remaps = *parsed;
    const std::vector<Robot> robots = findRobots(bag.topics(), remaps);
    ASSERT_EQ(robots.size(), 1u);
    EXPECT_EQ(robots[0].name, "");
    EXPECT_TRUE(sameChoice(robots[0].topics, chooseTopics(bag.topics(), remaps)));
    EXPECT_EQ(robots[0].topics.amcl_pose, "/odom_pose");  // the remap applies as today
    EXPECT_EQ(robots[0].tf_topic, "/tf");
    EXPECT_EQ(robots[0].frame_prefix, "");
}

TEST(Robots, TwoNamespacedRobotsEachGetTheirOwnTopicsAndTheirOwnTf) {
    test::MessageList bag;
    declareNav2Robot(bag, "/robot2");  // listed first: the robots come in the order of their names
    declareNav2Robot(bag, "/robot1");
    bag.declare<msgs::TFMessage>("/robot1/tf");
    bag.declare<msgs::TFMessage>("/robot1/tf_static");
    bag.declare<msgs::TFMessage>("/robot2/tf");
    bag.declare<msgs::OccupancyGrid>("/map");  // one map for both
    bag.declare<msgs::Imu>("/robot2/imu");
    const std::vector<Robot> robots = findRobots(bag.topics(), pipeline::Remaps());
    ASSERT_EQ(robots.size(), 2u);
    EXPECT_EQ(robots[0].name, "robot1");
    EXPECT_EQ(robots[0].topics.odometry, "/robot1/odom");
    EXPECT_EQ(robots[0].topics.scan, "/robot1/scan");
    EXPECT_EQ(robots[0].topics.cmd_vel, "/robot1/cmd_vel");
    EXPECT_EQ(robots[0].topics.amcl_pose, "/robot1/amcl_pose");
    EXPECT_TRUE(robots[0].topics.imu.empty());
    EXPECT_EQ(robots[0].topics.map, "/map");
    EXPECT_EQ(robots[0].tf_topic, "/robot1/tf");
    EXPECT_EQ(robots[0].frame_prefix, "");
    EXPECT_EQ(robots[1].name, "robot2");
    EXPECT_EQ(robots[1].topics.odometry, "/robot2/odom");
    EXPECT_EQ(robots[1].topics.imu, "/robot2/imu");
    EXPECT_EQ(robots[1].tf_topic, "/robot2/tf");
    EXPECT_EQ(robotNames(robots), "robot1, robot2");
}

TEST(Robots, ARemapToATopicInARobotsNamespaceIsThatRobots) {
    test::MessageList bag;
    declareNav2Robot(bag, "/robot1");
    declareNav2Robot(bag, "/robot2");
    bag.declare<msgs::LaserScan>("/robot2/scan_front");
    auto parsed = pipeline::parseRemaps({"scan=/robot2/scan_front"});
    ASSERT_TRUE(parsed.ok());
    const pipeline::Remaps &remaps = *parsed;
    const std::vector<Robot> robots = findRobots(bag.topics(), remaps);
    ASSERT_EQ(robots.size(), 2u);
    EXPECT_EQ(robots[0].topics.scan, "/robot1/scan");
    EXPECT_EQ(robots[1].topics.scan, "/robot2/scan_front");
}

TEST(Robots, OneSharedTfWithPrefixedFramesAndACloudOnlyRobot) {
    test::MessageList bag;
    bag.declare<msgs::TFMessage>("/tf");
    bag.declare<msgs::Odometry>("/husky/odometry/filtered");  // deeper names stay in their robot
    bag.declare<msgs::PointCloud2>("/husky/velodyne_points");
    bag.declare<msgs::Odometry>("/jackal/odom");
    bag.declare<msgs::TwistStamped>("/jackal/cmd_vel");
    const std::vector<Robot> robots = findRobots(bag.topics(), pipeline::Remaps());
    ASSERT_EQ(robots.size(), 2u);
    EXPECT_EQ(robots[0].name, "husky");
    EXPECT_EQ(robots[0].topics.odometry, "/husky/odometry/filtered");
    EXPECT_EQ(robots[0].tf_topic, "/tf");
    EXPECT_EQ(robots[0].frame_prefix, "husky/");
    EXPECT_EQ(robots[1].topics.cmd_vel_stamped, "/jackal/cmd_vel");
    EXPECT_EQ(robots[1].frame_prefix, "jackal/");
}

TEST(Robots, NamespacedSensorsOfOneRobotAreNotRobots) {
    test::MessageList bag;
    bag.declare<msgs::LaserScan>("/front/scan");
    bag.declare<msgs::LaserScan>("/rear/scan");
    bag.declare<msgs::Odometry>("/odom");
    bag.declare<msgs::Odometry>("/odometry/filtered");  // robot_localization's output: no robot
    bag.declare<msgs::Imu>("/imu/data");
    bag.declare<msgs::Twist>("/cmd_vel");
    expectOneUnnamedRobotOn(bag, "/odom");
}

TEST(Robots, OneNamespacedRobotAloneIsTheRecordingsOnlyRobot) {
    test::MessageList bag;
    declareNav2Robot(bag, "/robot1");
    bag.declare<msgs::Odometry>("/ground_truth/odom");  // a ground truth is no robot
    bag.declare<msgs::Twist>("/ground_truth/cmd_vel");
    expectOneUnnamedRobotOn(bag, "/robot1/odom");
}

TEST(Robots, AnUnnamespacedRobotBesideANamespacedOneIsTheRootRobot) {
    test::MessageList bag;
    declareNav2Robot(bag, "");
    declareNav2Robot(bag, "/robot2");
    const std::vector<Robot> robots = findRobots(bag.topics(), pipeline::Remaps());
    ASSERT_EQ(robots.size(), 2u);
    EXPECT_EQ(robots[0].name, "/");
    EXPECT_EQ(robots[0].topics.odometry, "/odom");  // not /robot2/odom: only its own group
    EXPECT_EQ(robots[0].topics.scan, "/scan");
    EXPECT_EQ(robots[1].topics.scan, "/robot2/scan");
    EXPECT_TRUE(robots[0].tf_topic.empty());
}

}  // namespace
}  // namespace robometrics::nodes
