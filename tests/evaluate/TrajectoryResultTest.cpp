#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/evaluate/TrajectoryResult.hpp"

namespace robometrics::evaluate {
namespace {

TEST(TrajectoryResult, KeepsEachMatchedPairWithBothErrorsAndTheLargestFirstOfEquals) {
    slam::Trajectory reference;
    for (int i = 0; i < 4; ++i) reference.add(10.0 + i, Eigen::Vector3d(i, -i, 0.5), Eigen::Quaterniond::Identity());
    slam::TrajectoryErrorResult se3, origin;
    se3.prepared.ref = reference;
    se3.prepared.est = reference;
    for (Eigen::Vector3d &p : se3.prepared.est.positions) p.x() += 0.25;
    se3.stamps = reference.stamps;
    se3.errors = {0.1, 0.3, 0.3, 0.2};  // the largest twice: the first counts
    se3.pose_indices = {0, 1, 2, 3};
    se3.stats.rmse = 0.25;
    se3.stats.n = 4;
    se3.prepared.alignment.scale = 1.0;
    origin.errors = {0.5, 0.6, 0.7};  // one fewer: the last pair has none
    origin.stats.rmse = 0.6;

    TrajectoryResult r;
    r.keepReference(reference);
    r.keepErrors("run.mcap:tf:map:base_link", se3, origin);
    EXPECT_EQ(r.estimate_source, "run.mcap:tf:map:base_link");
    EXPECT_EQ(r.se3.rmse, 0.25);
    EXPECT_EQ(r.origin.rmse, 0.6);
    ASSERT_TRUE(r.reference_start);
    EXPECT_EQ(r.reference_start->x(), 0.0);
    ASSERT_EQ(r.reference.size(), 4u);
    ASSERT_EQ(r.pairs.size(), 4u);
    std::size_t i = 0;
    for (const AtePair &p : r.pairs) {
        EXPECT_EQ(p.stamp, 10.0 + i);
        EXPECT_EQ(p.se3_error, se3.errors[i]);
        if (i < 3) {
            EXPECT_EQ(p.origin_error, origin.errors[i]);
        } else {
            EXPECT_TRUE(std::isnan(p.origin_error));
        }
        EXPECT_EQ(p.ref[0], double(i));
        EXPECT_EQ(p.est[0], double(i) + 0.25);
        EXPECT_EQ(p.est[1], -double(i));
        ++i;
    }
    ASSERT_TRUE(r.worst);
    EXPECT_EQ(r.worst->stamp, 11.0);
    EXPECT_EQ(r.worst->error, 0.3);
}

TEST(TrajectoryResult, WithoutPairsThereIsNoWorstError) {
    TrajectoryResult r;
    r.keepReference({});
    r.keepErrors("x", {}, {});
    EXPECT_FALSE(r.reference_start);
    EXPECT_TRUE(r.pairs.empty());
    EXPECT_FALSE(r.worst);
}

}  // namespace
}  // namespace robometrics::evaluate
