#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/toolbox/PlotFiles.hpp"

namespace robometrics::toolbox {
namespace {

const char *kSvg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"/>";

TEST(PlotFiles, ExtensionNamesTheFormat) {
    EXPECT_TRUE(checkSavePlotPath("out/fig.svg").ok());
    EXPECT_TRUE(checkSavePlotPath("fig.PNG").ok());
    EXPECT_TRUE(checkSavePlotPath("fig.pdf").ok());
    const Status jpg = checkSavePlotPath("fig.jpg");
    ASSERT_FALSE(jpg.ok());
    EXPECT_NE(jpg.message().find("extension '.jpg'"), std::string::npos) << jpg.message();
    EXPECT_NE(jpg.message().find("fig.jpg"), std::string::npos) << jpg.message();
    EXPECT_TRUE(checkSavePlotPath("./VINSplot").ok()) << "no extension: matplotlib's default, PNG";
}

TEST(PlotFiles, NoExtensionWritesPngWithTheExtensionAppended) {
    const auto dir = test::scratchDir("plot_files_no_ext");
    const std::vector<NamedPlot> plots = {{"map", kSvg}, {"raw", kSvg}};
    const std::string base = (dir / "VINSplot").string();
    auto written = savePlots(base, plots);
    ASSERT_TRUE(written.ok()) << written.message();
    EXPECT_EQ(*written, (std::vector<std::string>{base + "_map.png", base + "_raw.png"}));
    std::uint32_t w = 0, h = 0;
    ASSERT_TRUE(test::pngSize(base + "_raw.png", w, h));
    EXPECT_EQ(w, 20u);
    EXPECT_FALSE(std::filesystem::exists(base));
}

TEST(PlotFiles, SvgAndPngAreOneFilePerPlotPdfOneFileForAll) {
    const auto dir = test::scratchDir("plot_files");
    const std::vector<NamedPlot> plots = {{"map", kSvg}, {"raw", kSvg}};
    auto svg = savePlots((dir / "a.svg").string(), plots);
    ASSERT_TRUE(svg.ok()) << svg.message();
    EXPECT_EQ(*svg, (std::vector<std::string>{(dir / "a_map.svg").string(), (dir / "a_raw.svg").string()}));
    EXPECT_EQ(test::readFile(dir / "a_raw.svg"), kSvg);
    auto png = savePlots((dir / "b.png").string(), plots);
    ASSERT_TRUE(png.ok()) << png.message();
    std::uint32_t w = 0, h = 0;
    ASSERT_TRUE(test::pngSize(dir / "b_map.png", w, h));
    EXPECT_EQ(w, 20u);
    EXPECT_EQ(h, 10u);
    auto pdf = savePlots((dir / "c.pdf").string(), plots);
    ASSERT_TRUE(pdf.ok()) << pdf.message();
    EXPECT_EQ(*pdf, std::vector<std::string>{(dir / "c.pdf").string()});
    EXPECT_EQ(test::readFile(dir / "c.pdf").substr(0, 4), "%PDF");
    EXPECT_FALSE(std::filesystem::exists(dir / "c_map.pdf"));
    EXPECT_FALSE(savePlots((dir / "d.eps").string(), plots).ok());
    EXPECT_FALSE(std::filesystem::exists(dir / "d_map.eps"));
}

}  // namespace
}  // namespace robometrics::toolbox
