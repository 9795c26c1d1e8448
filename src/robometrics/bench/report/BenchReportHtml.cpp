#include "robometrics/bench/report/BenchReportHtml.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "robometrics/bench/MatrixSpec.hpp"
#include "robometrics/bench/report/AxisViews.hpp"
#include "robometrics/bench/report/Leaderboard.hpp"
#include "robometrics/bench/report/ResultsTable.hpp"
#include "robometrics/bench/report/TableScript.hpp"
#include "robometrics/bench/report/TrajectoryOverlay.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"
#include "robometrics/report/HtmlReport.hpp"
#include "robometrics/report/SvgBoxPlot.hpp"
#include "robometrics/report/SvgPlot.hpp"
#include "robometrics/slam/BoxStatistics.hpp"

namespace robometrics::bench {
namespace {

using report::escapeXml;

std::string num(double v) { return std::isfinite(v) ? fmt::format("{:.4g}", v) : "-"; }

bool varies(const BenchAggregates &aggregates, const std::string &metric) {
    double first = NAN;
    for (const CellAggregate &cell : aggregates.cells) {
        auto it = cell.metrics.find(metric);
        if (it == cell.metrics.end()) continue;
        for (double v : it->second.values) {
            if (std::isnan(first)) first = v;
            if (v != first) return true;
        }
    }
    return false;
}

std::string leaderboardTable(const Leaderboard &board) {
    std::vector<std::vector<std::string>> rows;
    for (const LeaderboardRow &row : board.rows) {
        const SampleSummary &s = row.summary;
        rows.push_back({std::to_string(row.rank), row.cell->key, std::to_string(s.n), num(s.mean),
                        s.n > 1 ? fmt::format("{} .. {}", num(s.ci_low), num(s.ci_high)) : "-", num(s.std),
                        num(s.median), num(s.min), num(s.max),
                        std::isnan(row.p_vs_best)
                            ? ""
                            : fmt::format("{:.3g}{}", row.p_vs_best, row.worse_than_best ? " (worse)" : "")});
    }
    return report::htmlTable({"rank", "cell", "n", "mean", "95 % CI", "std", "median", "min", "max", "p vs best"},
                             rows);
}

std::string boxPlot(const BenchAggregates &aggregates, const std::string &metric) {
    report::SvgBoxPlot plot(metric + " per cell", metric);
    for (const CellAggregate &cell : aggregates.cells) {
        report::BoxSeries box;
        box.label = cell.key;
        auto it = cell.metrics.find(metric);
        if (it != cell.metrics.end()) {
            const slam::BoxStatistics b = slam::computeBoxStatistics(it->second.values);
            box = {cell.key,
                   b.q1,
                   b.median,
                   b.q3,
                   b.whisker_low,
                   b.whisker_high,
                   it->second.summary.mean,
                   {},
                   it->second.summary.n,
                   {}};
            for (double v : it->second.values) {
                if (v < b.whisker_low || v > b.whisker_high) box.outliers.push_back(v);
            }
        }
        plot.add(std::move(box));
    }
    return plot.render();
}

std::string comparisonHtml(const CellComparison &c) {
    std::string html = "<p><strong>" + escapeXml(c.sentence()) + "</strong></p>";
    html += report::htmlTable({"", "cell", "n", "mean", "95 % CI", "std"},
                              {{"A", c.cell_a, std::to_string(c.a.n), num(c.a.mean),
                                fmt::format("{} .. {}", num(c.a.ci_low), num(c.a.ci_high)), num(c.a.std)},
                               {"B", c.cell_b, std::to_string(c.b.n), num(c.b.mean),
                                fmt::format("{} .. {}", num(c.b.ci_low), num(c.b.ci_high)), num(c.b.std)}});
    html += report::htmlTable(
        {"test", "A - B", "statistic", "result"},
        {{"Welch t-test", num(c.welch.difference), fmt::format("t = {}, df = {}", num(c.welch.t), num(c.welch.df)),
          fmt::format("p = {:.3g} ({})", c.welch.p_value, c.welch_significant ? "significant" : "not significant")},
         {"bootstrap", num(c.bootstrap.difference), fmt::format("{} resamples", c.bootstrap.resamples),
          fmt::format("95 % CI {} .. {} ({})", num(c.bootstrap.ci_low), num(c.bootstrap.ci_high),
                      c.bootstrap_significant ? "excludes 0: significant" : "includes 0: not significant")}});
    return html;
}

/// The metrics no leaderboard ranks, with their unit, why, and the range of their values.
std::string notRankedTable(const BenchAggregates &aggregates) {
    std::vector<std::vector<std::string>> rows;
    for (const std::string &name : evaluate::inCatalogueOrder(aggregates.metric_names)) {
        const evaluate::MetricInfo &info = evaluate::metricInfo(name);
        if (info.ranked()) continue;
        double low = INFINITY, high = -INFINITY;
        for (const CellAggregate &cell : aggregates.cells) {
            auto it = cell.metrics.find(name);
            if (it == cell.metrics.end() || it->second.summary.n == 0) continue;
            low = std::min(low, it->second.summary.min);
            high = std::max(high, it->second.summary.max);
        }
        rows.push_back({name, info.in_catalogue ? std::string(info.unit) : "-",
                        info.in_catalogue ? evaluate::tierText(info.tier) : "not in the catalogue",
                        low == high ? num(low) : fmt::format("{} .. {}", num(low), num(high))});
    }
    return rows.empty() ? std::string() : report::htmlTable({"metric", "unit", "why", "values (all runs)"}, rows);
}

/// One metric's section: its leaderboard when it is ranked, else its values only.
report::Section metricSection(const BenchAggregates &aggregates, const std::string &metric) {
    const evaluate::MetricInfo &info = evaluate::metricInfo(metric);
    const std::string what = info.in_catalogue ? fmt::format("{}, unit {}", evaluate::tierText(info.tier), info.unit)
                                               : std::string("not in the metric catalogue");
    if (const auto board = leaderboard(aggregates, metric)) {
        return {"Leaderboard: " + metric, leaderboardTable(*board) + boxPlot(aggregates, metric),
                fmt::format("{}, {}; p vs best: Welch's t-test against rank 1 (worse: p < 0.05)", what,
                            evaluate::directionText(board->direction))};
    }
    return {"Values: " + metric, boxPlot(aggregates, metric), what + ": no direction, so not ranked"};
}

/// "collision, pose_jump x2" from a stored summary.json's anomalies; empty when there are none.
std::string anomalyCodes(const std::optional<std::string> &summary_json) {
    if (!summary_json) return {};
    const nlohmann::json summary = nlohmann::json::parse(*summary_json, nullptr, false);
    if (!summary.is_object() || !summary.contains("anomalies") || !summary["anomalies"].is_array()) return {};
    std::map<std::string, int> count;
    for (const auto &a : summary["anomalies"]) count[a.value("code", std::string("?"))]++;
    std::string out;
    for (const auto &[code, n] : count)
        out += fmt::format("{}{}{}", out.empty() ? "" : ", ", code, n > 1 ? fmt::format(" x{}", n) : "");
    return out;
}

std::string runsTable(const std::vector<JobRecord> &jobs, const std::set<int> &with_report) {
    std::string s =
        "<table><tr><th>job</th><th>cell</th><th>iteration</th><th>seed</th><th>status</th><th>verdict</th>"
        "<th>anomalies</th><th>exit</th><th>run s</th><th>evaluate s</th><th>why it failed</th><th>logs</th>"
        "<th>report</th></tr>\n";
    for (const JobRecord &job : jobs) {
        const std::string dir = jobDirectory("", job.index);  // relative to OUT, like the report
        const std::string report = with_report.count(job.index) != 0 ? fmt::format("<a href=\"{}\">report.html</a>",
                                                                                   escapeXml(runReportLink(job.index)))
                                                                     : std::string("-");
        // A job that ran a command has its logs; an evaluate-only job (a recording) has none.
        const std::string logs =
            job.run_s || job.exit_code
                ? fmt::format("<a href=\"{0}/stdout.log\">stdout</a> <a href=\"{0}/stderr.log\">stderr</a>",
                              escapeXml(dir))
                : std::string("-");
        s += fmt::format(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
            "<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            job.index, escapeXml(job.cell_key), job.iteration, job.seed,
            escapeXml(std::string(jobStatusText(job.status))), escapeXml(job.verdict.value_or("-")),
            escapeXml(anomalyCodes(job.summary_json)), job.exit_code ? std::to_string(*job.exit_code) : "",
            job.run_s ? num(*job.run_s) : "", job.evaluate_s ? num(*job.evaluate_s) : "",
            escapeXml(job.error.value_or("")), logs, report);
    }
    return s + "</table>\n";
}

}  // namespace

std::vector<std::string> reportMetrics(const BenchAggregates &aggregates) {
    std::vector<std::string> out;
    for (const std::string &name : evaluate::inCatalogueOrder(aggregates.metric_names)) {
        const evaluate::MetricInfo &info = evaluate::metricInfo(name);
        if (info.ranked() && (info.tier == evaluate::MetricTier::Headline || varies(aggregates, name))) {
            out.push_back(name);
        }
    }
    return out;
}

std::string runReportLink(int index) {
    // Relative to OUT (jobDirectory of an empty root), so the link works wherever OUT is copied.
    return jobDirectory("", index) + "/eval/report.html";
}

std::string benchReportHtml(const BenchAggregates &aggregates, const std::vector<JobRecord> &jobs,
                            const BenchReportInput &input) {
    report::HtmlReport html(input.title);
    html.setSubtitle(input.subtitle);
    int done = 0, failed = 0, unfinished = 0;
    for (const CellAggregate &cell : aggregates.cells) {
        done += cell.done;
        failed += cell.failed;
        unfinished += cell.unfinished;
    }
    html.addHeaderLine(fmt::format("{} cells, {} jobs: {} done, {} failed, {} not finished", aggregates.cells.size(),
                                   jobs.size(), done, failed, unfinished));
    const std::vector<std::string> metrics = input.metrics.empty() ? reportMetrics(aggregates) : input.metrics;

    const std::vector<std::string> headline =
        headlineMetrics(aggregates, input.metrics.size() == 1 ? input.metrics[0] : "");
    std::vector<std::vector<std::string>> rows = resultsRows(aggregates, headline);
    const std::vector<std::string> header = rows.front();
    rows.erase(rows.begin());
    html.addSection({"Results per cell", report::htmlTable(header, rows),
                     "mean ± half-width of the 95 % confidence interval of the mean (Student t) over the done "
                     "iterations"});
    if (input.comparison) {
        html.addSection({fmt::format("Comparison on {}", input.comparison->metric), comparisonHtml(*input.comparison),
                         "A and B are independent samples (iterations); Welch's t-test and a percentile bootstrap "
                         "(fixed seed) of the difference of means; significant means at the 5 % level"});
    }
    if (input.metrics.empty()) {
        for (report::Section &section : axisSections(aggregates)) html.addSection(std::move(section));
    }
    if (auto overlay = trajectoryOverlaySection(aggregates, input.trajectories)) {
        html.addSection(std::move(*overlay));
    }
    for (const std::string &metric : metrics) html.addSection(metricSection(aggregates, metric));
    if (input.metrics.empty()) {
        const std::string not_ranked = notRankedTable(aggregates);
        if (!not_ranked.empty()) {
            html.addSection({"Not ranked", not_ranked,
                             "bookkeeping (timestamps, durations of the recording, counts of inputs: neither better "
                             "nor worse) and metrics not in the metric catalogue (docs/bench.md)"});
        }
    }
    html.addSection({"Runs", runsTable(jobs, input.jobs_with_report),
                     "every job: its anomalies, exit code, times (empty when it did not run or was not evaluated), "
                     "why it failed, its logs and its own report, relative to this file; click a header to sort, "
                     "type words to filter"});
    html.setScript(kTableScript);
    return html.render();
}

}  // namespace robometrics::bench
