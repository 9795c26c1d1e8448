#include <gtest/gtest.h>

#include "robometrics/core/TimeIntervals.hpp"

namespace robometrics {
namespace {

TEST(TimeIntervals, MergesAndAnswersContainmentCoverAndOverlap) {
    TimeIntervals t;
    t.add(10, 20);
    t.add(15, 30);  // overlaps: merged into [10, 30]
    t.add(30, 35);  // touches: merged into [10, 35]
    t.add(50, 60);
    t.add(70, 65);  // backwards: ignored
    ASSERT_EQ(t.spans().size(), 2u);
    EXPECT_EQ(t.spans()[0].end, 35);
    EXPECT_TRUE(t.contains(10));
    EXPECT_TRUE(t.contains(35));
    EXPECT_FALSE(t.contains(40));
    EXPECT_TRUE(t.covers(12, 34));
    EXPECT_FALSE(t.covers(30, 55));
    EXPECT_EQ(t.overlap(0, 100), 25 + 10);
    EXPECT_EQ(t.overlap(30, 55), 5 + 5);
    EXPECT_EQ(t.overlap(36, 49), 0);
    EXPECT_EQ(t.total(), 35);
}

TEST(TimeIntervals, MeetsASpanThatSharesAMomentEvenOfNoLength) {
    TimeIntervals t;
    t.add(10, 20);
    t.add(40, 40);                 // one instant
    EXPECT_TRUE(t.meets(0, 10));   // ends where the span starts
    EXPECT_TRUE(t.meets(20, 30));  // starts where it ends
    EXPECT_TRUE(t.meets(12, 13));
    EXPECT_FALSE(t.meets(21, 39));
    EXPECT_TRUE(t.meets(30, 50));  // around the instant, which covers nothing of it
    EXPECT_EQ(t.overlap(30, 50), 0);
    EXPECT_FALSE(t.meets(41, 90));
    EXPECT_FALSE(TimeIntervals().meets(0, 100));
}

}  // namespace
}  // namespace robometrics
