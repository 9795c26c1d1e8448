#include <cairo.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "TestSupport.hpp"
#include "robometrics/report/SvgPlot.hpp"
#include "robometrics/report/SvgToPng.hpp"

namespace robometrics::report {
namespace {

struct SurfaceDestroy {
    void operator()(cairo_surface_t *surface) const { cairo_surface_destroy(surface); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDestroy>;

/// The PNG read back by cairo (an error surface when it cannot be read).
Surface readPng(const std::filesystem::path &path) {
    Surface surface(cairo_image_surface_create_from_png(path.c_str()));
    cairo_surface_flush(surface.get());
    return surface;
}

/// The pixel at (x, y) of an RGB24 surface as 0xRRGGBB (cairo keeps one native-endian 32-bit word
/// per pixel, the top byte unused).
std::uint32_t rgbAt(cairo_surface_t *surface, int x, int y) {
    const unsigned char *row = cairo_image_surface_get_data(surface) + y * cairo_image_surface_get_stride(surface);
    return *reinterpret_cast<const std::uint32_t *>(row + x * 4) & 0xffffff;
}

/// A rectangle of pixels, [x0, x1) x [y0, y1).
struct Region {
    int x0, y0, x1, y1;
};

/// Pixels of `region` darker than mid grey in every channel: text set in #222 or #444 on white.
/// The grey frame (#999), the grid (#e5e5e5) and the red series (#d62728) do not count.
int darkPixels(cairo_surface_t *surface, Region region) {
    int dark = 0;
    for (int y = region.y0; y < region.y1; ++y) {
        for (int x = region.x0; x < region.x1; ++x) {
            const std::uint32_t rgb = rgbAt(surface, x, y);
            dark += (rgb >> 16) < 128 && ((rgb >> 8) & 0xff) < 128 && (rgb & 0xff) < 128;
        }
    }
    return dark;
}

/// darkPixels of `region` in an SvgPlot of 400 x 240 with one red series, rendered to a PNG and
/// read back; -1 when that failed.
int darkPixelsOfPlot(const std::string &title, const std::string &series_label, Region region) {
    static int plots = 0;
    SvgPlot plot(title, "time [s]", "x [m]", 400, 240);
    plot.add(LineSeries{series_label, {0, 1, 2, 3}, {0, 2, 1, 3}, "#d62728", false, false});
    const auto path = test::scratchDir("svg_to_png") / ("plot" + std::to_string(++plots) + ".png");
    const Status written = writeSvgAsPng(path.string(), plot.render());
    EXPECT_TRUE(written.ok()) << written.message();
    const Surface png = readPng(path);
    if (cairo_surface_status(png.get()) != CAIRO_STATUS_SUCCESS) return -1;
    return darkPixels(png.get(), region);
}

// Where SvgPlot puts its text: the title's baseline at y = 20 (13 px bold), so rows 0 to 25 hold
// it and nothing else; the legend names at baseline 36 from x = 84 (each after its red swatch),
// above the frame's top at 46; the y tick labels right-aligned at x = 58, left of the frame.
constexpr Region kTitleRows{0, 0, 400, 26};
constexpr Region kLegendRow{80, 26, 400, 42};
constexpr Region kYTickLabels{24, 40, 60, 200};

TEST(SvgToPng, PngHasTheSvgsWidthAndHeight) {
    const auto path = test::scratchDir("svg_to_png_size") / "size.png";
    const std::string svg =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"37\" height=\"21\">"
        "<rect x=\"0\" y=\"0\" width=\"10\" height=\"10\" fill=\"#ff0000\"/></svg>";
    const Status written = writeSvgAsPng(path.string(), svg);
    ASSERT_TRUE(written.ok()) << written.message();
    const Surface png = readPng(path);
    ASSERT_EQ(cairo_surface_status(png.get()), CAIRO_STATUS_SUCCESS);
    EXPECT_EQ(cairo_image_surface_get_width(png.get()), 37);
    EXPECT_EQ(cairo_image_surface_get_height(png.get()), 21);
    EXPECT_EQ(cairo_image_surface_get_format(png.get()), CAIRO_FORMAT_RGB24) << "opaque RGB, no alpha";
    EXPECT_EQ(rgbAt(png.get(), 5, 5), 0xff0000u) << "inside the red square";
    EXPECT_EQ(rgbAt(png.get(), 30, 15), 0xffffffu) << "the background is white";
}

TEST(SvgToPng, TitleAppearsInThePixels) {
    EXPECT_GT(darkPixelsOfPlot("Trajectory XY", "", kTitleRows), 50);
    EXPECT_EQ(darkPixelsOfPlot("", "", kTitleRows), 0);
}

TEST(SvgToPng, LegendNamesAndTickLabelsAppearInThePixels) {
    EXPECT_GT(darkPixelsOfPlot("", "estimate", kLegendRow), 30);
    EXPECT_EQ(darkPixelsOfPlot("", "", kLegendRow), 0);
    EXPECT_GT(darkPixelsOfPlot("", "", kYTickLabels), 20);
}

TEST(SvgToPng, MalformedSvgIsAnErrorNamingTheFile) {
    const auto path = test::scratchDir("svg_to_png_bad") / "broken.png";
    const Status written = writeSvgAsPng(path.string(), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"");
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.message().find(path.string()), std::string::npos) << written.message();
    EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(SvgToPng, SvgWithoutAbsoluteSizeIsAnErrorNamingTheFile) {
    const auto path = test::scratchDir("svg_to_png_nosize") / "nosize.png";
    const Status written =
        writeSvgAsPng(path.string(), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" height=\"50%\"/>");
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.message().find(path.string()), std::string::npos) << written.message();
    EXPECT_NE(written.message().find("width and height"), std::string::npos) << written.message();
}

TEST(SvgToPng, UnwritableFileIsAnErrorNamingTheFile) {
    const auto path = test::scratchDir("svg_to_png_unwritable") / "no_such_folder" / "plot.png";
    const Status written =
        writeSvgAsPng(path.string(), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>");
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.message().find(path.string()), std::string::npos) << written.message();
}

TEST(SvgToPng, PdfHasOnePagePerSvg) {
    const auto path = test::scratchDir("svg_to_pdf") / "plots.pdf";
    const std::string small = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"96\" height=\"48\"/>";
    SvgPlot plot("Trajectory XY", "x [m]", "y [m]", 400, 240);
    plot.add(LineSeries{"estimate", {0, 1, 2}, {0, 2, 1}, "#d62728", false, false});
    const Status written = writeSvgAsPdf(path.string(), {plot.render(), small});
    ASSERT_TRUE(written.ok()) << written.message();
    const std::string pdf = test::readFile(path);
    EXPECT_EQ(pdf.substr(0, 4), "%PDF");
    // Two pages, the second 96 x 48 px = 72 x 36 pt (1 px = 0.75 pt at 96 dpi).
    std::size_t pages = 0;
    for (std::size_t at = pdf.find("/Type /Page\n"); at != std::string::npos; at = pdf.find("/Type /Page\n", at + 1))
        ++pages;
    for (std::size_t at = pdf.find("/Type /Page "); at != std::string::npos; at = pdf.find("/Type /Page ", at + 1))
        ++pages;
    EXPECT_EQ(pages, 2u) << "one /Type /Page object per SVG";
    EXPECT_NE(pdf.find("/MediaBox [ 0 0 72 36 ]"), std::string::npos);
    EXPECT_NE(pdf.find("/MediaBox [ 0 0 300 180 ]"), std::string::npos);
}

TEST(SvgToPng, PdfOfAMalformedSvgIsAnErrorNamingTheFile) {
    const auto path = test::scratchDir("svg_to_pdf_bad") / "broken.pdf";
    const Status written =
        writeSvgAsPdf(path.string(), {"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>",
                                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\""});
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.message().find(path.string()), std::string::npos) << written.message();
    EXPECT_NE(written.message().find("PDF"), std::string::npos) << written.message();
    EXPECT_FALSE(std::filesystem::exists(path));
    EXPECT_FALSE(writeSvgAsPdf(path.string(), {}).ok()) << "no page";
}

}  // namespace
}  // namespace robometrics::report
