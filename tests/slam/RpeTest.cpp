#include <gtest/gtest.h>

#include <cmath>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/Rpe.hpp"

using namespace robometrics::slam;
using robometrics::slam::test::pathOf;
using robometrics::slam::test::yawQuat;
using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;

namespace {

Trajectory line(std::initializer_list<double> xs) {
    Trajectory t;
    for (double x : xs) t.add(static_cast<double>(t.size()), {x, 0, 0}, Eigen::Quaterniond::Identity());
    return t;
}

}  // namespace

TEST(Rpe, FramesConsecutive) {
    RpeConfig c;
    auto r = computeRpe(line({0, 1, 2, 3}), line({0, 1.1, 2.1, 3.3}), c);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r->pairs, (Pairs{{0, 1}, {1, 2}, {2, 3}}));
    ASSERT_EQ(r->errors.size(), 3u);
    EXPECT_NEAR(r->errors[0], 0.1, 1e-12);
    EXPECT_NEAR(r->errors[1], 0.0, 1e-12);
    EXPECT_NEAR(r->errors[2], 0.2, 1e-12);
}

TEST(Rpe, FramesDeltaTwoConsecutiveAndAllPairs) {
    RpeConfig c;
    c.delta = 2.9;  // int(delta) frames, as evo
    auto r = computeRpe(line({0, 1, 2, 3}), line({0, 1.1, 2.1, 3.3}), c);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->pairs, (Pairs{{0, 2}}));
    EXPECT_NEAR(r->errors[0], 0.1, 1e-12);
    c.all_pairs = true;
    r = computeRpe(line({0, 1, 2, 3}), line({0, 1.1, 2.1, 3.3}), c);
    EXPECT_EQ(r->pairs, (Pairs{{0, 2}, {1, 3}}));
    EXPECT_NEAR(r->errors[1], 0.2, 1e-12);
}

TEST(Rpe, MetresConsecutiveStartAtTheFirstRecordedIndex) {
    auto pairs = rpePairs(line({0, 0.5, 1, 1.5, 2, 2.5, 3}), 1.0, DeltaUnit::Meters, 0.1, false);
    ASSERT_TRUE(pairs.ok());
    EXPECT_EQ(*pairs, (Pairs{{2, 4}, {4, 6}}));
}

TEST(Rpe, MetresAllPairsNearestWithinTolerance) {
    auto pairs = rpePairs(line({0, 0.5, 1, 1.5, 2, 2.5, 3}), 1.0, DeltaUnit::Meters, 0.1, true);
    ASSERT_TRUE(pairs.ok());
    EXPECT_EQ(*pairs, (Pairs{{0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}}));
    // 0.75 and 1.25 are both 0.25 from 1: the first wins; the tolerance 0.1 * 1 drops it, 0.5 keeps it.
    EXPECT_TRUE(rpePairs(line({0, 0.75, 1.25}), 1.0, DeltaUnit::Meters, 0.1, true)->empty());
    EXPECT_EQ(*rpePairs(line({0, 0.75, 1.25}), 1.0, DeltaUnit::Meters, 0.5, true), (Pairs{{0, 1}, {1, 2}}));
}

TEST(Rpe, AnglePairs) {
    Trajectory t;
    for (int i = 0; i < 5; ++i) t.add(i, {static_cast<double>(i), 0, 0}, yawQuat(i * M_PI / 6));  // 30 degree steps
    EXPECT_EQ(*rpePairs(t, 50.0, DeltaUnit::Degrees, 0.1, false), (Pairs{{0, 2}, {2, 4}}));
    EXPECT_EQ(*rpePairs(t, 60.0, DeltaUnit::Degrees, 0.1, true), (Pairs{{0, 2}, {1, 3}, {2, 4}}));
    EXPECT_EQ(*rpePairs(t, M_PI / 2, DeltaUnit::Radians, 0.05, true), (Pairs{{0, 3}, {1, 4}}));
}

TEST(Rpe, RotationErrorOfARelativeMotion) {
    Trajectory ref = pathOf({{0, 0, 0}, {1, 0, 0}});
    Trajectory est = pathOf({{0, 0, 0}, {1, 0, 0}});
    est.orientations[1] = yawQuat(0.1);
    RpeConfig c;
    c.relation = PoseRelation::AngleRad;
    EXPECT_NEAR(computeRpe(ref, est, c)->errors[0], 0.1, 1e-15);
    c.relation = PoseRelation::Trans;
    EXPECT_NEAR(computeRpe(ref, est, c)->errors[0], 0.0, 1e-15);
}

TEST(Rpe, PointDistanceAndRatio) {
    RpeConfig c;
    c.relation = PoseRelation::PointDistance;
    auto r = computeRpe(line({0, 2, 2}), line({0, 2.5, 3}), c);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->errors, (std::vector<double>{0.5, 0.5}));
    c.relation = PoseRelation::PointDistanceErrorRatio;
    r = computeRpe(line({0, 2, 2}), line({0, 2.5, 3}), c);
    // The second pair has zero reference distance and is dropped; 0.5 / 2 * 100 = 25 %.
    EXPECT_EQ(r->errors, (std::vector<double>{25.0}));
    EXPECT_EQ(r->pairs, (Pairs{{0, 1}}));
}

TEST(Rpe, PairsFromReferenceOrEstimate) {
    RpeConfig c;
    c.delta = 2.0;
    c.delta_unit = DeltaUnit::Meters;
    auto from_est = computeRpe(line({0, 1, 2, 3, 4}), line({0, 2, 4, 6, 8}), c);
    ASSERT_TRUE(from_est.ok());
    EXPECT_EQ(from_est->pairs, (Pairs{{1, 2}, {2, 3}, {3, 4}}));
    EXPECT_EQ(from_est->errors, (std::vector<double>{1, 1, 1}));
    c.pairs_from_reference = true;
    auto from_ref = computeRpe(line({0, 1, 2, 3, 4}), line({0, 2, 4, 6, 8}), c);
    EXPECT_EQ(from_ref->pairs, (Pairs{{2, 4}}));
    EXPECT_EQ(from_ref->errors, (std::vector<double>{2}));
}

TEST(Rpe, NoPairsIsAnError) {
    RpeConfig c;
    c.delta = 10;
    auto r = computeRpe(line({0, 1}), line({0, 1}), c);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.message().find("no pose pairs"), std::string::npos);
    EXPECT_FALSE(parseDeltaUnit("s").ok());
}
