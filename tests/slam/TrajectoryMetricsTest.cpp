#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::slam {
namespace {

using test::curvedDrive;

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
    const Trajectory ref = curvedDrive(400, 100.0, 0.0, 0.0);
    const Trajectory est = curvedDrive(700, 100.03, 0.4, 1.5);  // longer, 30 ms late, turned and shifted
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

TEST(TrajectoryMetrics, MatchingWithoutCommonTimesIsAnError) {
    auto matched = matchTrajectories(curvedDrive(10, 0.0, 0, 0), curvedDrive(10, 50.0, 0, 0), {});
    EXPECT_FALSE(matched.ok());
}

}  // namespace
}  // namespace robometrics::slam
