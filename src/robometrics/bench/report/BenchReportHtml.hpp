#pragma once
// OUT/report.html of `bench report`: the results table, the comparison when asked for, per
// ranked metric a leaderboard (unit and direction from the metric catalogue) and a box plot of the
// cells, metrics against the numeric axes, each cell's trajectories overlaid, the metrics not
// ranked, and every run with a relative link to its own report.html. One self-contained file
// (report/HtmlReport: inline CSS and SVG, and a small inline script that sorts and filters tables).

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/CellComparison.hpp"
#include "robometrics/bench/report/RunTrajectory.hpp"

namespace robometrics::bench {

struct BenchReportInput {
    std::string title = "robometrics bench";
    std::string subtitle;              ///< the matrix file and hash
    std::vector<std::string> metrics;  ///< leaderboards and box plots; empty = reportMetrics()
    std::optional<CellComparison> comparison;
    std::set<int> jobs_with_report;           ///< jobs whose eval/report.html exists (the command checks)
    std::vector<RunTrajectory> trajectories;  ///< read from the overlayJobs' eval/ate.csv (the command reads)
};

/// Metrics that get a leaderboard: the headline ones, then every other ranked metric whose values
/// are not all equal (counts that are the same in every run only lengthen the page), in catalogue
/// order. Bookkeeping metrics and metrics not in the catalogue are never ranked.
std::vector<std::string> reportMetrics(const BenchAggregates &aggregates);

/// The run report of job `index`, relative to OUT: "jobs/0007/eval/report.html".
std::string runReportLink(int index);

std::string benchReportHtml(const BenchAggregates &aggregates, const std::vector<JobRecord> &jobs,
                            const BenchReportInput &input);

}  // namespace robometrics::bench
