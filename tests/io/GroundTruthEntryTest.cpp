#include <gtest/gtest.h>

#include "robometrics/io/GroundTruthEntry.hpp"

namespace robometrics::io {
namespace {

NamedPose entryAt(double x, double y, std::string name = {}) {
    NamedPose p;
    p.name = std::move(name);
    p.pose.position = {x, y, 0};
    p.pose.orientation.w = 1;
    return p;
}

struct Taken {
    std::vector<std::pair<double, TimeNs>> xs;  ///< x of each pose taken, and its time
    GroundTruthEntry::Take take() {
        return [this](const msgs::Pose &p, TimeNs t) { xs.emplace_back(p.position.x, t); };
    }
};

TEST(GroundTruthEntry, SpellingsAccepted) {
    for (const char *ok : {"", "moving", "index:0", "index:12", "frame:turtlebot3"}) {
        EXPECT_TRUE(checkGroundTruthEntry(ok).ok()) << ok;
    }
    for (const char *bad : {"index:", "index:-1", "index:x", "frame:", "first", "3"}) {
        EXPECT_FALSE(checkGroundTruthEntry(bad).ok()) << bad;
    }
}

TEST(GroundTruthEntry, TheOneEntryThatMovesIsTheRobotsAndTheMessagesBeforeAreHandedOn) {
    Taken taken;
    GroundTruthEntry entry("moving", taken.take());
    // A world of three: ground plane (0,0), the robot (1,1) then driving in x, a box (5,5).
    entry.add({entryAt(0, 0), entryAt(1, 1), entryAt(5, 5)}, 10);
    entry.add({entryAt(0, 0), entryAt(1.05, 1), entryAt(5, 5)}, 20);  // 0.05 m: not yet
    EXPECT_TRUE(taken.xs.empty());
    EXPECT_EQ(entry.decided(), "");
    entry.add({entryAt(0, 0), entryAt(1.2, 1), entryAt(5, 5)}, 30);  // 0.2 m > 0.1 m: decided
    EXPECT_EQ(entry.decided(), "index:1");
    entry.add({entryAt(0, 0), entryAt(1.4, 1), entryAt(5.5, 5)}, 40);  // the box moving later changes nothing
    ASSERT_EQ(taken.xs.size(), 4u);
    EXPECT_EQ(taken.xs[0], std::make_pair(1.0, TimeNs{10}));
    EXPECT_EQ(taken.xs[1], std::make_pair(1.05, TimeNs{20}));
    EXPECT_EQ(taken.xs[2], std::make_pair(1.2, TimeNs{30}));
    EXPECT_EQ(taken.xs[3], std::make_pair(1.4, TimeNs{40}));
    EXPECT_EQ(entry.why(), "");
}

TEST(GroundTruthEntry, TwoEntriesLeavingTogetherDecideNothing) {
    Taken taken;
    GroundTruthEntry entry("moving", taken.take());
    entry.add({entryAt(0, 0), entryAt(1, 1)}, 10);
    entry.add({entryAt(0.5, 0), entryAt(1, 1.5)}, 20);
    entry.add({entryAt(0.9, 0), entryAt(1, 1.9)}, 30);
    EXPECT_TRUE(taken.xs.empty());
    EXPECT_EQ(entry.decided(), "");
    EXPECT_EQ(entry.why(), "entries 0 and 1 left their first positions together: name the robot's entry");
}

TEST(GroundTruthEntry, NothingMovingSaysSo) {
    Taken taken;
    GroundTruthEntry entry("moving", taken.take());
    entry.add({entryAt(0, 0), entryAt(1, 1)}, 10);
    EXPECT_EQ(entry.why(), "no entry left its first position by more than 0.10 m");
}

TEST(GroundTruthEntry, OnePosePerMessageIsTheRobotsFromTheFirst) {
    Taken taken;
    GroundTruthEntry entry("moving", taken.take());
    entry.add({entryAt(2, 0)}, 10);
    entry.add({entryAt(2, 0)}, 20);  // standing still is still the robot's truth
    ASSERT_EQ(taken.xs.size(), 2u);
    EXPECT_EQ(entry.decided(), "");
}

TEST(GroundTruthEntry, ByIndexAndByFrame) {
    Taken by_index;
    GroundTruthEntry index("index:2", by_index.take());
    index.add({entryAt(0, 0), entryAt(1, 0)}, 10);  // no entry 2 in this one
    EXPECT_EQ(index.why(), "no message has an entry 2");
    index.add({entryAt(0, 0), entryAt(1, 0), entryAt(7, 0)}, 20);
    ASSERT_EQ(by_index.xs.size(), 1u);
    EXPECT_EQ(by_index.xs[0].first, 7.0);
    Taken by_frame;
    GroundTruthEntry frame("frame:robot", by_frame.take());
    frame.add({entryAt(0, 0, "ground_plane"), entryAt(3, 0, "robot"), entryAt(4, 0, "box")}, 10);
    ASSERT_EQ(by_frame.xs.size(), 1u);
    EXPECT_EQ(by_frame.xs[0].first, 3.0);
    EXPECT_EQ(frame.decided(), "frame:robot");
}

TEST(GroundTruthEntry, SeveralPosesAndNoEntryTakeNone) {
    Taken taken;
    GroundTruthEntry entry("", taken.take());
    entry.add({entryAt(0, 0), entryAt(1, 0)}, 10);
    EXPECT_TRUE(taken.xs.empty());
    EXPECT_EQ(entry.why(), "a message holds 2 poses and nothing says which is the robot's");
}

TEST(GroundTruthEntry, TfMessagesAndPoseArraysAsNamedPoses) {
    msgs::TFMessage tf;
    tf.transforms.resize(2);
    tf.transforms[1].child_frame_id = "robot";
    tf.transforms[1].transform.translation = {1, 2, 3};
    tf.transforms[1].transform.rotation = {0, 0, 1, 0};
    const std::vector<NamedPose> poses = namedPoses(tf);
    ASSERT_EQ(poses.size(), 2u);
    EXPECT_EQ(poses[1].name, "robot");
    EXPECT_EQ(poses[1].pose.position.z, 3.0);
    EXPECT_EQ(poses[1].pose.orientation.z, 1.0);
    msgs::PoseArray array;
    array.poses.resize(3);
    EXPECT_EQ(namedPoses(array).size(), 3u);
}

}  // namespace
}  // namespace robometrics::io
