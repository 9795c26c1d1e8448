#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "robometrics/core/TfBuffer.hpp"

namespace robometrics {
namespace {

Eigen::Isometry3d pose(double x, double y, double z, double yaw) {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    t.translation() = Eigen::Vector3d(x, y, z);
    t.linear() = Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    return t;
}

double yawOf(const Eigen::Isometry3d &t) { return std::atan2(t.linear()(1, 0), t.linear()(0, 0)); }

TEST(TfBufferTest, InterpolatesTranslationLinearlyAndRotationBySlerp) {
    TfBuffer tf;
    tf.setTransform("odom", "base_link", 1 * kNsPerSecond, pose(0, 0, 0, 0));
    tf.setTransform("odom", "base_link", 3 * kNsPerSecond, pose(2, 4, 0, M_PI / 2));
    auto t = tf.lookup("odom", "base_link", 2 * kNsPerSecond);
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_NEAR(t->translation().x(), 1.0, 1e-12);
    EXPECT_NEAR(t->translation().y(), 2.0, 1e-12);
    EXPECT_NEAR(yawOf(*t), M_PI / 4, 1e-12);
    // A quarter of the way: yaw pi/8.
    auto q = tf.lookup("odom", "base_link", 1500 * 1000000LL);
    ASSERT_TRUE(q.ok());
    EXPECT_NEAR(yawOf(*q), M_PI / 8, 1e-12);
    EXPECT_NEAR(q->translation().x(), 0.5, 1e-12);
}

TEST(TfBufferTest, ChainsStaticAndDynamicEdgesAndInverts) {
    TfBuffer tf;
    tf.setTransform("odom", "camera_init", 0, pose(0, 0, 0, 0), true);
    tf.setTransform("camera_init", "body", 10, pose(1, 0, 0, M_PI / 2));
    tf.setTransform("camera_init", "body", 20, pose(1, 0, 0, M_PI / 2));
    tf.setTransform("body", "base_link", 0, pose(0.5, 0, 0, 0), true);
    auto t = tf.lookup("odom", "base_link", 15);
    ASSERT_TRUE(t.ok()) << t.message();
    // base_link origin: 0.5 along body x, which points along odom +y, plus (1, 0).
    EXPECT_NEAR(t->translation().x(), 1.0, 1e-12);
    EXPECT_NEAR(t->translation().y(), 0.5, 1e-12);
    EXPECT_NEAR(yawOf(*t), M_PI / 2, 1e-12);
    auto inv = tf.lookup("base_link", "odom", 15);
    ASSERT_TRUE(inv.ok());
    EXPECT_TRUE((inv.value() * t.value()).isApprox(Eigen::Isometry3d::Identity(), 1e-12));
    // Between two siblings: body -> camera_init <- odom.
    auto sib = tf.lookup("body", "odom", 15);
    ASSERT_TRUE(sib.ok());
    // The odom origin is 1 m behind body along odom -x, which is body +y.
    EXPECT_NEAR(sib->translation().x(), 0.0, 1e-12);
    EXPECT_NEAR(sib->translation().y(), 1.0, 1e-12);
}

TEST(TfBufferTest, LookupEachGivesLookupsPosesBitForBit) {
    TfBuffer tf;
    tf.setTransform("map", "odom", 0, pose(0.3, -0.2, 0, 0.1), true);
    for (int k = 0; k < 50; ++k) {
        tf.setTransform("odom", "base_link", 100 + 20 * k, pose(0.1 * k, 0.02 * k * k, 0.01, 0.03 * k));
        tf.setTransform("base_link", "laser", 105 + 30 * k, pose(0.2, 0, 0.1 * std::sin(k), 0.5 * std::cos(k)));
    }
    std::vector<TimeNs> times;
    for (TimeNs t = 50; t < 1700; t += 7) times.push_back(t);  // before, inside and after the samples
    for (TimeNs tolerance : {TimeNs{0}, TimeNs{40}}) {
        std::vector<std::optional<Eigen::Isometry3d>> each(times.size());
        ASSERT_TRUE(
            tf.lookupEach(
                  "map", "laser", times, [&](std::size_t i, const Eigen::Isometry3d &p) { each[i] = p; }, tolerance)
                .ok());
        std::size_t with_pose = 0;
        for (std::size_t i = 0; i < times.size(); ++i) {
            auto one = tf.lookup("map", "laser", times[i], tolerance);
            ASSERT_EQ(one.ok(), each[i].has_value()) << times[i];
            if (!one) continue;
            ++with_pose;
            EXPECT_EQ(one->matrix(), each[i]->matrix()) << times[i];  // exactly, not approximately
        }
        EXPECT_GT(with_pose, 100u);
        EXPECT_LT(with_pose, times.size());
    }
    auto ignore = [](std::size_t, const Eigen::Isometry3d &) {};
    EXPECT_FALSE(tf.lookupEach("map", "nowhere", times, ignore).ok());
    int identities = 0;
    ASSERT_TRUE(tf.lookupEach("odom", "odom", {1, 2}, [&](std::size_t, const Eigen::Isometry3d &p) {
                      identities += p.isApprox(Eigen::Isometry3d::Identity());
                  }).ok());
    EXPECT_EQ(identities, 2);
}

/// Every element of the two the same double, the sign of a zero included.
bool sameBits(const Eigen::Matrix4d &a, const Eigen::Matrix4d &b) {
    return std::memcmp(a.data(), b.data(), sizeof(double) * 16) == 0;
}

TEST(TfBufferTest, ALookupAtASamplesOwnStampIsEigensSlerpBitForBit) {
    // At a sample's stamp the rotation is lo.slerp(0, hi), taken without its trigonometry: the
    // same bits as Eigen's, whichever sign the quaternions' dot product has (turns of -160 and
    // 10 degrees give a negative one) and with zeros of either sign among their coefficients.
    std::mt19937 random(11);
    std::uniform_real_distribution<double> angle(-M_PI, M_PI), unit(-1, 1);
    std::vector<Eigen::Isometry3d> poses{pose(1, 2, 0, -160 * M_PI / 180), pose(-0.0, 3, -0.0, 10 * M_PI / 180),
                                         pose(0, 0, 0, M_PI), pose(0, 0, 0, -M_PI)};
    // A turn of -160 degrees whose matrix holds negative zeros: its quaternion's x and y are -0,
    // the next one's +0, and their dot product is negative; Eigen's weight of the next one is then
    // -0, and only a -0 keeps x and y -0 (-0 + +0 would be +0), which the matrix shows.
    Eigen::Isometry3d negative_zeros = pose(0, 0, 0, -160 * M_PI / 180);
    negative_zeros.matrix()(0, 2) = negative_zeros.matrix()(2, 0) = -0.0;
    negative_zeros.matrix()(1, 2) = negative_zeros.matrix()(2, 1) = -0.0;
    poses.push_back(negative_zeros);
    poses.push_back(pose(0, 0, 0, 10 * M_PI / 180));
    for (int k = 0; k < 40; ++k) {
        Eigen::Isometry3d p = Eigen::Isometry3d::Identity();
        p.translation() = Eigen::Vector3d(unit(random), unit(random), unit(random));
        p.linear() =
            Eigen::AngleAxisd(angle(random), Eigen::Vector3d(unit(random), unit(random), unit(random)).normalized())
                .toRotationMatrix();
        poses.push_back(p);
    }
    TfBuffer tf;
    for (std::size_t k = 0; k < poses.size(); ++k) tf.setTransform("odom", "base_link", 100 * TimeNs(k + 1), poses[k]);
    auto stored = [](const Eigen::Isometry3d &p) {
        Eigen::Quaterniond q(p.rotation());
        q.normalize();
        return q;
    };
    int negative_dots = 0;
    for (std::size_t k = 0; k + 1 < poses.size(); ++k) {
        const Eigen::Quaterniond lo = stored(poses[k]), hi = stored(poses[k + 1]);
        negative_dots += lo.dot(hi) < 0;
        Eigen::Isometry3d edge = Eigen::Isometry3d::Identity();
        edge.linear() = lo.slerp(0.0, hi).toRotationMatrix();
        edge.translation() = (1.0 - 0.0) * poses[k].translation() + 0.0 * poses[k + 1].translation();
        // As poseAlong composes one edge: from the identity, then inverse(identity) * it.
        const Eigen::Isometry3d composed = Eigen::Isometry3d::Identity() * edge;
        const Eigen::Isometry3d expected(Eigen::Isometry3d::Identity().inverse() * composed);
        auto got = tf.lookup("odom", "base_link", 100 * TimeNs(k + 1));
        ASSERT_TRUE(got.ok()) << got.message();
        EXPECT_TRUE(sameBits(got->matrix(), expected.matrix())) << "sample " << k;
    }
    EXPECT_GT(negative_dots, 0);
}

TEST(TfBufferTest, ATransformFromAMessageIsLookedUpAsItsIsometryWouldBe) {
    // setTransformFromMessage keeps the message's quaternion (here not unit, signs mixed, and
    // one of them all zero) and converts it when a look-up needs it: every look-up, between
    // samples, at them, past the ends within the tolerance, through a static edge and along a
    // chain, gives the bits of a buffer given the isometry (normalised quaternion's matrix).
    std::mt19937 random(5);
    std::uniform_real_distribution<double> unit(-2, 2);
    TfBuffer eager, lazy;
    auto add = [&](const std::string &parent, const std::string &child, TimeNs stamp, bool is_static) {
        const Eigen::Vector3d t(unit(random), unit(random), unit(random));
        const Eigen::Quaterniond q = stamp == 700
                                         ? Eigen::Quaterniond(0, 0, 0, 0)
                                         : Eigen::Quaterniond(unit(random), unit(random), unit(random), unit(random));
        Eigen::Isometry3d parent_T_child = Eigen::Isometry3d::Identity();
        parent_T_child.translation() = t;
        parent_T_child.linear() = q.normalized().toRotationMatrix();
        eager.setTransform(parent, child, stamp, parent_T_child, is_static);
        lazy.setTransformFromMessage(parent, child, stamp, t, q, is_static);
    };
    add("base_link", "lidar", 0, true);
    for (TimeNs stamp = 100; stamp <= 2000; stamp += 100) {
        add("map", "odom", stamp + 30, false);
        add("odom", "base_link", stamp, false);
    }
    int compared = 0;
    for (TimeNs time = 50; time <= 2100; time += 25) {
        for (const auto &[target, source] : {std::pair{"odom", "base_link"}, std::pair{"map", "lidar"},
                                             std::pair{"lidar", "map"}, std::pair{"base_link", "lidar"}}) {
            auto want = eager.lookup(target, source, time, 60);
            auto got = lazy.lookup(target, source, time, 60);
            ASSERT_EQ(want.ok(), got.ok()) << target << " " << source << " " << time;
            if (!want.ok()) {
                EXPECT_EQ(want.message(), got.message());
                continue;
            }
            EXPECT_TRUE(sameBits(want->matrix(), got->matrix())) << target << " " << source << " " << time;
            ++compared;
        }
    }
    EXPECT_GT(compared, 250);
}

TEST(TfBufferTest, LookupEachInAnyOrderOfTimesGivesLookupsPoses) {
    // Rising times are found by stepping on from the previous look-up's samples, others by a
    // binary search: the same samples either way.
    TfBuffer tf;
    for (int k = 0; k < 400; ++k) tf.setTransform("odom", "base_link", 10 * k, pose(0.1 * k, std::sin(k), 0, 0.01 * k));
    std::vector<TimeNs> times;
    for (TimeNs t = 0; t < 4000; t += 3) times.push_back(t);
    for (TimeNs t = 0; t < 4000; t += 333) times.push_back(t);  // far jumps
    std::mt19937 random(5);
    std::vector<TimeNs> shuffled = times;
    std::shuffle(shuffled.begin(), shuffled.end(), random);
    for (const std::vector<TimeNs> *order : {&times, &shuffled}) {
        std::size_t compared = 0;
        ASSERT_TRUE(tf.lookupEach("odom", "base_link", *order, [&](std::size_t i, const Eigen::Isometry3d &p) {
                          auto one = tf.lookup("odom", "base_link", (*order)[i]);
                          ASSERT_TRUE(one.ok());
                          EXPECT_TRUE(sameBits(one->matrix(), p.matrix())) << (*order)[i];
                          ++compared;
                      }).ok());
        EXPECT_EQ(compared, static_cast<std::size_t>(
                                std::count_if(order->begin(), order->end(), [](TimeNs t) { return t <= 3990; })));
    }
}

TEST(TfBufferTest, FailsOutsideTheSamplesUnlessWithinTolerance) {
    TfBuffer tf;
    tf.setTransform("odom", "base_link", 100, pose(1, 0, 0, 0));
    tf.setTransform("odom", "base_link", 200, pose(2, 0, 0, 0));
    auto late = tf.lookup("odom", "base_link", 260);
    ASSERT_FALSE(late.ok());
    EXPECT_NE(late.message().find("after its last sample"), std::string::npos) << late.message();
    auto tolerated = tf.lookup("odom", "base_link", 260, 100);
    ASSERT_TRUE(tolerated.ok());
    EXPECT_DOUBLE_EQ(tolerated->translation().x(), 2.0);
    auto early = tf.lookup("odom", "base_link", 50);
    ASSERT_FALSE(early.ok());
    // The whole text, as the costmap's drop reasons carry it into the outputs.
    EXPECT_EQ(early.message(),
              "transform odom -> base_link at 0.000000050 s is before its first sample at 0.000000100 s");
    EXPECT_EQ(late.message(), "transform odom -> base_link at 0.000000260 s is after its last sample at 0.000000200 s");
    auto unknown = tf.lookup("odom", "laser", 150);
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.message().find("'laser'"), std::string::npos);
}

TEST(TfBufferTest, ReportsDisconnectedTreesAndKeepsOnlyTheCacheDuration) {
    TfBuffer tf(10);
    tf.setTransform("map", "odom", 0, pose(0, 0, 0, 0), true);
    tf.setTransform("world", "robot", 0, pose(0, 0, 0, 0), true);
    auto r = tf.lookup("map", "robot", 0);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("not connected"), std::string::npos);
    for (int t = 0; t <= 100; t += 5) tf.setTransform("odom", "base", t, pose(t, 0, 0, 0));
    EXPECT_FALSE(tf.lookup("odom", "base", 80).ok());  // older than 100 - 10: dropped
    auto kept = tf.lookup("odom", "base", 92);
    ASSERT_TRUE(kept.ok());
    EXPECT_NEAR(kept->translation().x(), 92.0, 1e-9);
}

