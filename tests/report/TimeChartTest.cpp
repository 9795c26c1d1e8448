#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "robometrics/report/HtmlReport.hpp"
#include "robometrics/report/TimeChart.hpp"

namespace robometrics::report {
namespace {

/// The chart's JSON from its figure.
nlohmann::json chartJson(const std::string &figure) {
    const std::string open = "<script type=\"application/json\">";
    const std::size_t at = figure.find(open) + open.size();
    return nlohmann::json::parse(figure.substr(at, figure.find("</script>", at) - at));
}

LineSeries line(std::string label, double value, int n = 100) {
    LineSeries l{std::move(label), {}, {}, "", false, false};
    for (int k = 0; k < n; ++k) {
        l.x.push_back(k);
        l.y.push_back(value);
    }
    return l;
}

TEST(TimeChart, EveryLineIsNamedInTheLegend) {
    // Six topics with long names: the SVG legend ran out of room and dropped the sixth.
    TimeChart chart("Topic rates", "time [s]", "rate [Hz]");
    for (int k = 0; k < 6; ++k) chart.add(line("/a/rather/long/topic/name/number/" + std::to_string(k), 10 + k));
    chart.add(line("", 5));
    chart.add(LineSeries{"silent", {}, {}, "", false, false});
    const nlohmann::json j = chartJson(chart.render());
    ASSERT_EQ(j["series"].size(), 8u);
    ASSERT_EQ(chart.legendLabels().size(), 8u);
    for (std::size_t k = 0; k < 8; ++k) {
        EXPECT_EQ(j["series"][k]["label"], chart.legendLabels()[k]);
        EXPECT_FALSE(chart.legendLabels()[k].empty());
    }
    EXPECT_EQ(chart.legendLabels()[6], "series 7");
    EXPECT_EQ(chart.legendLabels()[7], "silent (no data)");
}

TEST(TimeChart, TheYRangeFollowsTheAxisRuleAndBandsCarryTheirLabels) {
    TimeChart chart("TF rate", "time [s]", "rate [Hz]");
    LineSeries tf = line("/tf", 10.0);
    tf.y[3] = 9.998;
    tf.y[4] = 10.002;
    chart.add(std::move(tf));
    chart.setBands(mergeEvents({{"stall", 20, 40.0}, {"collision", 50, {}}}, 1));
    const nlohmann::json j = chartJson(chart.render());
    EXPECT_LE(j["range"][0].get<double>(), 9.5);
    EXPECT_GE(j["range"][1].get<double>(), 10.5);
    ASSERT_EQ(j["bands"].size(), 2u);
    EXPECT_EQ(j["bands"][0]["label"], "stall");
    EXPECT_EQ(j["bands"][0]["t1"], 40.0);
    EXPECT_EQ(j["bands"][1]["t0"], j["bands"][1]["t1"]);  // a moment
}

TEST(TimeChart, LongSeriesAreThinnedAndGapsStayGaps) {
    TimeChart chart("long", "time [s]", "v");
    LineSeries l{"v", {}, {}, "", false, false};
    for (int k = 0; k < 200'000; ++k) {
        l.x.push_back(k * 0.1);
        l.y.push_back(k == 1000 ? NAN : std::sin(k * 0.01));
    }
    chart.add(std::move(l));
    const nlohmann::json j = chartJson(chart.render());
    const auto &xs = j["series"][0]["data"][0], &ys = j["series"][0]["data"][1];
    EXPECT_LE(xs.size(), 4u * kChartColumns + 2);
    EXPECT_EQ(xs.size(), ys.size());
    EXPECT_EQ(xs.front(), 0.0);
    EXPECT_NEAR(xs.back().get<double>(), 19999.9, 1e-6);
    int nulls = 0;
    for (const auto &y : ys) nulls += y.is_null();
    EXPECT_EQ(nulls, 1);
}

TEST(TimeChart, TextCannotCloseTheScriptAndThePageInlinesUplotOnce) {
    TimeChart chart("a </script> title", "t", "v");
    chart.add(line("x", 1));
    const std::string figure = chart.render();
    EXPECT_EQ(figure.find("</script> title"), std::string::npos);
    EXPECT_EQ(chartJson(figure)["title"], "a </script> title");
    HtmlReport html("r");
    html.addSection({"one", figure + figure, ""});
    const std::string page = html.render();
    EXPECT_NE(page.find("uPlot"), std::string::npos);
    std::size_t scripts = 0;
    for (std::size_t at = page.find("<script>"); at != std::string::npos; at = page.find("<script>", at + 1)) ++scripts;
    EXPECT_EQ(scripts, 1u);
    HtmlReport plain("r");  // no charts: no script
    plain.addSection({"one", "<p>x</p>", ""});
    EXPECT_EQ(plain.render().find("<script"), std::string::npos);
}

}  // namespace
}  // namespace robometrics::report
