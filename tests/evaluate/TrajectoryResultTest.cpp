#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/evaluate/TrajectoryResult.hpp"

namespace robometrics::evaluate {
namespace {

TEST(TrajectoryResult, KeepsThePairsInOrderAndTheFirstLargestError) {
    TrajectoryResult r;
    const std::vector<double> errors{0.1, 0.3, 0.3, 0.2};  // the largest twice: the first counts
    for (std::size_t i = 0; i < errors.size(); ++i) {
        const double x = static_cast<double>(i);
        r.addPair(AtePair{10.0 + x, errors[i], 0.5 + x, {x, -x, 0.5}, {x + 0.25, -x, 0.5}});
    }
    ASSERT_EQ(r.pairs.size(), 4u);
    std::size_t i = 0;
    for (const AtePair &p : r.pairs) {
        EXPECT_EQ(p.stamp, 10.0 + static_cast<double>(i));
        EXPECT_EQ(p.se3_error, errors[i]);
        EXPECT_EQ(p.est[0], static_cast<double>(i) + 0.25);
        ++i;
    }
    ASSERT_TRUE(r.worst);
    EXPECT_EQ(r.worst->stamp, 11.0);
    EXPECT_EQ(r.worst->error, 0.3);
    r.clearPairs();
    EXPECT_TRUE(r.pairs.empty());
    EXPECT_FALSE(r.worst);
}

TEST(TrajectoryResult, KeepsTheReferencePositionsAndWhereItStarts) {
    slam::Trajectory reference;
    for (int i = 0; i < 3; ++i) reference.add(i, Eigen::Vector3d(1.0 + i, 2.0, 3.0), Eigen::Quaterniond::Identity());
    TrajectoryResult r;
    r.keepReference(reference);
    ASSERT_TRUE(r.reference_start);
    EXPECT_EQ(r.reference_start->x(), 1.0);
    EXPECT_EQ(r.reference_start->y(), 2.0);
    ASSERT_EQ(r.reference.size(), 3u);
    EXPECT_EQ((*r.reference.begin()).x, 1.0);
    r.keepReference({});
    EXPECT_FALSE(r.reference_start);
    EXPECT_TRUE(r.reference.empty());
}

}  // namespace
}  // namespace robometrics::evaluate
