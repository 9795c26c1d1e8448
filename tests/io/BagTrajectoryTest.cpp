#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/io/BagTrajectory.hpp"
#include "robometrics/io/TrajectoryInput.hpp"

using namespace robometrics;

namespace {

msgs::Time stampOf(double seconds) { return msgs::Time::fromNs(fromSeconds(seconds)); }

msgs::TransformStamped transform(const std::string &parent, const std::string &child, double t, double x, double yaw) {
    msgs::TransformStamped tf;
    tf.header.stamp = stampOf(t);
    tf.header.frame_id = parent;
    tf.child_frame_id = child;
    tf.transform.translation.x = x;
    tf.transform.rotation.z = std::sin(yaw / 2);
    tf.transform.rotation.w = std::cos(yaw / 2);
    return tf;
}

/// A bag with /odom (Odometry), /pose (PoseStamped), /amcl (PoseWithCovarianceStamped), /poses
/// (PoseArray), /tf (map->odom moving, odom->base_link moving) and /tf_static (base_link->laser).
std::string writeBag(const std::string &name) {
    const std::string path = (test::scratchDir(name) / "run.mcap").string();
    auto writer = bag::TypedWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.message();
    msgs::TFMessage statics;
    statics.transforms.push_back(transform("base_link", "laser", 0.0, 0.5, 0.0));
    EXPECT_TRUE(writer->write("/tf_static", statics, fromSeconds(1.0), true).ok());
    for (int i = 0; i < 3; ++i) {
        const double t = 10.0 + i;
        const TimeNs log = fromSeconds(t);
        msgs::Odometry odom;
        odom.header.stamp = stampOf(t);
        odom.pose.pose.position.x = i;
        odom.pose.pose.orientation.w = 1.0;
        EXPECT_TRUE(writer->write("/odom", odom, log).ok());
        msgs::PoseStamped pose;
        pose.header.stamp = stampOf(t);
        pose.pose.position.y = 2.0 * i;
        pose.pose.orientation.w = 1.0;
        EXPECT_TRUE(writer->write("/pose", pose, log).ok());
        msgs::PoseWithCovarianceStamped amcl;
        amcl.header.stamp = stampOf(t);
        amcl.pose.pose.position.z = 3.0 * i;
        amcl.pose.pose.orientation.w = 1.0;
        EXPECT_TRUE(writer->write("/amcl", amcl, log).ok());
        msgs::PoseArray array;
        array.header.stamp = stampOf(t);
        array.poses.resize(2);
        array.poses[0].position.x = -1.0 * i;
        array.poses[0].orientation.w = 1.0;
        array.poses[1].position.x = 99;
        EXPECT_TRUE(writer->write("/poses", array, log).ok());
        msgs::TFMessage tf;
        tf.transforms.push_back(transform("map", "odom", t, 1.0, M_PI / 2));
        tf.transforms.push_back(transform("odom", "base_link", t, i, 0.0));
        EXPECT_TRUE(writer->write("/tf", tf, log).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return path;
}

}  // namespace

TEST(BagTrajectory, ReadsEveryPoseType) {
    const std::string bag = writeBag("bagtraj_types");
    struct Case {
        const char *topic;
        Eigen::Vector3d last;
    };
    for (const Case &c :
         {Case{"/odom", {2, 0, 0}}, Case{"/pose", {0, 4, 0}}, Case{"/amcl", {0, 0, 6}}, Case{"/poses", {-2, 0, 0}}}) {
        auto t = io::loadTrajectory(bag + ":" + c.topic);
        ASSERT_TRUE(t.ok()) << c.topic << ": " << t.message();
        ASSERT_EQ(t->size(), 3u) << c.topic;
        EXPECT_EQ(t->stamps, (std::vector<double>{10, 11, 12})) << c.topic;
        EXPECT_EQ(t->positions[2], c.last) << c.topic;
    }
    auto missing = io::loadTrajectory(bag + ":/nope");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.message().find("no topic '/nope'"), std::string::npos) << missing.message();
    auto wrong = io::loadTrajectory(bag + ":/tf");
    ASSERT_FALSE(wrong.ok());
    EXPECT_NE(wrong.message().find("tf2_msgs/msg/TFMessage"), std::string::npos) << wrong.message();
}

TEST(BagTrajectory, ComposesATfChainOverTime) {
    const std::string bag = writeBag("bagtraj_tf");
    // map->odom = (1, 0, 0) yawed 90 degrees; odom->base_link = (i, 0, 0): base_link in map = (1, i, 0).
    auto t = io::loadTrajectory(bag + ":tf:map:base_link");
    ASSERT_TRUE(t.ok()) << t.message();
    ASSERT_EQ(t->size(), 3u);
    EXPECT_EQ(t->stamps[1], 11.0);
    EXPECT_NEAR((t->positions[2] - Eigen::Vector3d(1, 2, 0)).norm(), 0.0, 1e-12);
    // Through the static link: laser = base_link + (0.5, 0, 0) in the rotated frame -> (1, i + 0.5, 0).
    auto laser = io::loadTrajectory(bag + ":tf:map:laser");
    ASSERT_TRUE(laser.ok()) << laser.message();
    EXPECT_NEAR((laser->positions[0] - Eigen::Vector3d(1, 0.5, 0)).norm(), 0.0, 1e-12);
    auto unknown = io::loadTrajectory(bag + ":tf:map:wheel");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.message().find("frame 'wheel' never appears"), std::string::npos) << unknown.message();
}
