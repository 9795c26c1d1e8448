#include <gtest/gtest.h>

#include "robometrics/slam/WallThickness.hpp"

namespace robometrics::slam {
namespace {

// A wall `w` cells wide spanning the whole grid (horizontal or vertical), in free space.
CellGrid wall(int w, bool vertical) {
    const std::size_t len = 30, across = 25;
    CellGrid g(vertical ? across : len, vertical ? len : across, 0);
    for (std::size_t k = 6; k < 6 + static_cast<std::size_t>(w); ++k) {
        for (std::size_t t = 0; t < len; ++t) {
            if (vertical) {
                g.at(k, t) = 100;
            } else {
                g.at(t, k) = 100;
            }
        }
    }
    return g;
}

TEST(WallThickness, StraightWallsOfWidthOneToNine) {
    // The skeleton samples d = ceil(w / 2): corrected (2d - 1) res is exact for odd widths and one
    // cell low for even ones; raw 2d res is one cell high for odd widths.
    const double res = 0.05;
    const double corrected[10] = {0, 0.05, 0.05, 0.15, 0.15, 0.25, 0.25, 0.35, 0.35, 0.45};
    const double raw[10] = {0, 0.10, 0.10, 0.20, 0.20, 0.30, 0.30, 0.40, 0.40, 0.50};
    for (int w = 1; w <= 9; ++w) {
        for (bool vertical : {false, true}) {
            const WallThicknessResult r = computeWallThickness(wall(w, vertical), res);
            ASSERT_TRUE(r.valid()) << w;
            EXPECT_EQ(r.occupied_cells, 30u * static_cast<std::size_t>(w));
            EXPECT_DOUBLE_EQ(r.mean_distance_cells, (w + 1) / 2) << "width " << w;
            EXPECT_NEAR(r.corrected_m, corrected[w], 1e-12) << "width " << w;
            EXPECT_NEAR(r.raw_m, raw[w], 1e-12) << "width " << w;
        }
    }
    // Skeleton lengths: the ends are thinned from the grid border.
    EXPECT_EQ(computeWallThickness(wall(1, false), res).skeleton_cells, 30u);
    EXPECT_EQ(computeWallThickness(wall(3, false), res).skeleton_cells, 27u);
    EXPECT_EQ(computeWallThickness(wall(9, false), res).skeleton_cells, 21u);
}

TEST(WallThickness, OccupancyAboveFiftyCountsAsWall) {
    CellGrid g = wall(3, false);
    for (std::size_t c = 0; c < g.width; ++c) g.at(c, 6) = 50;         // 50 is not occupied
    EXPECT_EQ(computeWallThickness(g, 1.0).mean_distance_cells, 1.0);  // a 2-wide wall remains
    for (std::size_t c = 0; c < g.width; ++c) g.at(c, 6) = 51;
    EXPECT_EQ(computeWallThickness(g, 1.0).mean_distance_cells, 2.0);
}

TEST(WallThickness, NoWallsOrNoBackgroundGiveNoValue) {
    EXPECT_FALSE(computeWallThickness(CellGrid(10, 10, 0), 0.05).valid());
    EXPECT_FALSE(computeWallThickness(CellGrid(10, 10, -1), 0.05).valid());
    const WallThicknessResult full = computeWallThickness(CellGrid(10, 10, 100), 0.05);
    EXPECT_FALSE(full.valid());
    EXPECT_EQ(full.occupied_cells, 100u);
    EXPECT_EQ(full.raw_m, 0.0);
}

}  // namespace
}  // namespace robometrics::slam
