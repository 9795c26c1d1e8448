#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "robometrics/terrain/Pose2D.hpp"
#include "robometrics/terrain/TfSyncQueue.hpp"

namespace robometrics::terrain {
namespace {

constexpr TimeNs kMs = 1'000'000;

// One odom -> base_link transform at `stamp_ms`: position (x, 0), heading yaw.
msgs::TFMessage odomToBase(TimeNs stamp_ms, double x, double yaw) {
    msgs::TransformStamped t;
    t.header.stamp = msgs::Time::fromNs(stamp_ms * kMs);
    t.header.frame_id = "odom";
    t.child_frame_id = "base_link";
    t.transform.translation.x = x;
    t.transform.rotation.z = std::sin(yaw / 2);
    t.transform.rotation.w = std::cos(yaw / 2);
    return msgs::TFMessage{{t}};
}

msgs::TFMessage unrelated(TimeNs stamp_ms) {
    msgs::TFMessage m = odomToBase(stamp_ms, 0, 0);
    m.transforms[0].header.frame_id = "map";
    m.transforms[0].child_frame_id = "other";
    return m;
}

// Records what each released item received, in release order.
struct Released {
    std::vector<std::string> order;
    std::vector<StampedTransforms> got;
    TfSyncQueue::Release as(const std::string &name) {
        return [this, name](const StampedTransforms &tf) {
            order.push_back(name);
            got.push_back(tf);
        };
    }
};

const std::vector<FramePair> kRobotInOdom{{"odom", "base_link"}};

TEST(TfSyncQueueTest, WaitsForTheLaterSampleAndInterpolatesAtTheStamp) {
    TfSyncQueue q(100 * kMs);
    Released r;
    q.addTf(odomToBase(950, 1.0, 0.0), false, 950 * kMs);
    // The map stamped 1.000 s arrives at 1.000 s; the odom sample stamped 1.050 s is logged 75 ms
    // later (1.075 s). Looking up on arrival could only hold the 0.950 s sample (x = 1.0, yaw 0).
    q.push(1000 * kMs, 1000 * kMs, kRobotInOdom, r.as("map"));
    EXPECT_EQ(q.size(), 1u);
    EXPECT_TRUE(r.got.empty());
    q.addTf(odomToBase(1050, 2.0, 0.2), false, 1075 * kMs);
    ASSERT_EQ(r.got.size(), 1u);
    EXPECT_EQ(q.size(), 0u);
    const StampedTransforms &tf = r.got[0];
    EXPECT_EQ(tf.stamp, 1000 * kMs);
    EXPECT_TRUE(tf.interpolated);
    ASSERT_EQ(tf.transforms.size(), 1u);
    ASSERT_TRUE(tf.transforms[0].ok()) << tf.transforms[0].message();
    // Halfway between 0.950 s and 1.050 s: x = (1.0 + 2.0) / 2, yaw = slerp(0, 0.2, 0.5) = 0.1.
    const Pose2D pose = Pose2D::fromIsometry(*tf.transforms[0]);
    EXPECT_NEAR(pose.x, 1.5, 1e-12);
    EXPECT_NEAR(pose.y, 0.0, 1e-12);
    EXPECT_NEAR(pose.yaw, 0.1, 1e-12);
}

TEST(TfSyncQueueTest, ACoveredItemIsReleasedAtOnce) {
    TfSyncQueue q(100 * kMs);
    Released r;
    q.addTf(odomToBase(900, 1.0, 0.0), false, 900 * kMs);
    q.addTf(odomToBase(1100, 3.0, 0.0), false, 1100 * kMs);
    q.push(1000 * kMs, 1100 * kMs, kRobotInOdom, r.as("map"));
    ASSERT_EQ(r.got.size(), 1u);
    EXPECT_NEAR(r.got[0].transforms[0]->translation().x(), 2.0, 1e-12);
}

TEST(TfSyncQueueTest, ALaterInputBeyondTheToleranceReleasesWithTheHeldSample) {
    TfSyncQueue q(100 * kMs);
    Released r;
    q.addTf(odomToBase(950, 1.0, 0.0), false, 950 * kMs);
    q.push(1000 * kMs, 1000 * kMs, kRobotInOdom, r.as("map"));
    q.addTf(unrelated(1100), false, 1100 * kMs);  // exactly the tolerance later: still waits
    EXPECT_TRUE(r.got.empty());
    q.addTf(unrelated(1101), false, 1101 * kMs);  // more than 0.1 s later, odom still at 0.950 s
    ASSERT_EQ(r.got.size(), 1u);
    EXPECT_FALSE(r.got[0].interpolated);
    ASSERT_TRUE(r.got[0].transforms[0].ok());
    EXPECT_DOUBLE_EQ(r.got[0].transforms[0]->translation().x(), 1.0);  // 50 ms old, within tolerance
}

TEST(TfSyncQueueTest, EndOfInputFallsBackToTheNearestSampleWithinToleranceElseFails) {
    TfSyncQueue q(100 * kMs);
    Released r;
    q.addTf(odomToBase(950, 1.0, 0.0), false, 950 * kMs);
    q.push(1000 * kMs, 1000 * kMs, kRobotInOdom, r.as("near"));  // 50 ms after the last sample
    q.push(1080 * kMs, 1080 * kMs, kRobotInOdom, r.as("far"));   // 130 ms after it
    EXPECT_TRUE(r.got.empty());
    q.finish();
    ASSERT_EQ(r.order, (std::vector<std::string>{"near", "far"}));
    EXPECT_FALSE(r.got[0].interpolated);
    ASSERT_TRUE(r.got[0].transforms[0].ok());
    EXPECT_DOUBLE_EQ(r.got[0].transforms[0]->translation().x(), 1.0);
    ASSERT_FALSE(r.got[1].transforms[0].ok());
    EXPECT_NE(r.got[1].transforms[0].message().find("after its last sample"), std::string::npos)
        << r.got[1].transforms[0].message();
    EXPECT_EQ(q.size(), 0u);
}

TEST(TfSyncQueueTest, TheBoundPushesTheOldestOutAndOrderIsKept) {
    TfSyncQueue q(100 * kMs, 3);
    Released r;
    // No TF at all: nothing can be covered; all items arrive within the tolerance.
    for (int k = 0; k < 3; ++k) q.push(1000 * kMs, (1000 + k) * kMs, kRobotInOdom, r.as(std::to_string(k)));
    EXPECT_EQ(q.size(), 3u);
    EXPECT_TRUE(r.got.empty());
    q.push(1000 * kMs, 1003 * kMs, kRobotInOdom, r.as("3"));
    EXPECT_EQ(q.size(), 3u);  // never more than the capacity
    EXPECT_EQ(q.overflowed(), 1u);
    ASSERT_EQ(r.order, (std::vector<std::string>{"0"}));
    ASSERT_FALSE(r.got[0].transforms[0].ok());
    EXPECT_NE(r.got[0].transforms[0].message().find("'odom'"), std::string::npos) << r.got[0].transforms[0].message();
    q.finish();
    EXPECT_EQ(r.order, (std::vector<std::string>{"0", "1", "2", "3"}));
}

TEST(TfSyncQueueTest, AReadyItemNeverOvertakesAWaitingOne) {
    TfSyncQueue q(100 * kMs);
    Released r;
    q.addTf(odomToBase(950, 1.0, 0.0), false, 950 * kMs);
    q.push(1000 * kMs, 1000 * kMs, kRobotInOdom, r.as("waits"));
    q.push(1000 * kMs, 1010 * kMs, {{"base_link", "base_link"}}, r.as("ready"));  // needs nothing
    EXPECT_TRUE(r.got.empty());
    q.addTf(odomToBase(1050, 2.0, 0.0), false, 1060 * kMs);
    EXPECT_EQ(r.order, (std::vector<std::string>{"waits", "ready"}));
}

TEST(TfSyncQueueTest, ItsSlotsGoRoundInArrivalOrder) {
    TfSyncQueue q(100 * kMs, 2);
    Released r;
    // No TF: each push beyond the capacity releases the oldest, so the reused slots wrap often.
    for (int k = 0; k < 7; ++k) q.push(1000 * kMs, (1000 + k) * kMs, kRobotInOdom, r.as(std::to_string(k)));
    EXPECT_EQ(r.order, (std::vector<std::string>{"0", "1", "2", "3", "4"}));
    EXPECT_EQ(q.size(), 2u);
    q.finish();
    EXPECT_EQ(r.order, (std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6"}));
}

TEST(TfSyncQueueTest, ACallbackThatPushesKeepsItsOwnTransforms) {
    TfSyncQueue q(100 * kMs);
    Released r;
    TimeNs stamp_after_push = 0;
    q.push(1000 * kMs, 1000 * kMs, kRobotInOdom, [&](const StampedTransforms &tf) {
        r.order.push_back("a");
        // Logged long after the others: they time out and are released inside this push.
        q.push(1500 * kMs, 1500 * kMs, kRobotInOdom, r.as("d"));
        stamp_after_push = tf.stamp;
    });
    q.push(1001 * kMs, 1001 * kMs, kRobotInOdom, r.as("b"));
    q.push(1002 * kMs, 1002 * kMs, kRobotInOdom, r.as("c"));
    q.finish();
    EXPECT_EQ(r.order, (std::vector<std::string>{"a", "b", "c", "d"}));
    EXPECT_EQ(stamp_after_push, 1000 * kMs);
    ASSERT_EQ(r.got.size(), 3u);
    EXPECT_EQ(r.got[0].stamp, 1001 * kMs);
}

}  // namespace
}  // namespace robometrics::terrain
