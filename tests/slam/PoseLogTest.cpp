#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/PoseLog.hpp"

namespace robometrics::slam {
namespace {

/// `n` poses with stamps, positions and turns no two alike (more than a SpillLog block).
Trajectory poses(std::size_t n) {
    Trajectory t;
    for (std::size_t i = 0; i < n; ++i) {
        const double s = 0.05 * static_cast<double>(i);
        t.add(1e9 + s, Eigen::Vector3d(std::cos(s), std::sin(s), 1e-3 * s), test::yawQuat(0.3 * s));
    }
    return t;
}

void expectPose(const Trajectory &a, std::size_t i, const Trajectory &b, std::size_t j) {
    ASSERT_EQ(a.stamps[i], b.stamps[j]);
    ASSERT_EQ(a.positions[i], b.positions[j]);
    ASSERT_EQ(a.orientations[i].coeffs(), b.orientations[j].coeffs());
}

TEST(PoseLog, ReadsBackEveryPoseBitForBit) {
    const Trajectory t = poses(9000);
    PoseLog log;
    log.append(t);
    ASSERT_EQ(log.size(), t.size());
    const Trajectory all = log.all();
    ASSERT_EQ(all.size(), t.size());
    for (std::size_t i = 0; i < t.size(); ++i) expectPose(all, i, t, i);
    const Trajectory stamps = log.stampsOnly();
    EXPECT_EQ(stamps.stamps, t.stamps);
    EXPECT_TRUE(stamps.positions.empty());
}

TEST(PoseLog, SelectsInAnyOrderWithRepeats) {
    const Trajectory t = poses(9000);
    PoseLog log;
    log.append(t);
    const std::vector<std::size_t> indices{0, 5, 5, 4100, 8999, 3, 8200, 8200};
    const Trajectory picked = log.select(indices);
    const Trajectory expected = selectPoses(t, indices);
    ASSERT_EQ(picked.size(), indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) expectPose(picked, k, expected, k);
}

}  // namespace
}  // namespace robometrics::slam
