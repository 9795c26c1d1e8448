#include "robometrics/report/SvgPlot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace robometrics::report {

TEST(SvgPlot, NiceTicksAreOneTwoFiveSteps) {
    EXPECT_EQ(niceTicks(0, 10, 5), (std::vector<double>{0, 2, 4, 6, 8, 10}));
    auto t = niceTicks(-0.33, 0.71, 5);
    ASSERT_EQ(t.size(), 5u);
    EXPECT_NEAR(t.front(), -0.2, 1e-12);
    EXPECT_NEAR(t[1] - t[0], 0.2, 1e-12);
    EXPECT_TRUE(niceTicks(1, 1).empty());
}

TEST(SvgPlot, HeatColorEndsAndEscaping) {
    EXPECT_EQ(heatColor(0), "#313695");
    EXPECT_EQ(heatColor(1), "#d72828");
    EXPECT_EQ(heatColor(-5), heatColor(0));
    EXPECT_EQ(escapeXml("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
}

TEST(SvgPlot, RendersSeriesLegendAndSkipsNonFinitePoints) {
    SvgPlot plot("Speed <m/s>", "time [s]", "v [m/s]", 400, 200);
    plot.add(LineSeries{"est", {0, 1, 2, 3}, {0, 1, std::nan(""), 3}, "", false, false});
    plot.add(Band{1, 2, "#f00", "lost"});
    std::string svg = plot.render();
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_NE(svg.find("Speed &lt;m/s&gt;"), std::string::npos);
    EXPECT_NE(svg.find(">est</text>"), std::string::npos);
    EXPECT_EQ(svg.find("nan"), std::string::npos);
    // The NaN splits the path: a second move-to starts after it.
    size_t path = svg.find("<path");
    ASSERT_NE(path, std::string::npos);
    std::string d = svg.substr(path, svg.find("/>", path) - path);
    EXPECT_EQ(std::count(d.begin(), d.end(), 'M'), 2);
}

}  // namespace robometrics::report
