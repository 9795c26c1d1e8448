#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "BenchTestRows.hpp"
#include "robometrics/bench/report/BenchReportHtml.hpp"
#include "robometrics/bench/report/ResultsFiles.hpp"
#include "robometrics/bench/report/ResultsTable.hpp"

namespace robometrics::bench {
namespace {

test::Rows rows() {
    test::Rows r;
    for (double v : {0.30, 0.32, 0.31})
        r.add("slam=a,world=x", bench::JobStatus::done, {{"trajectory.ate_se3.rmse", v}, {"run_s", 2}});
    for (double v : {0.10, 0.12, 0.11})
        r.add("slam=b,world=x", bench::JobStatus::done, {{"trajectory.ate_se3.rmse", v}, {"run_s", 3}});
    r.add("slam=b,world=x", bench::JobStatus::failed, {});
    return r;
}

TEST(BenchReportHtml, LeaderboardBoxPlotsAndRunLinks) {
    const test::Rows r = rows();
    const BenchAggregates agg = aggregate(r.jobs, r.metrics);
    BenchReportInput input;
    input.jobs_with_report = {0, 3};
    input.comparison = compareCells(agg.cells[0], agg.cells[1], "trajectory.ate_se3.rmse");
    const std::string html = benchReportHtml(agg, r.jobs, input);
    EXPECT_NE(html.find("Leaderboard: trajectory.ate_se3.rmse"), std::string::npos);
    EXPECT_NE(html.find("lower is better"), std::string::npos);
    // Rank 1 is slam=b (mean 0.11), rank 2 slam=a, significantly worse.
    EXPECT_LT(html.find("<td>1</td><td>slam=b,world=x</td>"), html.find("<td>2</td><td>slam=a,world=x</td>"));
    EXPECT_NE(html.find("(worse)"), std::string::npos);
    EXPECT_NE(html.find("class=\"boxplot\""), std::string::npos);
    EXPECT_NE(html.find("class=\"box\""), std::string::npos);
    EXPECT_NE(html.find("<a href=\"jobs/0000/eval/report.html\">"), std::string::npos);
    EXPECT_NE(html.find("<a href=\"jobs/0003/eval/report.html\">"), std::string::npos);
    EXPECT_EQ(html.find("jobs/0001/eval/report.html"), std::string::npos);  // not present on disk
    EXPECT_NE(html.find("slam=b,world=x is better"), std::string::npos);
    // One inline script (sortable, filterable tables) and nothing fetched.
    EXPECT_EQ(html.find("<script"), html.rfind("<script"));
    EXPECT_EQ(html.find("<script src"), std::string::npos);
    EXPECT_EQ(runReportLink(12), "jobs/0012/eval/report.html");
}

TEST(BenchReportHtml, HeadlineFirstWithUnitAndDirectionAndNothingRankedOnAGuess) {
    test::Rows r;
    for (double v : {1.0, 2.0}) {
        r.add("slam=a", bench::JobStatus::done,
              {{"traversal.mean_clearance_m", v}, {"traversal.rows", 7}, {"mine.score", v}, {"map.iou", 0.5 + v / 10}});
        r.add("slam=b", bench::JobStatus::done,
              {{"traversal.mean_clearance_m", v + 1}, {"traversal.rows", 9}, {"mine.score", v}, {"map.iou", 0.5}});
    }
    const BenchAggregates agg = aggregate(r.jobs, r.metrics);
    EXPECT_EQ(reportMetrics(agg), (std::vector<std::string>{"map.iou", "traversal.mean_clearance_m"}));
    EXPECT_EQ(headlineMetrics(agg), (std::vector<std::string>{"map.iou"}));
    const std::string html = benchReportHtml(agg, r.jobs, {});
    EXPECT_LT(html.find("Leaderboard: map.iou"), html.find("Leaderboard: traversal.mean_clearance_m"));
    EXPECT_NE(html.find("headline, unit ratio, higher is better"), std::string::npos);
    EXPECT_NE(html.find("detail, unit m, higher is better"), std::string::npos);
    EXPECT_EQ(html.find("Leaderboard: traversal.rows"), std::string::npos);
    EXPECT_EQ(html.find("Leaderboard: mine.score"), std::string::npos);
    EXPECT_NE(html.find("<td>traversal.rows</td><td>count</td><td>bookkeeping</td><td>7 .. 9</td>"), std::string::npos);
    EXPECT_NE(html.find("<td>mine.score</td><td>-</td><td>not in the catalogue</td><td>1 .. 2</td>"),
              std::string::npos);

    BenchReportInput one;
    one.metrics = {"traversal.rows"};  // asked for: shown, still not ranked
    const std::string asked = benchReportHtml(agg, r.jobs, one);
    EXPECT_NE(asked.find("Values: traversal.rows"), std::string::npos);
    EXPECT_NE(asked.find("bookkeeping, unit count: no direction, so not ranked"), std::string::npos);

    const std::string json = resultsJson(agg, r.jobs, r.metrics, std::nullopt);
    EXPECT_NE(json.find("\"mine.score\": {\n      \"unit\": null,\n      \"direction\": \"none\",\n      \"tier\": "
                        "\"detail\",\n      \"group\": \"run\",\n      \"in_catalogue\": false"),
              std::string::npos)
        << json;
    const auto boards = json.substr(json.find("\"leaderboards\""));
    EXPECT_NE(boards.find("\"map.iou\""), std::string::npos);
    EXPECT_EQ(boards.find("\"traversal.rows\""), std::string::npos);
    EXPECT_EQ(boards.find("\"mine.score\""), std::string::npos);
}

TEST(BenchReportHtml, CsvJsonAndTable) {
    const test::Rows r = rows();
    const BenchAggregates agg = aggregate(r.jobs, r.metrics);
    const std::string csv = resultsCsv(r.jobs, r.metrics);
    EXPECT_EQ(
        csv.substr(0, csv.find('\n')),
        "job_index,cell,iteration,seed,status,attempts,exit_code,verdict,anomalies,run_s,trajectory.ate_se3.rmse");
    EXPECT_NE(csv.find("\n0,\"slam=a,world=x\",0,0,done,0,,,,2,0.29999999999999999\n"), std::string::npos) << csv;
    const std::string json = resultsJson(agg, r.jobs, r.metrics, std::nullopt);
    EXPECT_NE(json.find("\"leaderboards\""), std::string::npos);
    EXPECT_NE(json.find("\"failed\": 1"), std::string::npos);
    const std::string table = resultsTable(agg, {"trajectory.ate_se3.rmse"});
    // mean 0.31, half-width t_{0.975,2} * 0.01 / sqrt(3) = 0.02484.
    EXPECT_NE(table.find("0.31 ± 0.025"), std::string::npos) << table;
    EXPECT_NE(table.find("0.11 ± 0.025"), std::string::npos) << table;
}

TEST(BenchReportHtml, ResultsJsonGivesEachJobsPotentialFailure) {
    test::Rows r;
    for (bench::JobStatus status :
         {bench::JobStatus::done, bench::JobStatus::done, bench::JobStatus::done, bench::JobStatus::failed})
        r.add("slam=a", status, {{"run_s", 1.0}});
    r.jobs[0].verdict = "ok";
    r.jobs[1].verdict = "potential_failure";  // no summary: counted as a failure of the run
    // jobs[2] has no verdict (its evaluation wrote none), jobs[3] failed: neither has a value.
    r.jobs[3].verdict = "potential_failure";
    const BenchAggregates agg = aggregate(r.jobs, r.metrics);
    const nlohmann::json j = nlohmann::json::parse(resultsJson(agg, r.jobs, r.metrics, std::nullopt));
    ASSERT_EQ(j["jobs"].size(), 4u);
    EXPECT_EQ(j["jobs"][0]["potential_failure"], 0);
    EXPECT_EQ(j["jobs"][1]["potential_failure"], 1);
    EXPECT_TRUE(j["jobs"][2]["potential_failure"].is_null());
    EXPECT_TRUE(j["jobs"][3]["potential_failure"].is_null());
    // The cell aggregates exactly these: one of two.
    EXPECT_EQ(j["cells"][0]["metrics"]["potential_failure"]["n"], 2);
    EXPECT_EQ(j["cells"][0]["metrics"]["potential_failure"]["mean"], 0.5);
    // The table prints the share with its count, not "0.5 ± 6.4".
    const std::string table = resultsTable(agg, {"potential_failure"});
    EXPECT_NE(table.find("1/2"), std::string::npos) << table;
    EXPECT_EQ(table.find("±"), std::string::npos) << table;
}

}  // namespace
}  // namespace robometrics::bench
