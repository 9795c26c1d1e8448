#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "robometrics/slam/DistanceTransform.hpp"

namespace robometrics::slam {
namespace {

TEST(DistanceTransform, DistanceToASingleBackgroundCell) {
    std::vector<std::uint8_t> fg(5 * 5, 1);
    fg[2 * 5 + 2] = 0;
    const auto d = distanceToBackground(fg, 5, 5);
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 5; ++c) {
            EXPECT_FLOAT_EQ(d[static_cast<std::size_t>(r * 5 + c)],
                            static_cast<float>(std::sqrt((r - 2) * (r - 2) + (c - 2) * (c - 2))))
                << r << "," << c;
        }
    }
}

TEST(DistanceTransform, BarOfWidthFiveMeasuresToItsEdges) {
    // Rows 2..6 of a 9 x 20 image are foreground; the grid outside does not count as background.
    std::vector<std::uint8_t> fg(9 * 20, 0);
    for (std::size_t r = 2; r <= 6; ++r) {
        for (std::size_t c = 0; c < 20; ++c) fg[r * 20 + c] = 1;
    }
    const auto d = distanceToBackground(fg, 20, 9);
    const float expected[9] = {0, 0, 1, 2, 3, 2, 1, 0, 0};
    for (std::size_t r = 0; r < 9; ++r) EXPECT_FLOAT_EQ(d[r * 20 + 10], expected[r]) << r;
    EXPECT_FLOAT_EQ(d[4 * 20 + 0], 3.0f);  // the image edge is not background
}

TEST(DistanceTransform, NearestIsFoundAcrossRowsAndColumns) {
    // Background only at (0, 0) and (6, 9) in a 7 x 10 image.
    std::vector<std::uint8_t> fg(7 * 10, 1);
    fg[0] = 0;
    fg[6 * 10 + 9] = 0;
    const auto d = distanceToBackground(fg, 10, 7);
    EXPECT_FLOAT_EQ(d[3 * 10 + 4], 5.0f);                                 // (3,4): 3-4-5 to (0,0)
    EXPECT_FLOAT_EQ(d[3 * 10 + 5], static_cast<float>(std::sqrt(25.0)));  // (3,5): sqrt(9+16) to (6,9)
    EXPECT_FLOAT_EQ(d[0 * 10 + 9], 6.0f);                                 // straight up from (6,9)
    EXPECT_FLOAT_EQ(d[6 * 10 + 0], 6.0f);
}

TEST(DistanceTransform, AllBackgroundIsZeroAndNoBackgroundIsInfinite) {
    const auto zero = distanceToBackground(std::vector<std::uint8_t>(12, 0), 4, 3);
    for (float v : zero) EXPECT_EQ(v, 0.0f);
    const auto inf = distanceToBackground(std::vector<std::uint8_t>(12, 1), 4, 3);
    for (float v : inf) EXPECT_TRUE(std::isinf(v));
}

}  // namespace
}  // namespace robometrics::slam