TEST(TfBufferTest, SameStampReplacesAndOutOfOrderSamplesAreSorted) {
    TfBuffer tf;
    tf.setTransform("odom", "base", 20, pose(2, 0, 0, 0));
    tf.setTransform("odom", "base", 0, pose(0, 0, 0, 0));
    tf.setTransform("odom", "base", 20, pose(4, 0, 0, 0));
    auto mid = tf.lookup("odom", "base", 10);
    ASSERT_TRUE(mid.ok());
    EXPECT_NEAR(mid->translation().x(), 2.0, 1e-12);
    EXPECT_TRUE(tf.lookup("odom", "odom", 5).ok());
}

TEST(TfBufferTest, AddingASampleSaysWhetherItCameLateAndAfterWhichStamp) {
    TfBuffer tf;
    const Eigen::Vector3d t(1, 0, 0);
    const Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
    // What setTransformFromMessage() says of a sample: nullopt when it is not late.
    auto add = [&](const std::string &parent, const std::string &child, TimeNs stamp, bool is_static = false) {
        std::optional<TimeNs> late = 42;  // overwritten for every dynamic sample, left for a static one
        tf.setTransformFromMessage(parent, child, stamp, t, q, is_static, &late);
        return late;
    };
    EXPECT_FALSE(add("odom", "base", 10));  // the link's first sample
    EXPECT_FALSE(add("odom", "base", 30));  // in stamp order
    EXPECT_FALSE(tf.lateBefore("base", 31));
    EXPECT_EQ(tf.lateBefore("base", 20), std::optional<TimeNs>(10));
    // Late: after the newest sample before it, as lateBefore() said before the sample was added.
    EXPECT_EQ(add("odom", "base", 20), std::optional<TimeNs>(10));
    EXPECT_EQ(add("odom", "base", 30), std::optional<TimeNs>(20));  // a repeat
    EXPECT_EQ(add("odom", "base", 5), std::optional<TimeNs>(std::numeric_limits<TimeNs>::min()));
    // Against the link as it was, before a new parent clears it.
    EXPECT_EQ(add("map", "base", 7), std::optional<TimeNs>(5));
    EXPECT_FALSE(add("map", "base", 8));
    EXPECT_EQ(add("base", "laser", 0, true), std::optional<TimeNs>(42));  // no check of a static sample
    EXPECT_FALSE(add("base", "laser", 0));                                // the link was static
    EXPECT_FALSE(tf.lateBefore("nowhere", 0));
    // A sample the buffer does not store (no parent) is still checked against its link.
    EXPECT_EQ(add("", "base", 8), std::optional<TimeNs>(7));
    tf.setTransformFromMessage("odom", "base", 1, t, q);  // not asked: no check
    EXPECT_TRUE(tf.lookup("odom", "base", 1).ok());
}

