#include "robometrics/terrain/CostmapImage.hpp"

#include <gtest/gtest.h>

namespace robometrics::terrain {
namespace {

TEST(CostmapImageTest, PlusYIsUpAndEachValueHasItsColour) {
    msgs::OccupancyGrid g;
    g.info.width = 2;
    g.info.height = 2;
    g.data = {100, 0, -1, 99};  // bottom row: lethal, free; top row: unknown, 99
    auto rgb = costmapRgb(g);
    ASSERT_EQ(rgb.size(), 12u);
    EXPECT_EQ(std::vector<std::uint8_t>(rgb.begin(), rgb.begin() + 6),
              (std::vector<std::uint8_t>{128, 128, 128, 140, 0, 0}));  // top row first
    EXPECT_EQ(std::vector<std::uint8_t>(rgb.begin() + 6, rgb.end()),
              (std::vector<std::uint8_t>{0, 0, 0, 255, 255, 255}));
}

}  // namespace
}  // namespace robometrics::terrain
