#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <string>

#include "TestSupport.hpp"
#include "robometrics/report/SvgPlot.hpp"

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

namespace {

struct ClipUse {
    std::string id;                 ///< the clipPath's id
    double x, y, width, height;     ///< its rectangle
    std::vector<std::string> refs;  ///< the ids referenced by clip-path="url(#...)"
};

ClipUse clipOf(const std::string &svg) {
    ClipUse c{};
    std::smatch m;
    std::regex def(R"re(<clipPath id="([^"]+)"><rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"/>)re");
    EXPECT_TRUE(std::regex_search(svg, m, def)) << svg.substr(0, 600);
    if (m.empty()) return c;
    c = {m[1], std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), std::stod(m[5]), {}};
    std::regex ref(R"re(clip-path="url\(#([^)]+)\)")re");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), ref); it != std::sregex_iterator(); ++it) {
        c.refs.push_back((*it)[1]);
    }
    return c;
}

}  // namespace

TEST(SvgPlot, EveryPlotClipsToItsOwnBoxWithItsOwnId) {
    // The bug this guards against: two plots on one page shared "plot<N>", so the second was cut
    // to the first one's box (a 1800 s run's plots stopped at ~1648 s).
    SvgPlot small("short run", "t [s]", "v", 400, 200);
    small.add(LineSeries{"a", {0, 10}, {0, 1}, "", false, false});
    SvgPlot large("long run", "t [s]", "v", 720, 520);
    large.add(LineSeries{"a", {0, 1800}, {0, 1}, "", false, false});
    const std::string a = small.render(), b = large.render();
    const ClipUse ca = clipOf(a), cb = clipOf(b);
    EXPECT_NE(ca.id, cb.id);
    // Plot box: 64 px left, 16 right, 46 above and below.
    EXPECT_EQ(ca.x, 64);
    EXPECT_EQ(ca.y, 46);
    EXPECT_EQ(ca.width, 400 - 64 - 16);
    EXPECT_EQ(ca.height, 200 - 92);
    EXPECT_EQ(cb.width, 720 - 64 - 16);
    EXPECT_EQ(cb.height, 520 - 92);
    ASSERT_FALSE(ca.refs.empty());
    for (const auto &r : ca.refs) EXPECT_EQ(r, ca.id);
    for (const auto &r : cb.refs) EXPECT_EQ(r, cb.id);
    // Deterministic: the same plot renders to the same bytes (reports stay reproducible).
    EXPECT_EQ(small.render(), a);
    // The last point of the long run lies on its box's right edge, inside the clip.
    EXPECT_NE(b.find("L704.0,"), std::string::npos) << b;  // 64 + 640
}

TEST(SvgPlot, AnEmptyPlotSaysWhyAndInventsNoTicks) {
    SvgPlot plot("IMU", "t [s]", "|a|", 400, 200);
    plot.add(LineSeries{"|a|", {0, 1}, {NAN, NAN}, "", false, false});
    plot.setEmptyMessage("no IMU readings in this run");
    EXPECT_FALSE(plot.hasData());
    const std::string svg = plot.render();
    // Centred in the 320 x 108 box at (64, 46).
    EXPECT_NE(svg.find("<text x=\"224.0\" y=\"104.0\" text-anchor=\"middle\" font-size=\"13\" "
                       "fill=\"#777\">no IMU readings in this run</text>"),
              std::string::npos)
        << svg;
    EXPECT_TRUE(test::svgTickLabels(svg, "end").empty());
    EXPECT_EQ(svg.find("<path"), std::string::npos);
    // Without a message of its own it still says something.
    SvgPlot bare("x", "t", "y", 400, 200);
    EXPECT_NE(bare.render().find(">no data</text>"), std::string::npos);
}

TEST(SvgPlot, ASeriesWithoutValuesIsMarkedInTheLegend) {
    SvgPlot plot("v", "t [s]", "m/s", 720, 320);
    plot.add(LineSeries{"velocity", {0, 1, 2}, {0, 1, 2}, "", false, false});
    plot.add(LineSeries{"|a|", {0, 1, 2}, {NAN, NAN, NAN}, "", false, false});
    const std::string svg = plot.render();
    EXPECT_NE(svg.find(">velocity</text>"), std::string::npos);
    EXPECT_NE(svg.find(">|a| (no data)</text>"), std::string::npos);
}

TEST(SvgPlot, TicksAreNumberedOnBothAxes) {
    SvgPlot plot("v", "t [s]", "m/s", 720, 320);
    plot.add(LineSeries{"v", {0, 100}, {0, 1}, "", false, false});
    const std::string svg = plot.render();
    EXPECT_EQ(test::svgTickLabels(svg, "middle"), (std::vector<std::string>{"0", "20", "40", "60", "80", "100"}));
    // 0..1 plus the 4 % margin: -0.04..1.04, ticks every 0.2.
    EXPECT_EQ(test::svgTickLabels(svg, "end"), (std::vector<std::string>{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
}

TEST(SvgPlot, DenseSeriesAreThinnedButKeepTheirSpike) {
    // 100,000 samples on a 640 px wide box, one spike of 10 among ones.
    LineSeries dense{"e", {}, {}, "", false, false};
    for (int i = 0; i < 100000; ++i) {
        dense.x.push_back(i);
        dense.y.push_back(i == 54321 ? 10.0 : 1.0);
    }
    SvgPlot plot("e", "t", "e", 720, 320);
    plot.add(std::move(dense));
    const std::string svg = plot.render();
    const std::size_t at = svg.find(" d=\"");
    const std::string d = svg.substr(at, svg.find('"', at + 4) - at);
    const auto points = std::count(d.begin(), d.end(), 'L') + 1;
    EXPECT_LE(points, 4 * 641);
    // The spike is the top of the y range: 10 + 4 % of 9 -> y = 46 + 0.04 / 1.08 * 228 = 54.4.
    EXPECT_NE(d.find(",54.4"), std::string::npos);
}

TEST(SvgPlot, ColouredPathOfOneValueIsOnePolyline) {
    SvgPlot plot("traj", "x", "y", 720, 520);
    ColoredPath p{"APE [m]", {}, {}, {}};
    for (int i = 0; i < 1000; ++i) {
        p.x.push_back(std::cos(i * 0.01));
        p.y.push_back(std::sin(i * 0.01));
        p.value.push_back(i < 500 ? 0.1 : 0.9);  // two colours: two runs
    }
    plot.add(std::move(p));
    const std::string svg = plot.render();
    std::size_t polylines = 0;
    for (std::size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1))
        ++polylines;
    EXPECT_EQ(polylines, 2u);
    EXPECT_NE(svg.find(heatColor(0)), std::string::npos);
    EXPECT_NE(svg.find(heatColor(1)), std::string::npos);
}

TEST(SvgPlot, AManyColouredPathCarriesItsIdOnEveryElement) {
    // Alternating values make a polyline a segment, each with the clip (the id is filled in at
    // the end, on every element at once): each element refers to the plot's own clip, none is left
    // with the placeholder, and the text around the ids is intact.
    SvgPlot plot("traj", "x", "y", 720, 520);
    ColoredPath p{"APE [m]", {}, {}, {}};
    for (int i = 0; i < 400; ++i) {
        p.x.push_back(i);
        p.y.push_back(i % 7);
        p.value.push_back(i % 2 ? 0.1 : 0.9);
    }
    plot.add(std::move(p));
    const std::string svg = plot.render();
    const ClipUse clip = clipOf(svg);
    EXPECT_GT(clip.refs.size(), 300u);
    for (const auto &r : clip.refs) EXPECT_EQ(r, clip.id);
    EXPECT_EQ(svg.find("&id;"), std::string::npos);
    EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
    EXPECT_EQ(plot.render(), svg);
}

}  // namespace robometrics::report

namespace robometrics::report {

TEST(SvgPlot, ALegendWithoutRoomOnOneRowContinuesOnTheNext) {
    // Six long names on a 720 px plot: every one has an entry (the sixth used to be dropped).
    SvgPlot plot("rates", "t", "Hz");
    for (int k = 0; k < 6; ++k) {
        plot.add(LineSeries{"/a/long/topic/name/" + std::to_string(k), {0, 1}, {1, 2}, "", false, false});
    }
    const std::string svg = plot.render();
    for (int k = 0; k < 6; ++k) {
        EXPECT_NE(svg.find(">/a/long/topic/name/" + std::to_string(k) + "</text>"), std::string::npos) << k;
    }
    // A second row at y = 51: the plot box starts below it.
    EXPECT_NE(svg.find("y=\"51.0\" fill=\"#222\">"), std::string::npos) << svg;
}

}  // namespace robometrics::report
