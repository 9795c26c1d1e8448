#include <gtest/gtest.h>

#include <cmath>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/toolbox/BagTrajectoryList.hpp"

using namespace robometrics;

namespace {

msgs::Time stampAt(double seconds) { return msgs::Time::fromNs(fromSeconds(seconds)); }

msgs::TransformStamped link(const std::string &parent, const std::string &child, double t, double x) {
    msgs::TransformStamped tf;
    tf.header.stamp = stampAt(t);
    tf.header.frame_id = parent;
    tf.child_frame_id = child;
    tf.transform.translation.x = x;
    tf.transform.rotation.w = 1.0;
    return tf;
}

msgs::PoseStamped poseAt(double t, double x, double y) {
    msgs::PoseStamped p;
    p.header.stamp = stampAt(t);
    p.pose.position.x = x;
    p.pose.position.y = y;
    p.pose.orientation.w = 1.0;
    return p;
}

/// /odom: x = 0, 1, 2 at t = 10, 11, 12. /plan (Path): a first message of 2 poses, then a last one
/// of 3 poses (0,0) (3,0) (3,4) at t = 20, 21, 22. /particles (PoseArray) and /cmd_vel (Twist) are
/// not trajectories. /tf: map->odom (x = 0.5 t) and odom->base_link (x = 2 i) move at t = 10, 11,
/// 12; /tf_static: base_link->laser.
std::string writeBag() {
    const std::string path = (test::scratchDir("bagtrajlist") / "run.mcap").string();
    auto writer = bag::TypedWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.message();
    msgs::TFMessage statics;
    statics.transforms.push_back(link("base_link", "laser", 0.0, 0.2));
    EXPECT_TRUE(writer->write("/tf_static", statics, fromSeconds(1.0), true).ok());
    for (int i = 0; i < 3; ++i) {
        const double t = 10.0 + i;
        const TimeNs log = fromSeconds(t);
        msgs::Odometry odom;
        odom.header.stamp = stampAt(t);
        odom.pose.pose = poseAt(t, i, 0).pose;
        EXPECT_TRUE(writer->write("/odom", odom, log).ok());
        msgs::PoseArray particles;
        particles.header.stamp = stampAt(t);
        particles.poses.resize(1);
        EXPECT_TRUE(writer->write("/particles", particles, log).ok());
        EXPECT_TRUE(writer->write("/cmd_vel", msgs::Twist{}, log).ok());
        msgs::TFMessage tf;
        tf.transforms.push_back(link("map", "odom", t, 0.5 * t));
        tf.transforms.push_back(link("odom", "base_link", t, 2.0 * i));
        EXPECT_TRUE(writer->write("/tf", tf, log).ok());
    }
    msgs::Path first;
    first.poses = {poseAt(1, 0, 0), poseAt(2, 100, 0)};
    EXPECT_TRUE(writer->write("/plan", first, fromSeconds(11.0)).ok());
    msgs::Path last;
    last.poses = {poseAt(20, 0, 0), poseAt(21, 3, 0), poseAt(22, 3, 4)};
    EXPECT_TRUE(writer->write("/plan", last, fromSeconds(12.0)).ok());
    EXPECT_TRUE(writer->close().ok());
    return path;
}

const toolbox::BagTrajectoryInfo *find(const std::vector<toolbox::BagTrajectoryInfo> &list, const std::string &name) {
    for (const auto &info : list) {
        if (info.name == name) return &info;
    }
    return nullptr;
}

}  // namespace

