#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/ReferenceAlignment.hpp"

namespace robometrics::slam {
namespace {

/// Four non-collinear poses at stamps 0..3.
Trajectory square() { return test::pathOf({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 1}}); }

TEST(ReferenceAlignment, Se3RemovesAShiftAndKeepsUnmatchedPoses) {
    Trajectory ref = square();
    Trajectory est = square();
    for (auto &p : est.positions) p += Eigen::Vector3d(0, 0, 2);
    est.add(10.0, {5, 5, 7}, Eigen::Quaterniond::Identity());  // no partner in the reference
    ReferenceOptions o;
    o.align = AlignMode::Se3;
    auto r = relateToReference(ref, est, o);
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(r->matched, 4u);
    EXPECT_EQ(r->max_pairs, 4u);  // the shorter side
    EXPECT_NEAR(r->alignment.translation.z(), -2.0, 1e-12);
    ASSERT_EQ(est.size(), 5u);  // aligned as a whole, not cut to the matches
    EXPECT_NEAR(est.positions[3].z(), 1.0, 1e-12);
    EXPECT_NEAR(est.positions[4].z(), 5.0, 1e-12);
}

TEST(ReferenceAlignment, SyncKeepsOnlyMatchedPoses) {
    Trajectory ref = square();
    Trajectory est = test::stampsOf({0.004, 0.5, 2.0, 9.0});
    ReferenceOptions o;
    o.sync = true;
    auto r = relateToReference(ref, est, o);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->matched, 2u);
    EXPECT_EQ(est.stamps, (std::vector<double>{0.004, 2.0}));
    EXPECT_EQ(r->alignment.scale, 1.0);
}

TEST(ReferenceAlignment, NoMatchIsAnError) {
    Trajectory ref = square();
    Trajectory est = test::stampsOf({100.0, 101.0});
    auto r = relateToReference(ref, est, {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.message().find("no matching timestamps"), std::string::npos);
    EXPECT_EQ(est.size(), 2u);  // untouched on an error
}

}  // namespace
}  // namespace robometrics::slam
