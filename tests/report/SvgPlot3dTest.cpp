#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>

#include "TestSupport.hpp"
#include "robometrics/report/SvgPlot3d.hpp"

namespace robometrics::report {
namespace {

TEST(SvgPlot3d, ProjectsAsMatplotlibsDefaultView) {
    // Azimuth -60, elevation 30: right = x sin60 + y cos60, up = -x cos60 sin30 + y sin60 sin30 + z cos30.
    double right = 0, up = 0;
    SvgPlot3d::project(1, 0, 0, right, up);
    EXPECT_NEAR(right, std::sqrt(3.0) / 2, 1e-15);  // +x: to the lower right
    EXPECT_NEAR(up, -0.25, 1e-15);
    SvgPlot3d::project(0, 1, 0, right, up);
    EXPECT_NEAR(right, 0.5, 1e-15);  // +y: to the upper right, into the picture
    EXPECT_NEAR(up, std::sqrt(3.0) / 4, 1e-15);
    SvgPlot3d::project(0, 0, 1, right, up);
    EXPECT_NEAR(right, 0.0, 1e-15);  // +z: straight up
    EXPECT_NEAR(up, std::sqrt(3.0) / 2, 1e-15);
}

TEST(SvgPlot3d, DrawsTheLinesInACubeWithTicksAndALegend) {
    SvgPlot3d plot("trajectories, 3-D view", "m");
    // A helix of 3 m across and 2 m high, broken once (NaN): two stretches, so two move-tos.
    Line3 helix{"vins", {}, {}, {}, "", false};
    for (int i = 0; i <= 40; ++i) {
        const double a = 0.25 * i;
        helix.x.push_back(i == 20 ? NAN : 1.5 * std::cos(a));
        helix.y.push_back(1.5 * std::sin(a));
        helix.z.push_back(0.05 * i);
    }
    plot.add(helix);
    plot.add(Line3{"gt", {0, 1}, {0, 1}, {0, 1}, "#888888", true});
    ASSERT_TRUE(plot.hasData());
    const std::string svg = plot.render();
    EXPECT_NE(svg.find(">vins</text>"), std::string::npos);
    EXPECT_NE(svg.find(">gt</text>"), std::string::npos);
    EXPECT_NE(svg.find(">x [m]</text>"), std::string::npos);
    EXPECT_NE(svg.find(">z [m]</text>"), std::string::npos);
    EXPECT_NE(svg.find("stroke=\"#888888\" stroke-width=\"1.6\" stroke-dasharray"), std::string::npos);
    const std::regex path("<path d=\"(M[^\"]*)\"");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(svg, m, path));
    const std::string d = m[1];
    EXPECT_EQ(std::count(d.begin(), d.end(), 'M'), 2) << "the NaN breaks the line";
    // The cube is the largest extent (3 m) for every axis: z's ticks run beyond its 2 m of data.
    const auto z_ticks = test::svgTickLabels(svg, "end");
    ASSERT_GE(z_ticks.size(), 3u);
    EXPECT_LE(std::stod(z_ticks.front()), -0.5);
    EXPECT_GE(std::stod(z_ticks.back()), 2.5);
}

TEST(SvgPlot3d, ColoursAPathByItsValuesWithAColourBar) {
    SvgPlot3d plot("APE", "m");
    // Errors 0.1 .. 0.5 m along a climbing line: the bar runs from 0.1 to 0.5, and the path has
    // the scale's two ends, blue (#30459c, the low end) to red (the high end).
    ColoredPath3 path{"APE [m]", {0, 1, 2, 3, 4}, {0, 0, 0, 0, 0}, {0, 1, 2, 3, 4}, {0.1, 0.2, 0.3, 0.4, 0.5}};
    plot.add(path);
    ASSERT_TRUE(plot.hasData());
    const std::string svg = plot.render();
    EXPECT_NE(svg.find(">APE [m]</text>"), std::string::npos);
    EXPECT_NE(svg.find(">0.5</text>"), std::string::npos);
    EXPECT_NE(svg.find(">0.1</text>"), std::string::npos);
    EXPECT_NE(svg.find("<polyline"), std::string::npos);
}

TEST(SvgPlot3d, SaysWhyItIsEmpty) {
    SvgPlot3d plot("trajectories, 3-D view", "m");
    plot.setEmptyMessage("no poses to draw");
    plot.add(Line3{"a", {NAN}, {0}, {0}, "", false});
    EXPECT_FALSE(plot.hasData());
    const std::string svg = plot.render();
    EXPECT_NE(svg.find(">no poses to draw</text>"), std::string::npos);
    EXPECT_EQ(svg.find("<path"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::report
