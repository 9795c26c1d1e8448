#include <gtest/gtest.h>

#include "robometrics/evaluate/Comparison.hpp"

namespace robometrics::evaluate {

TEST(Comparison, BestValuePerRowFollowsTheMetricsDirection) {
    std::vector<ComparedRun> runs = {
        {"a",
         {{"verdict", "ok"},
          {"anomalies", nlohmann::json::array()},
          {"trajectory", {{"ate_se3", {{"rmse", 0.5}}}}},
          {"map", {{"coverage", 0.7}}}}},
        {"b",
         {{"verdict", "potential_failure"},
          {"anomalies", {1, 2}},
          {"trajectory", {{"ate_se3", {{"rmse", 0.2}}}}},
          {"map", {{"coverage", 0.9}}}}},
    };
    ComparisonTable t = compareRuns(runs);
    ASSERT_EQ(t.runs, (std::vector<std::string>{"a", "b"}));
    auto row = [&](const std::string &name) -> const ComparisonRow & {
        for (const auto &r : t.rows) {
            if (r.metric == name) return r;
        }
        throw std::runtime_error("no row " + name);
    };
    EXPECT_EQ(row("verdict").text, (std::vector<std::string>{"ok", "potential_failure"}));
    EXPECT_EQ(row("anomalies").best, 0u);     // fewer is better
    EXPECT_EQ(row("ate_rmse_m").best, 1u);    // lower is better
    EXPECT_EQ(row("map_coverage").best, 1u);  // higher is better
    // Rows that no run has are left out.
    for (const auto &r : t.rows) EXPECT_NE(r.metric, "peak_cpu_percent");
    std::string md = comparisonMarkdown(t);
    EXPECT_NE(md.find("| ate_rmse_m | 0.5 | **0.2** |"), std::string::npos) << md;
    std::string csv = comparisonCsv(t);
    EXPECT_NE(csv.find("map_coverage,0.7,0.9,b\n"), std::string::npos) << csv;
    auto j = comparisonJson(t);
    EXPECT_EQ(j["rows"][0]["metric"], "verdict");
}

TEST(Comparison, UnmeasuredValuesAreDashesAndOneMeasuredValueIsNotBest) {
    // Run b recorded no scanner: its collision count is null, not 0, and run a's 0 is not "best"
    // against nothing; two measured values are ranked.
    std::vector<ComparedRun> runs = {
        {"a", {{"trajectory", {{"ate_se3", {{"rmse", 1.0}}}}}, {"safety", {{"collision_events", 0}}}}},
        {"b", {{"trajectory", {{"ate_se3", {{"rmse", 2.0}}}}}, {"safety", {{"collision_events", nullptr}}}}},
        {"c", nlohmann::json::object()}};
    ComparisonTable t = compareRuns(runs);
    std::string md = comparisonMarkdown(t);
    EXPECT_NE(md.find("| collision_events | 0 | - | - |"), std::string::npos) << md;
    EXPECT_NE(md.find("| ate_rmse_m | **1** | 2 | - |"), std::string::npos) << md;
}

TEST(Comparison, DirectionsComeFromTheMetricCatalogue) {
    nlohmann::json a = {{"traversal", {{"distance_traveled_m", 10.0}, {"time_low_clearance_s", 2.0}}}};
    nlohmann::json b = {{"traversal", {{"distance_traveled_m", 20.0}, {"time_low_clearance_s", 5.0}}}};
    ComparisonTable t = compareRuns({{"a", a}, {"b", b}});
    for (const auto &r : t.rows) {
        if (r.metric == "distance_traveled_m") {
            EXPECT_EQ(r.direction, Direction::None);
            EXPECT_FALSE(r.best.has_value());  // a longer drive is not better or worse
        }
        if (r.metric == "time_low_clearance_s") {
            EXPECT_EQ(r.direction, Direction::LowerIsBetter);
            EXPECT_EQ(r.best, 0u);  // less time near obstacles
        }
    }
}

TEST(Comparison, ATieMarksNothing) {
    nlohmann::json same = {{"safety", {{"collision_events", 1}}}};
    ComparisonTable t = compareRuns({{"a", same}, {"b", same}});
    for (const auto &r : t.rows) {
        if (r.metric == "collision_events") {
            EXPECT_FALSE(r.best.has_value());
        }
    }
}

}  // namespace robometrics::evaluate
