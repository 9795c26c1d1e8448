#include <gtest/gtest.h>

#include "robometrics/slam/MapOverlay.hpp"

namespace robometrics::slam {
namespace {

TEST(MapOverlay, ClassifiesEveryCombination) {
    EXPECT_EQ(classifyCell(100, 100), OverlayClass::BothOccupied);
    EXPECT_EQ(classifyCell(0, 0), OverlayClass::BothFree);
    EXPECT_EQ(classifyCell(0, 50), OverlayClass::BothFree);
    EXPECT_EQ(classifyCell(100, 0), OverlayClass::MissedWall);
    EXPECT_EQ(classifyCell(100, -1), OverlayClass::UnseenWall);
    EXPECT_EQ(classifyCell(0, 51), OverlayClass::PhantomWall);
    EXPECT_EQ(classifyCell(0, -1), OverlayClass::Unexplored);
    EXPECT_EQ(classifyCell(-1, 0), OverlayClass::OutsideGt);
    EXPECT_EQ(classifyCell(-1, -1), OverlayClass::BothUnknown);
}

TEST(MapOverlay, RendersTopRowFirstWithTheClassColours) {
    CellGrid gt(2, 2, 0), est(2, 2, 0);
    gt.at(0, 1) = 100;  // top-left in the image: GT wall, estimate free -> red
    est.at(1, 0) = -1;  // bottom-right: unexplored -> light grey
    const auto rgb = renderOverlay(gt, est);
    ASSERT_EQ(rgb.size(), 12u);
    EXPECT_EQ((std::vector<int>{rgb[0], rgb[1], rgb[2]}), (std::vector<int>{230, 30, 30}));
    EXPECT_EQ((std::vector<int>{rgb[3], rgb[4], rgb[5]}), (std::vector<int>{255, 255, 255}));
    EXPECT_EQ((std::vector<int>{rgb[9], rgb[10], rgb[11]}), (std::vector<int>{205, 205, 205}));
}

}  // namespace
}  // namespace robometrics::slam