TEST(BagTrajectoryList, ListsPoseTopicsPathsAndMovingTfChains) {
    const std::string bag = writeBag();
    auto list = toolbox::listBagTrajectories(bag);
    ASSERT_TRUE(list.ok()) << list.message();
    std::vector<std::string> names;
    for (const auto &info : *list) names.push_back(info.name);
    // Topics first in the bag's order, then the chains; no PoseArray, Twist or static-only chain.
    EXPECT_EQ(names,
              (std::vector<std::string>{"/odom", "/plan", "map -> base_link", "map -> odom", "odom -> base_link"}));

    const auto *odom = find(*list, "/odom");
    ASSERT_NE(odom, nullptr);
    EXPECT_EQ(odom->spec, bag + ":/odom");
    EXPECT_EQ(odom->kind, "odometry");
    EXPECT_EQ(odom->type, "nav_msgs/msg/Odometry");
    EXPECT_EQ(odom->poses, 3u);
    EXPECT_DOUBLE_EQ(odom->duration_s, 2.0);
    EXPECT_DOUBLE_EQ(odom->rate_hz, 1.0);
    EXPECT_DOUBLE_EQ(odom->length_m, 2.0);

    // The last Path message only: 3 + 4 metres over 2 s.
    const auto *plan = find(*list, "/plan");
    ASSERT_NE(plan, nullptr);
    EXPECT_EQ(plan->kind, "path");
    EXPECT_EQ(plan->poses, 3u);
    EXPECT_DOUBLE_EQ(plan->duration_s, 2.0);
    EXPECT_DOUBLE_EQ(plan->length_m, 7.0);

    // base_link in map: x = 0.5 t + 2 i = 5, 7.5, 10 -> 5 m.
    const auto *chain = find(*list, "map -> base_link");
    ASSERT_NE(chain, nullptr);
    EXPECT_EQ(chain->spec, bag + ":tf:map:base_link");
    EXPECT_EQ(chain->kind, "tf");
    EXPECT_EQ(chain->type, "tf2_msgs/msg/TFMessage");
    EXPECT_EQ(chain->poses, 3u);
    EXPECT_NEAR(chain->length_m, 5.0, 1e-9);
    EXPECT_NEAR(find(*list, "map -> odom")->length_m, 1.0, 1e-9);
    EXPECT_NEAR(find(*list, "odom -> base_link")->length_m, 4.0, 1e-9);

    // Every spec loads, with the listed number of poses.
    for (const auto &info : *list) {
        auto t = io::loadTrajectory(info.spec);
        ASSERT_TRUE(t.ok()) << info.spec << ": " << t.message();
        EXPECT_EQ(t->size(), info.poses) << info.spec;
    }
}

TEST(BagTrajectoryList, ReadsAPathTopicAsItsLastMessage) {
    const std::string bag = writeBag();
    auto t = io::loadTrajectory(bag + ":/plan");
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_EQ(t->stamps, (std::vector<double>{20, 21, 22}));
    EXPECT_EQ(t->positions[2], Eigen::Vector3d(3, 4, 0));
}

TEST(BagTrajectoryList, NamesTheBagOnError) {
    auto list = toolbox::listBagTrajectories("no/such/bag.mcap");
    ASSERT_FALSE(list.ok());
    EXPECT_NE(list.message().find("no/such/bag.mcap"), std::string::npos) << list.message();
}

TEST(BagTrajectoryList, Nav2Sample) {
    ROBOMETRICS_REQUIRE_DATA(bag, "bags/ros2-mcap/evo_nav2_turtlebot/nav2_turtlebot.mcap");
    auto list = toolbox::listBagTrajectories(bag.string());
    ASSERT_TRUE(list.ok()) << list.message();
    std::vector<std::string> names;
    for (const auto &info : *list) names.push_back(info.name);
    // /tf: map -> odom (AMCL) and odom -> base_link translate; the wheel joints only turn.
    EXPECT_EQ(names, (std::vector<std::string>{"/odom", "/amcl_pose", "map -> base_link", "map -> odom",
                                               "odom -> base_link"}));
    // One pose per message on the topics (ros2 bag info: 2639 and 135).
    EXPECT_EQ(find(*list, "/odom")->poses, 2639u);
    EXPECT_EQ(find(*list, "/amcl_pose")->kind, "pose_with_covariance");
    EXPECT_EQ(find(*list, "/amcl_pose")->poses, 135u);
    // The diff-drive plugin publishes /odom and odom -> base_link from the same state at the same
    // stamps: the chain and the topic describe one trajectory.
    const auto *odom = find(*list, "/odom");
    const auto *chain = find(*list, "odom -> base_link");
    EXPECT_EQ(chain->poses, odom->poses);
    EXPECT_DOUBLE_EQ(chain->duration_s, odom->duration_s);
    EXPECT_NEAR(chain->length_m, odom->length_m, 1e-6);
    EXPECT_GT(odom->length_m, 30.0);
}
