#include <gtest/gtest.h>

#include "robometrics/report/SvgPlot.hpp"
#include "robometrics/report/SvgRaster.hpp"

namespace robometrics::report {
namespace {

std::array<int, 3> pixel(const Image &image, int x, int y) {
    const std::size_t at = (static_cast<std::size_t>(y) * image.width + x) * 3;
    return {image.pixels[at], image.pixels[at + 1], image.pixels[at + 2]};
}

TEST(SvgRaster, DrawsRectsLinesPathsAndClips) {
    const std::string svg =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\">"
        "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
        "<defs><clipPath id=\"c\"><rect x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></clipPath></defs>"
        "<rect x=\"0\" y=\"0\" width=\"2\" height=\"2\" fill=\"#ff0000\"/>"
        "<line x1=\"0\" y1=\"5\" x2=\"19\" y2=\"5\" stroke=\"#00f\"/>"
        "<path clip-path=\"url(#c)\" d=\"M0,8L19,8\" stroke=\"#00ff00\"/>"
        "<text x=\"1\" y=\"1\" fill=\"#000\">ignored</text></svg>";
    const Image image = rasterizeSvg(svg);
    ASSERT_EQ(image.width, 20);
    ASSERT_EQ(image.height, 10);
    EXPECT_EQ(pixel(image, 1, 1), (std::array<int, 3>{255, 0, 0}));
    EXPECT_EQ(pixel(image, 3, 3), (std::array<int, 3>{255, 255, 255}));
    EXPECT_EQ(pixel(image, 15, 5), (std::array<int, 3>{0, 0, 255}));
    EXPECT_EQ(pixel(image, 5, 8), (std::array<int, 3>{0, 255, 0}));
    EXPECT_EQ(pixel(image, 15, 8), (std::array<int, 3>{255, 255, 255})) << "outside the clip box";
}

TEST(SvgRaster, MalformedNumbersAndHugeCoordinatesAreSkipped) {
    const Image image = rasterizeSvg(
        "<svg width=\"4\" height=\"4\"><polyline points=\"- . 1,1 2,2\" stroke=\"#000\"/>"
        "<line x1=\"0\" y1=\"0\" x2=\"1e300\" y2=\"1\" stroke=\"#000\"/></svg>");
    EXPECT_EQ(image.width, 4);
    EXPECT_EQ(pixel(image, 1, 1), (std::array<int, 3>{0, 0, 0}));
}

TEST(SvgRaster, PlotKeepsItsSizeAndDrawsTheSeriesColour) {
    SvgPlot plot("t", "x", "y", 300, 200);
    plot.add(LineSeries{"a", {0, 1, 2}, {0, 1, 0}, "#d62728", false, false});
    const Image image = rasterizeSvg(plot.render());
    EXPECT_EQ(image.width, 300);
    EXPECT_EQ(image.height, 200);
    int red = 0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) red += pixel(image, x, y) == std::array<int, 3>{0xd6, 0x27, 0x28};
    }
    EXPECT_GT(red, 100);  // the line (about 2 x 230 px) and the legend swatch
}

}  // namespace
}  // namespace robometrics::report
