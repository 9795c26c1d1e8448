#include <gtest/gtest.h>

#include "MessageList.hpp"
#include "robometrics/nodes/GroundTruthChoice.hpp"
#include "robometrics/nodes/TopicChoice.hpp"

namespace robometrics::nodes {
namespace {

/// A topic list of (name, type) pairs, as a bag lists them.
std::vector<bag::TopicInfo> topicList(std::initializer_list<std::pair<const char *, const char *>> topics) {
    std::vector<bag::TopicInfo> out;
    for (const auto &[name, type] : topics) {
        bag::TopicInfo t;
        t.name = name;
        t.type = type;
        out.push_back(t);
    }
    return out;
}

constexpr const char *kPoseArray = "geometry_msgs/msg/PoseArray";
constexpr const char *kTf = "tf2_msgs/msg/TFMessage";
constexpr const char *kTransform = "geometry_msgs/msg/TransformStamped";
constexpr const char *kPose = "geometry_msgs/msg/PoseStamped";
constexpr const char *kOdometry = "nav_msgs/msg/Odometry";

TEST(GroundTruthChoice, GazeboPoseInfoNames) {
    EXPECT_TRUE(isGazeboPoseInfo("/world/default/pose/info"));
    EXPECT_TRUE(isGazeboPoseInfo("/world/office/dynamic_pose/info"));
    for (const char *name : {"/world/default/scene/info", "/world/default/pose", "/world/pose/info",
                             "/model/robot/pose", "/world/a/pose/info/extra", "world/a/pose/info"}) {
        EXPECT_FALSE(isGazeboPoseInfo(name)) << name;
    }
}

TEST(GroundTruthChoice, MotionCaptureBodies) {
    EXPECT_EQ(motionCaptureBody("/vicon/robot/robot"), "robot");
    EXPECT_EQ(motionCaptureBody("/vicon/wand/wand"), "wand");
    EXPECT_EQ(motionCaptureBody("/mocap_node/rb1/pose"), "rb1");
    EXPECT_EQ(motionCaptureBody("/vrpn_client_node/jackal/pose"), "jackal");
    EXPECT_EQ(motionCaptureBody("/natnet_ros/Husky/pose"), "Husky");
    EXPECT_EQ(motionCaptureBody("/optitrack/base/pose"), "base");
    EXPECT_EQ(motionCaptureBody("/mocap/pose"), "");  // the system's one pose: no body named
    EXPECT_EQ(motionCaptureBody("/ground_truth"), "");
    EXPECT_EQ(motionCaptureBody("/odom"), "");
}

TEST(GroundTruthChoice, APoseArrayUnderAGroundTruthNameIsFoundAndItsEntryIsTheOneThatMoves) {
    const auto topics = topicList({{"/rover/pose_array", kPoseArray}, {"/ground_truth/pose_array", kPoseArray}});
    const GroundTruthPick pick = chooseGroundTruthTopic(topics, {});
    EXPECT_EQ(pick.topic, "/ground_truth/pose_array");
    EXPECT_EQ(pick.type, kPoseArray);
    EXPECT_EQ(pick.entry, "moving");
    EXPECT_EQ(pick.why, "");  // its name says it: "TOPIC (ground truth)"
}

TEST(GroundTruthChoice, GazebosWorldPosesAsPoseArrayOrTfMessage) {
    for (const char *type : {kPoseArray, kTf}) {
        const auto topics = topicList({{"/tf", kTf}, {"/world/office/pose/info", type}});
        const GroundTruthPick pick = chooseGroundTruthTopic(topics, {});
        EXPECT_EQ(pick.topic, "/world/office/pose/info") << type;
        EXPECT_EQ(pick.entry, "moving");
        EXPECT_EQ(pick.why, "Gazebo's world poses through ros_gz_bridge");
    }
    // Named: an index for either type, a child frame for a TFMessage.
    const auto array = topicList({{"/world/office/pose/info", kPoseArray}});
    EXPECT_EQ(chooseGroundTruthTopic(array, {"", "", 3}).entry, "index:3");
    EXPECT_EQ(chooseGroundTruthTopic(array, {"", "turtlebot3", -1}).entry, "moving");  // a PoseArray has no names
    const auto tf = topicList({{"/world/office/pose/info", kTf}});
    EXPECT_EQ(chooseGroundTruthTopic(tf, {"", "turtlebot3", -1}).entry, "frame:turtlebot3");
}

TEST(GroundTruthChoice, TopicsThatOnlyLookLikeGroundTruthAreNotTaken) {
    const auto topics = topicList({{"/ground_truth_status", "std_msgs/msg/String"},
                                   {"/gt_map", "nav_msgs/msg/OccupancyGrid"},
                                   {"/gt/path", "nav_msgs/msg/Path"},
                                   {"/vicon/markers", "vicon_bridge/msg/Markers"},
                                   {"/mocap/rigid_bodies", "mocap4r2_msgs/msg/RigidBodies"},
                                   {"/world/default/clock", "rosgraph_msgs/msg/Clock"},
                                   {"/world/default/pose/info", "std_msgs/msg/String"},
                                   {"/tf", kTf},
                                   {"/target_poses", kPoseArray},
                                   {"/odom", kOdometry}});
    const GroundTruthPick pick = chooseGroundTruthTopic(topics, {});
    EXPECT_EQ(pick.topic, "");
    EXPECT_TRUE(pick.passed_over.empty());
}

TEST(GroundTruthChoice, ViconTransformOfTheRobotNotTheWand) {
    const auto topics = topicList({{"/vicon/wand/wand", kTransform}, {"/vicon/jackal/jackal", kTransform}});
    const GroundTruthPick pick = chooseGroundTruthTopic(topics, {});
    EXPECT_EQ(pick.topic, "/vicon/jackal/jackal");
    EXPECT_EQ(pick.type, kTransform);
    EXPECT_EQ(pick.entry, "");
    EXPECT_EQ(pick.why, "motion capture, body jackal");
    ASSERT_EQ(pick.passed_over.size(), 1u);
    EXPECT_EQ(pick.passed_over[0], "/vicon/wand/wand: body wand is a calibration tool, not the robot");
}

TEST(GroundTruthChoice, TwoRigidBodiesAndNoNameTakeNeitherTheNamedBodyIsTaken) {
    const auto topics = topicList({{"/mocap_node/robot/pose", kPose}, {"/mocap_node/box/pose", kPose}});
    const GroundTruthPick none = chooseGroundTruthTopic(topics, {});
    EXPECT_EQ(none.topic, "");
    ASSERT_EQ(none.passed_over.size(), 2u);
    EXPECT_EQ(none.passed_over[0],
              "/mocap_node/robot/pose: one of 2 motion-capture bodies (robot, box); name the robot's with -p "
              "ground_truth_body:=NAME");
    const GroundTruthPick named = chooseGroundTruthTopic(topics, {"", "ROBOT", -1});  // case does not matter
    EXPECT_EQ(named.topic, "/mocap_node/robot/pose");
    ASSERT_EQ(named.passed_over.size(), 1u);
    EXPECT_EQ(named.passed_over[0], "/mocap_node/box/pose: body box is not ground_truth_body ROBOT");
    // A simulator's ground truth beside the bodies is taken.
    auto with_sim = topics;
    with_sim.push_back(topicList({{"/ground_truth", kOdometry}}).front());
    EXPECT_EQ(chooseGroundTruthTopic(with_sim, {}).topic, "/ground_truth");
}

TEST(GroundTruthChoice, OdometryIsPreferredThenPosesThenTransformsThenWorldPoses) {
    const auto topics = topicList({{"/world/w/pose/info", kPoseArray},
                                   {"/vicon/r/r", kTransform},
                                   {"/mocap/r/pose", kPose},
                                   {"/ground_truth", kOdometry}});
    EXPECT_EQ(chooseGroundTruthTopic(topics, {}).topic, "/ground_truth");
    EXPECT_EQ(chooseGroundTruthTopic({topics.begin(), topics.begin() + 3}, {}).topic, "/mocap/r/pose");
    EXPECT_EQ(chooseGroundTruthTopic({topics.begin(), topics.begin() + 2}, {}).topic, "/vicon/r/r");
}

TEST(GroundTruthChoice, TheOverrideNamesAnyTopicOfAPoseType) {
    const auto topics =
        topicList({{"/ground_truth", kOdometry}, {"/sim/robot_poses", kPoseArray}, {"/status", "std_msgs/msg/String"}});
    const GroundTruthPick pick = chooseGroundTruthTopic(topics, {"/sim/robot_poses", "", 1});
    EXPECT_EQ(pick.topic, "/sim/robot_poses");
    EXPECT_EQ(pick.entry, "index:1");
    const GroundTruthPick wrong = chooseGroundTruthTopic(topics, {"/status", "", -1});
    EXPECT_EQ(wrong.topic, "");
    ASSERT_EQ(wrong.passed_over.size(), 1u);
    EXPECT_EQ(wrong.passed_over[0], "/status: type std_msgs/msg/String holds no pose");
}

TEST(GroundTruthChoice, ChooseTopicsFillsTheChoiceAndKeepsThePoseArrayOfTheRover) {
    test::MessageList bag;
    bag.declare<msgs::PoseArray>("/world/office/pose/info");
    bag.declare<msgs::Odometry>("/odom");
    const TopicChoice c = chooseTopics(bag.topics(), pipeline::Remaps());
    EXPECT_EQ(c.ground_truth, "/world/office/pose/info");
    EXPECT_EQ(c.ground_truth_entry, "moving");
    EXPECT_TRUE(c.pose_array.empty());  // a world's poses are not the rover's PoseArray
    // --topic ground_truth=/x, the existing override, names it with its usual spelling.
    auto remaps = pipeline::parseRemaps({"ground_truth=/odom"});
    ASSERT_TRUE(remaps.ok());
    EXPECT_EQ(chooseTopics(bag.topics(), *remaps).ground_truth, "/odom");
}

}  // namespace
}  // namespace robometrics::nodes
