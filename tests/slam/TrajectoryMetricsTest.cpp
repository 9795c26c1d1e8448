#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::slam {
namespace {

/// A curved drive of `n` poses every 0.1 s, starting at `t0`, turned and shifted by `yaw`, `dx`,
/// with a small wobble so that no two alignments agree by accident.
Trajectory drive(std::size_t n, double t0, double yaw, double dx) {
    Trajectory t;
    const Eigen::Quaterniond turn = test::yawQuat(yaw);
    for (std::size_t i = 0; i < n; ++i) {
        const double s = 0.1 * static_cast<double>(i);
        const Eigen::Vector3d p(std::cos(s) * 3 + dx, std::sin(s) * 2, 0.01 * std::sin(7 * s));
        t.add(t0 + s, turn * p, turn * test::yawQuat(s));
    }
    return t;
}

void expectSame(const TrajectoryErrorResult &a, const TrajectoryErrorResult &b) {
    ASSERT_EQ(a.errors.size(), b.errors.size());
    for (std::size_t i = 0; i < a.errors.size(); ++i) {
        ASSERT_EQ(a.errors[i], b.errors[i]) << i;  // bit for bit
        ASSERT_EQ(a.stamps[i], b.stamps[i]) << i;
        ASSERT_EQ(a.prepared.est.positions[i], b.prepared.est.positions[i]) << i;
    }
    EXPECT_EQ(a.stats.rmse, b.stats.rmse);
    EXPECT_EQ(a.prepared.association.ref_indices, b.prepared.association.ref_indices);
}

TEST(TrajectoryMetrics, MatchedOnceThenAlignedTwiceGivesEvaluateApesNumbers) {
    const Trajectory ref = drive(400, 100.0, 0.0, 0.0);
    const Trajectory est = drive(700, 100.03, 0.4, 1.5);  // longer, 30 ms late, turned and shifted
    TrajectoryEvalConfig config;
    config.association.t_max_diff = 0.05;
    auto matched = matchTrajectories(ref, est, config.association);
    ASSERT_TRUE(matched.ok()) << matched.message();
    EXPECT_EQ(matched->ref.size(), matched->est.size());
    EXPECT_EQ(matched->ref.size(), 400u);
    for (AlignMode mode : {AlignMode::Se3, AlignMode::Origin, AlignMode::None}) {
        config.align = mode;
        auto whole = evaluateApe(ref, est, config, PoseRelation::Trans);
        auto once = evaluateApeOfMatched(*matched, config, PoseRelation::Trans);
        ASSERT_TRUE(whole.ok() && once.ok());
        expectSame(*once, *whole);
    }
}

TEST(TrajectoryMetrics, TrajectoriesOnDiskMatchAsInMemoryBitForBit) {
    // A reference longer than the estimate and one shorter: the association runs either way.
    for (std::size_t n : {300u, 900u}) {
        const Trajectory ref = drive(n, 100.0, 0.0, 0.0);
        const Trajectory est = drive(700, 100.03, 0.4, 1.5);
        AssociationConfig config;
        config.t_max_diff = 0.05;
        auto in_memory = matchTrajectories(ref, est, config);
        auto on_disk = matchTrajectories(PoseSource(ref), PoseSource(est), config);
        ASSERT_TRUE(in_memory.ok() && on_disk.ok());
        EXPECT_EQ(on_disk->association.ref_indices, in_memory->association.ref_indices);
        EXPECT_EQ(on_disk->association.est_indices, in_memory->association.est_indices);
        EXPECT_EQ(on_disk->association.est_poses, in_memory->association.est_poses);
        for (const auto &[a, b] :
             {std::pair{&on_disk->ref, &in_memory->ref}, std::pair{&on_disk->est, &in_memory->est}}) {
            ASSERT_EQ(a->size(), b->size());
            for (std::size_t i = 0; i < a->size(); ++i) {
                ASSERT_EQ(a->stamps[i], b->stamps[i]);
                ASSERT_EQ(a->positions[i], b->positions[i]);
                ASSERT_EQ(a->orientations[i].coeffs(), b->orientations[i].coeffs());
            }
        }
    }
    // No common time: the same error either way.
    auto far = matchTrajectories(PoseSource(drive(10, 0.0, 0, 0)), PoseSource(drive(10, 50.0, 0, 0)), {});
    auto far_memory = matchTrajectories(drive(10, 0.0, 0, 0), drive(10, 50.0, 0, 0), {});
    ASSERT_FALSE(far.ok());
    EXPECT_EQ(far.message(), far_memory.message());
}

TEST(TrajectoryMetrics, MatchingWithoutCommonTimesIsAnError) {
    auto matched = matchTrajectories(drive(10, 0.0, 0, 0), drive(10, 50.0, 0, 0), {});
    EXPECT_FALSE(matched.ok());
}

}  // namespace
}  // namespace robometrics::slam
