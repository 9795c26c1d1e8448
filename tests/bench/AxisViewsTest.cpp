#include <gtest/gtest.h>

#include "BenchTestRows.hpp"
#include "robometrics/bench/report/AxisViews.hpp"

namespace robometrics::bench {
namespace {

constexpr const char *kAte = "trajectory.ate_se3.rmse";

/// scenario x duration, two runs each; ATE grows with duration in "kidnap" only.
BenchAggregates matrix() {
    test::Rows rows;
    for (const char *scenario : {"office", "kidnap"}) {
        for (const char *duration : {"30", "45"}) {
            const bool kidnap = std::string(scenario) == "kidnap";
            const double base = kidnap ? (std::string(duration) == "30" ? 2.0 : 3.0) : 0.1;
            const std::string key = std::string("scenario=") + scenario + ",duration=" + duration;
            rows.add(key, bench::JobStatus::done, {{kAte, base - 0.01}});
            rows.add(key, bench::JobStatus::done, {{kAte, base + 0.01}});
        }
    }
    return aggregate(rows.jobs, rows.metrics);
}

TEST(AxisViews, AxesAndTheirValuesComeFromTheCellKeys) {
    const auto axes = cellAxes(matrix());
    ASSERT_EQ(axes.size(), 2u);
    EXPECT_EQ(axes[0].first, "scenario");
    EXPECT_EQ(axes[0].second, (std::vector<std::string>{"office", "kidnap"}));
    EXPECT_EQ(axes[1].first, "duration");
    EXPECT_EQ(axes[1].second, (std::vector<std::string>{"30", "45"}));
}

TEST(AxisViews, AMetricAgainstTheNumericAxisAndAHeatMap) {
    const std::vector<report::Section> sections = axisSections(matrix());
    ASSERT_EQ(sections.size(), 2u);  // ATE against duration (scenario is not numeric), then the heat map
    EXPECT_EQ(sections[0].title, "trajectory.ate_se3.rmse against duration");
    EXPECT_NE(sections[0].html.find("scenario=kidnap"), std::string::npos);  // one line per scenario
    EXPECT_NE(sections[0].html.find("scenario=office 95 % CI"), std::string::npos);
    EXPECT_EQ(sections[1].title, "Heat map: trajectory.ate_se3.rmse over scenario and duration");
    // Lower is better: office (0.1) is the best, green; kidnap at 45 s (3.0) the worst, red.
    EXPECT_NE(sections[1].html.find("<td style=\"background:rgb(120,255,140)\">0.1</td>"), std::string::npos)
        << sections[1].html;
    EXPECT_NE(sections[1].html.find("<td style=\"background:rgb(255,120,140)\">3</td>"), std::string::npos)
        << sections[1].html;
}

TEST(AxisViews, NothingWhenNoAxisVaries) {
    test::Rows rows;
    rows.add("scenario=office", bench::JobStatus::done, {{kAte, 0.1}});
    EXPECT_TRUE(axisSections(aggregate(rows.jobs, rows.metrics)).empty());
}

}  // namespace
}  // namespace robometrics::bench