TEST(TfBufferTest, LatestCommonTimeIsTheOldestNewestSampleOfTheMovingEdges) {
    TfBuffer tf;
    tf.setTransform("map", "odom", 300, pose(0, 0, 0, 0));
    tf.setTransform("odom", "base_link", 100, pose(1, 0, 0, 0));
    tf.setTransform("odom", "base_link", 200, pose(2, 0, 0, 0));
    tf.setTransform("base_link", "laser", 0, pose(0.1, 0, 0, 0), true);
    auto t = tf.latestCommonTime("odom", "base_link");
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_EQ(*t, 200);
    EXPECT_EQ(*tf.latestCommonTime("map", "laser"), 200);  // base_link lags map->odom; laser is static
    EXPECT_EQ(*tf.latestCommonTime("laser", "map"), 200);
    EXPECT_EQ(*tf.latestCommonTime("base_link", "laser"), std::numeric_limits<TimeNs>::max());
    EXPECT_EQ(*tf.latestCommonTime("odom", "odom"), std::numeric_limits<TimeNs>::max());
    auto unknown = tf.latestCommonTime("odom", "camera");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.message().find("'camera'"), std::string::npos);
}

TEST(TfBufferTest, ForgettingKeepsTheSampleBeforeTheTimeSoLaterLookupsAreUnchanged) {
    TfBuffer tf;
    for (TimeNs t : {100, 200, 300, 400}) tf.setTransform("odom", "base_link", t, pose(t / 100.0, 0, 0, 0));
    tf.setTransform("base_link", "laser", 0, pose(0.1, 0, 0, 0), true);
    const Eigen::Isometry3d at_250 = *tf.lookup("odom", "base_link", 250);
    EXPECT_EQ(*tf.newestDynamicStamp("base_link"), 400);
    EXPECT_FALSE(tf.newestDynamicStamp("laser"));  // static
    EXPECT_EQ(*tf.lateBefore("base_link", 300), 200);
    EXPECT_EQ(*tf.lateBefore("base_link", 100), std::numeric_limits<TimeNs>::min());  // none before it
    tf.dropBefore("base_link", 250);  // 100 goes; 200, the newest before 250, stays
    EXPECT_FALSE(tf.lookup("odom", "base_link", 150).ok());
    EXPECT_TRUE(tf.lookup("odom", "base_link", 250)->isApprox(at_250, 0.0));
    tf.dropBefore("base_link", 300);  // 300 itself is no sample before 300: 200 stays
    EXPECT_EQ(*tf.lateBefore("base_link", 300), 200);
    tf.keepNewest("base_link");
    EXPECT_EQ(*tf.lateBefore("base_link", 400), std::numeric_limits<TimeNs>::min());
    EXPECT_EQ(*tf.newestDynamicStamp("base_link"), 400);
    tf.keepNewest("laser");  // a static link keeps its one sample
    EXPECT_TRUE(tf.lookup("base_link", "laser", 0).ok());
}

