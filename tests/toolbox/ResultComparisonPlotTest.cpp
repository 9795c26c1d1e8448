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

TEST(ResultComparisonPlot, ThreePlotsLabelledPerResult) {
    const auto plots = resultComparisonPlots({result({1, 2, 3, 4}), result({0, 0, 0, 10})}, {"orb", "vins"});
    ASSERT_EQ(plots.size(), 3u);
    EXPECT_EQ(plots[0].stem, "res_raw");
    EXPECT_EQ(plots[1].stem, "res_box");
    EXPECT_EQ(plots[2].stem, "res_stats");
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

}  // namespace
}  // namespace robometrics::toolbox
