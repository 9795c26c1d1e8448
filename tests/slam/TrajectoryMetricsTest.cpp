#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::slam {
namespace {

using test::curvedDrive;

TEST(TrajectoryMetrics, MatchingWithoutCommonTimesIsAnError) {
    auto matched = matchTrajectories(curvedDrive(10, 0.0, 0, 0), curvedDrive(10, 50.0, 0, 0), {});
    EXPECT_FALSE(matched.ok());
}

/// The trajectory without its rotations, as io::PoseFields::PositionsOnly reads it.
Trajectory positionsOnly(const Trajectory &t) {
    Trajectory out;
    for (std::size_t i = 0; i < t.size(); ++i) out.addPosition(t.stamps[i], t.positions[i]);
    return out;
}

TEST(TrajectoryMetrics, StatisticsAloneFromPositionsAloneAreTheSame) {
    const Trajectory ref = curvedDrive(200, 0.0, 0, 0);
    Trajectory est = curvedDrive(200, 0.0, 0.4, 0.3);
    est.positions[17].x() += 0.2;  // not a perfect fit
    TrajectoryEvalConfig config;
    config.align = AlignMode::Se3;
    auto whole = evaluateApe(ref, est, config, PoseRelation::Trans);
    ASSERT_TRUE(whole.ok()) << whole.message();
    config.per_pose = false;
    auto lean = evaluateApe(positionsOnly(ref), positionsOnly(est), config, PoseRelation::Trans);
    ASSERT_TRUE(lean.ok()) << lean.message();
    EXPECT_EQ(lean->stats.rmse, whole->stats.rmse);
    EXPECT_EQ(lean->stats.median, whole->stats.median);
    EXPECT_EQ(lean->stats.std, whole->stats.std);
    EXPECT_EQ(lean->prepared.alignment.rotation, whole->prepared.alignment.rotation);
    EXPECT_EQ(lean->prepared.est.positions, whole->prepared.est.positions);
    EXPECT_TRUE(lean->errors.empty());
    EXPECT_TRUE(lean->stamps.empty());
    EXPECT_TRUE(lean->pose_indices.empty());
    // A relation of rotations cannot be computed from positions alone, and says so.
    EXPECT_FALSE(evaluateApe(positionsOnly(ref), positionsOnly(est), config, PoseRelation::AngleDeg).ok());
}

}  // namespace
}  // namespace robometrics::slam
