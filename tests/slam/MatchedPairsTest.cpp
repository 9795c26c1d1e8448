#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/MatchedPairs.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::slam {
namespace {

using test::curvedDrive;

/// The APE of the two trajectories computed in memory (evaluateApe).
TrajectoryErrorResult inMemory(const Trajectory &ref, const Trajectory &est, AlignMode mode) {
    TrajectoryEvalConfig config;
    config.association.t_max_diff = 0.05;
    config.align = mode;
    auto ape = evaluateApe(ref, est, config, PoseRelation::Trans);
    EXPECT_TRUE(ape.ok());
    return *ape;
}

TEST(MatchedPairs, TheApeInPassesOverTheDiskIsTheInMemoryApeBitForBit) {
    // Counts below and above numpy's 128-value leaves and several splits of its pairwise sum;
    // reference longer and shorter than the estimate (both association directions).
    for (const auto &[ref_n, est_n] : {std::pair{5u, 7u}, std::pair{300u, 700u}, std::pair{5000u, 3001u}}) {
        const Trajectory ref = curvedDrive(ref_n, 100.0, 0.0, 0.0);
        const Trajectory est = curvedDrive(est_n, 100.03, 0.4, 1.5);
        AssociationConfig config;
        config.t_max_diff = 0.05;
        auto association = associate(ref, est, config);
        ASSERT_TRUE(association.ok());
        const MatchedPairs pairs = MatchedPairs::of(PoseSource(ref), PoseSource(est), *association);
        ASSERT_EQ(pairs.size(), association->size());
        std::vector<double> se3_errors, origin_errors;
        std::vector<Eigen::Vector3d> aligned;
        auto ape = pairs.ape([&](const MatchedPairs::Pair &, double se3, double origin, const Eigen::Vector3d &p) {
            se3_errors.push_back(se3);
            origin_errors.push_back(origin);
            aligned.push_back(p);
        });
        ASSERT_TRUE(ape.ok()) << ape.message();
        const TrajectoryErrorResult se3 = inMemory(ref, est, AlignMode::Se3);
        const TrajectoryErrorResult origin = inMemory(ref, est, AlignMode::Origin);
        ASSERT_EQ(se3_errors.size(), se3.errors.size());
        for (std::size_t i = 0; i < se3_errors.size(); ++i) {
            ASSERT_EQ(se3_errors[i], se3.errors[i]) << ref_n << " pair " << i;  // bit for bit
            ASSERT_EQ(origin_errors[i], origin.errors[i]) << ref_n << " pair " << i;
            ASSERT_EQ(aligned[i], se3.prepared.est.positions[i]) << ref_n << " pair " << i;
        }
        EXPECT_EQ(ape->se3.rmse, se3.stats.rmse);
        EXPECT_EQ(ape->se3.median, se3.stats.median);
        EXPECT_EQ(ape->origin.rmse, origin.stats.rmse);
        EXPECT_EQ(ape->se3_alignment.rotation, se3.prepared.alignment.rotation);
        EXPECT_EQ(ape->se3_alignment.translation, se3.prepared.alignment.translation);
    }
}

TEST(MatchedPairs, AllOnOneLineIsTheDegenerateCovarianceError) {
    Trajectory line;
    for (int i = 0; i < 20; ++i) line.add(i * 0.1, Eigen::Vector3d(i, 0, 0), Eigen::Quaterniond::Identity());
    auto association = associate(line, line, {});
    ASSERT_TRUE(association.ok());
    auto ape = MatchedPairs::of(PoseSource(line), PoseSource(line), *association).ape([](auto &&...) {});
    ASSERT_FALSE(ape.ok());
    TrajectoryEvalConfig config;
    config.align = AlignMode::Se3;
    EXPECT_EQ(ape.message(), evaluateApe(line, line, config, PoseRelation::Trans).message());
}

}  // namespace
}  // namespace robometrics::slam
