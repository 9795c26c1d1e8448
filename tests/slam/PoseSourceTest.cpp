#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/PoseSource.hpp"

namespace robometrics::slam {
namespace {

Trajectory threePoses() {
    Trajectory t;
    for (int i = 0; i < 3; ++i) t.add(i * 0.5, Eigen::Vector3d(i, 2.0 * i, 0), test::yawQuat(0.1 * i));
    return t;
}

TEST(PoseSource, AStampedTrajectoryGoesToDiskAndComesBackTheSame) {
    const Trajectory t = threePoses();
    const PoseSource source(t);
    EXPECT_TRUE(source.onDisk());
    EXPECT_EQ(source.size(), 3u);
    EXPECT_EQ(source.stampsOnly().stamps, t.stamps);
    const Trajectory picked = source.select({2, 0});
    EXPECT_EQ(picked.positions[0], t.positions[2]);
    EXPECT_EQ(picked.orientations[1].coeffs(), t.orientations[0].coeffs());
}

TEST(PoseSource, RawRotationMatricesOrNoStampsStayInMemory) {
    // A KITTI trajectory keeps its matrices and is paired by index: a PoseLog keeps neither.
    Trajectory kitti = threePoses();
    kitti.timestamped = false;
    kitti.rotation_matrices.assign(3, Eigen::Matrix3d::Identity() * 1.0000001);
    const PoseSource source(kitti);
    EXPECT_FALSE(source.onDisk());
    EXPECT_FALSE(source.stampsOnly().timestamped);
    const Trajectory picked = source.select({1});
    ASSERT_EQ(picked.rotation_matrices.size(), 1u);
    EXPECT_EQ(picked.rotation_matrices[0], kitti.rotation_matrices[1]);
}

}  // namespace
}  // namespace robometrics::slam
