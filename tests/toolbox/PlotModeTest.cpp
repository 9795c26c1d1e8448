#include <gtest/gtest.h>

#include "robometrics/toolbox/PlotMode.hpp"

namespace robometrics::toolbox {
namespace {

TEST(PlotMode, TwoAxisModesNameHorizontalThenVertical) {
    EXPECT_EQ(plotModeAxes("xy"), (std::array<int, 2>{0, 1}));
    EXPECT_EQ(plotModeAxes("yx"), (std::array<int, 2>{1, 0}));
    EXPECT_EQ(plotModeAxes("zy"), (std::array<int, 2>{2, 1}));
    EXPECT_EQ(plotModeAxes("xz"), (std::array<int, 2>{0, 2}));
    EXPECT_FALSE(plotModeAxes("xyz")) << "evo's 3-D view: the automatic choice";
    EXPECT_FALSE(plotModeAxes(""));
    EXPECT_FALSE(plotModeAxes("xx"));
    EXPECT_FALSE(plotModeAxes("ab"));
    EXPECT_EQ(plotModes().size(), 7u);
}

}  // namespace
}  // namespace robometrics::toolbox
