#include <gtest/gtest.h>

#include "robometrics/report/PolylineThinning.hpp"

namespace robometrics::report {

TEST(PolylineThinning, KeepsFirstLowestHighestAndLastOfEachColumnInOrder) {
    // Column 10: five points; column 11: one point.
    std::vector<PixelPoint> in = {{10.1, 5}, {10.2, 9}, {10.3, 1}, {10.4, 4}, {10.9, 6}, {11.0, 3}};
    auto out = thinToPixelColumns(in);
    ASSERT_EQ(out.size(), 5u);
    EXPECT_EQ(out[0].y, 5);  // first
    EXPECT_EQ(out[1].y, 9);  // highest y value comes before the lowest in index order
    EXPECT_EQ(out[2].y, 1);
    EXPECT_EQ(out[3].y, 6);  // last of column 10
    EXPECT_EQ(out[4].x, 11.0);
}

TEST(PolylineThinning, SparsePointsAreUntouched) {
    std::vector<PixelPoint> in = {{0, 0}, {1.5, 2}, {3, 1}};
    auto out = thinToPixelColumns(in);
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[1].x, 1.5);
    EXPECT_TRUE(thinToPixelColumns({}).empty());
}

}  // namespace robometrics::report
