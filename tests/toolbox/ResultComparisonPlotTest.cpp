#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/toolbox/ResultComparisonPlot.hpp"

namespace robometrics::toolbox {
namespace {

io::SavedResult result(std::vector<double> errors) {
    io::SavedResult r;
    r.metric = "ape";
    r.relation = "trans";
    r.unit = "m";
    r.errors = std::move(errors);
    for (std::size_t i = 0; i < r.errors.size(); ++i) r.seconds_from_start.push_back(0.5 * static_cast<double>(i));
    r.stats.rmse = 1;
    r.stats.max = 4;
    return r;
}

TEST(ResultComparisonPlot, FivePlotsLabelledPerResult) {
    const auto plots = resultComparisonPlots({result({1, 2, 3, 4}), result({0, 0, 0, 10})}, {"orb", "vins"});
    ASSERT_EQ(plots.size(), 5u);
    EXPECT_EQ(plots[0].stem, "res_raw");
    EXPECT_EQ(plots[1].stem, "res_box");
    EXPECT_EQ(plots[2].stem, "res_stats");
    EXPECT_EQ(plots[3].stem, "res_histogram");
    EXPECT_EQ(plots[4].stem, "res_violin");
    for (const auto &p : plots) {
        EXPECT_NE(p.svg.find(">orb</text>"), std::string::npos) << p.stem;
        EXPECT_NE(p.svg.find(">vins</text>"), std::string::npos) << p.stem;
        EXPECT_NE(p.svg.find(">ape trans [m]</text>"), std::string::npos) << p.stem;
    }
    // The raw errors run over 0..1.5 s; the box plot's y axis reaches the largest whisker (4 m),
    // not the outlier 10 m of "vins".
    EXPECT_NE(plots[0].svg.find(">seconds from the first error [s]</text>"), std::string::npos);
    const auto y_ticks = test::svgTickLabels(plots[1].svg, "end");
    ASSERT_FALSE(y_ticks.empty());
    EXPECT_LT(std::stod(y_ticks.back()), 5.0);
    EXPECT_TRUE(resultComparisonPlots({}, {}).empty());
}

TEST(ResultComparisonPlot, HistogramAndViolinSpanTheDensities) {
    // Errors 1 2 2.5 4 7: 3 bins over [1, 7] with densities 0.3 0.1 0.1 (slam/ErrorDensity), so
    // the histogram's y axis reaches 0.3; its x axis the kernel density's grid, 1 - 3 bw to
    // 7 + 3 bw with bw = 1.692 (-4.08 .. 12.08).
    const auto plots = resultComparisonPlots({result({2.5, 7, 1, 4, 2})}, {"orb"});
    const auto y_ticks = test::svgTickLabels(plots[3].svg, "end");
    ASSERT_FALSE(y_ticks.empty());
    EXPECT_GE(std::stod(y_ticks.back()), 0.3);
    EXPECT_LT(std::stod(y_ticks.back()), 0.5);
    const auto x_ticks = test::svgTickLabels(plots[3].svg, "middle");
    ASSERT_FALSE(x_ticks.empty());
    EXPECT_LE(std::stod(x_ticks.front()), -4.0);
    EXPECT_GE(std::stod(x_ticks.back()), 12.0);
    // The violin's errors axis covers its density's grid, 1 - 2 bw to 7 + 2 bw (-2.38 .. 10.38).
    const auto v_ticks = test::svgTickLabels(plots[4].svg, "end");
    ASSERT_FALSE(v_ticks.empty());
    EXPECT_LE(std::stod(v_ticks.front()), -2.0);
    EXPECT_GE(std::stod(v_ticks.back()), 10.0);
    // A result without spread has no density: its histogram and its violin's inner box only.
    const auto flat = resultComparisonPlots({result({2, 2, 2})}, {"flat"});
    EXPECT_NE(flat[3].svg.find(">flat</text>"), std::string::npos);
    EXPECT_NE(flat[4].svg.find(">flat</text>"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::toolbox
