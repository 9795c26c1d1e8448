#include <gtest/gtest.h>

#include "TrajectoryTestUtil.hpp"
#include "robometrics/slam/TrajectoryChecks.hpp"

using namespace robometrics::slam;
using robometrics::slam::test::stampsOf;

TEST(TrajectoryChecks, EpochAgainstNearZeroStampsIsAClockMismatch) {
    auto w = clockMismatchWarning(stampsOf({1.7e9, 1.7e9 + 1}), stampsOf({12.5, 13.5}));
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(*w,
              "the reference stamps are epoch time (1700000000.000 s) and the estimate stamps start near zero (12.500 "
              "s): different clocks (sim time, time since boot?); try --t-offset auto, or record both with the same "
              "clock (use_sim_time)");
    EXPECT_FALSE(clockMismatchWarning(stampsOf({1.7e9}), stampsOf({1.7e9 + 3})));
    EXPECT_FALSE(clockMismatchWarning(stampsOf({1e7}), stampsOf({0.5})));  // neither is epoch time
    Trajectory kitti = stampsOf({0, 1});
    kitti.timestamped = false;
    EXPECT_FALSE(clockMismatchWarning(stampsOf({1.7e9}), kitti));
}

TEST(TrajectoryChecks, LowConfidenceBelowTwoTenths) {
    TimeOffsetEstimate e;
    e.offset = 0.25;
    e.confidence = 0.15;
    auto w = lowConfidenceWarning(e);
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(*w,
              "the estimated time offset (+0.2500 s) has a low confidence (0.15): the motion has little to match "
              "(straight lines, constant speed, repeated patterns); check it or give --t-offset SECONDS");
    e.confidence = 0.2;
    EXPECT_FALSE(lowConfidenceWarning(e));
}

TEST(TrajectoryChecks, SparseAssociationUnderHalf) {
    Association a;
    a.ref_indices = a.est_indices = {0, 1};
    a.pairs = 2;
    a.max_pairs = 5;
    auto w = sparseAssociationWarning(a, true, 0.01);
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(*w,
              "only 2 of 5 possible poses matched (40 %): the stamps may be offset (try --t-offset auto) or "
              "--t-max-diff (0.01 s) too small for the rates");
    EXPECT_FALSE(sparseAssociationWarning(a, false, 0.01));  // paired by index
    a.max_pairs = 4;
    EXPECT_FALSE(sparseAssociationWarning(a, true, 0.01));  // exactly half
}
