#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryEdit.hpp"

namespace robometrics::slam {
namespace {

TEST(TrajectoryEdit, ShiftStampsAddsTheOffset) {
    Trajectory t = test::stampsOf({1.0, 2.5});
    shiftStamps(t, -0.5);
    EXPECT_EQ(t.stamps, (std::vector<double>{0.5, 2.0}));
    Trajectory kitti = test::stampsOf({0.0, 1.0});
    kitti.timestamped = false;
    shiftStamps(kitti, 3.0);  // pose indices are not time
    EXPECT_EQ(kitti.stamps, (std::vector<double>{0.0, 1.0}));
}

TEST(TrajectoryEdit, KeepRunsKeepsWhatKeepPosesKeeps) {
    Trajectory t = test::pathOf({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}, {5, 0, 0}});
    t.rotation_matrices.assign(6, Eigen::Matrix3d::Identity());
    for (std::size_t i = 0; i < 6; ++i) {
        t.orientations[i] = test::yawQuat(0.1 * static_cast<double>(i));
        t.rotation_matrices[i](0, 1) = static_cast<double>(i);
    }
    Trajectory gathered = t;
    keepPoses(gathered, {1, 2, 4, 5});
    Trajectory moved = t;
    const double *storage = moved.stamps.data();
    keepRuns(moved, {{1, 2}, {4, 2}});
    EXPECT_EQ(moved.stamps, gathered.stamps);
    EXPECT_EQ(moved.positions, gathered.positions);
    ASSERT_EQ(moved.orientations.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(moved.orientations[i].coeffs(), gathered.orientations[i].coeffs());
    ASSERT_EQ(moved.rotation_matrices.size(), 4u);
    EXPECT_EQ(moved.rotation_matrices[3](0, 1), 5.0);
    EXPECT_EQ(moved.stamps.data(), storage);  // in place

    Trajectory positions_only = t;
    positions_only.orientations.clear();
    positions_only.rotation_matrices.clear();
    keepRuns(positions_only, {{0, 6}});  // the whole trajectory: nothing moves
    EXPECT_EQ(positions_only.stamps, t.stamps);
    EXPECT_FALSE(positions_only.hasRotations());
}

TEST(TrajectoryEdit, KeepPosesGathersEveryFieldInPlace) {
    Trajectory t = test::pathOf({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
    t.rotation_matrices.assign(3, Eigen::Matrix3d::Identity());
    t.rotation_matrices[2](0, 1) = 7.0;
    keepPoses(t, {2, 0, 2});
    EXPECT_EQ(t.stamps, (std::vector<double>{2, 0, 2}));
    EXPECT_EQ(t.positions[0], Eigen::Vector3d(2, 0, 0));
    ASSERT_EQ(t.rotation_matrices.size(), 3u);
    EXPECT_EQ(t.rotation_matrices[2](0, 1), 7.0);
    EXPECT_EQ(t.rotation_matrices[1](0, 1), 0.0);
    const double *before = t.stamps.data();
    keepPoses(t, {0, 1, 2});  // every pose in order: nothing moves
    EXPECT_EQ(t.stamps.data(), before);
}

TEST(TrajectoryEdit, MergeSortsByStampStably) {
    Trajectory a = test::pathOf({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});  // stamps 0 1 2
    Trajectory b;
    b.add(0.5, {10, 0, 0}, Eigen::Quaterniond::Identity());
    b.add(1.0, {11, 0, 0}, Eigen::Quaterniond::Identity());  // same stamp as a's second pose: after it
    auto merged = mergeTrajectories({a, b});
    ASSERT_TRUE(merged) << merged.message();
    EXPECT_EQ(merged->stamps, (std::vector<double>{0, 0.5, 1, 1, 2}));
    EXPECT_EQ(merged->positions[1].x(), 10);
    EXPECT_EQ(merged->positions[2].x(), 1);
    EXPECT_EQ(merged->positions[3].x(), 11);
}

TEST(TrajectoryEdit, MergeWithoutStampsAppendsAndRefusesMixing) {
    Trajectory a = test::pathOf({{0, 0, 0}, {1, 0, 0}});
    Trajectory b = test::pathOf({{5, 0, 0}});
    a.timestamped = b.timestamped = false;
    auto merged = mergeTrajectories({a, b});
    ASSERT_TRUE(merged);
    EXPECT_EQ(merged->stamps, (std::vector<double>{0, 1, 2}));
    EXPECT_EQ(merged->positions[2].x(), 5);
    b.timestamped = true;
    auto mixed = mergeTrajectories({a, b});
    ASSERT_FALSE(mixed);
    EXPECT_NE(mixed.message().find("cannot merge"), std::string::npos);
    EXPECT_FALSE(mergeTrajectories({}));
}

}  // namespace
}  // namespace robometrics::slam