// The buffer remembers the edges its last samples went to (RecentLookups): a copy and a cleared
// buffer must add to their own edges, not to the ones remembered.
TEST(TfBufferTest, ACopyAndAClearedBufferAddToTheirOwnEdges) {
    TfBuffer tf;
    tf.setTransform("odom", "base_link", 1 * kNsPerSecond, pose(0, 0, 0, 0));
    TfBuffer copy = tf;
    copy.setTransform("odom", "base_link", 3 * kNsPerSecond, pose(2, 0, 0, 0));
    EXPECT_FALSE(tf.lookup("odom", "base_link", 2 * kNsPerSecond).ok());  // still one sample, at 1 s
    auto t = copy.lookup("odom", "base_link", 2 * kNsPerSecond);
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_NEAR(t->translation().x(), 1.0, 1e-12);

    tf.clear();
    tf.setTransform("odom", "base_link", 5 * kNsPerSecond, pose(4, 0, 0, 0));
    tf.setTransform("odom", "base_link", 7 * kNsPerSecond, pose(6, 0, 0, 0));
    auto u = tf.lookup("odom", "base_link", 6 * kNsPerSecond);
    ASSERT_TRUE(u.ok()) << u.message();
    EXPECT_NEAR(u->translation().x(), 5.0, 1e-12);
}

}  // namespace
}  // namespace robometrics
