#include "robometrics/bench/report/BenchReportFiles.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/ResultStore.hpp"
#include "robometrics/bench/report/BenchReportHtml.hpp"
#include "robometrics/bench/report/ResultsFiles.hpp"
#include "robometrics/bench/report/ResultsTable.hpp"
#include "robometrics/bench/report/TrajectoryOverlay.hpp"
#include "robometrics/core/AtomicFile.hpp"

namespace robometrics::bench {

namespace fs = std::filesystem;

namespace {

std::string cellList(const BenchAggregates &aggregates) {
    std::string out;
    for (std::size_t i = 0; i < aggregates.cells.size(); ++i) {
        out += fmt::format("\n  {}  {}", i + 1, aggregates.cells[i].key);
    }
    return out;
}

}  // namespace

Result<BenchReportWritten> writeBenchReport(const std::string &out_dir, const BenchReportOptions &options) {
    auto loaded = loadBench(out_dir);
    if (!loaded) return loaded.error();
    const std::string &store_path = loaded->store_path;
    const std::vector<JobRecord> &jobs = loaded->jobs;
    const std::vector<MetricValue> &metrics = loaded->metrics;
    const BenchAggregates &aggregates = loaded->aggregates;

    BenchReportInput input;
    input.subtitle = store_path;
    if (!options.metric.empty()) {
        const auto &names = aggregates.metric_names;
        if (std::find(names.begin(), names.end(), options.metric) == names.end()) {
            return Error{fmt::format("{}: no values for metric '{}' (see results.csv for the names)", store_path,
                                     options.metric)};
        }
        input.metrics = {options.metric};
    }
    if (options.compare.size() == 2) {
        const CellAggregate *a = aggregates.findCell(options.compare[0]);
        const CellAggregate *b = aggregates.findCell(options.compare[1]);
        if (a == nullptr || b == nullptr) {
            return Error{fmt::format("{}: --compare: no cell '{}' (give a key or a number):{}", store_path,
                                     a == nullptr ? options.compare[0] : options.compare[1], cellList(aggregates))};
        }
        const auto headline = headlineMetrics(aggregates, options.metric);
        if (headline.empty()) return Error{store_path + ": --compare: no metric has a value yet"};
        input.comparison = compareCells(*a, *b, headline.front());
    }
    for (const JobRecord &job : jobs) {
        if (fs::exists(fs::path(out_dir) / runReportLink(job.index))) input.jobs_with_report.insert(job.index);
    }
    for (int index : overlayJobs(aggregates, jobs)) {
        std::ifstream ate(fs::path(out_dir) / fs::path(runReportLink(index)).parent_path() / "ate.csv");
        if (!ate) continue;  // no ground truth in that run
        if (auto run = readRunTrajectory(ate, index)) input.trajectories.push_back(std::move(*run));
    }

    const fs::path out(out_dir);
    BenchReportWritten written;
    written.report_path = (out / "report.html").string();
    ROBOMETRICS_TRY(writeFileAtomically(written.report_path, benchReportHtml(aggregates, jobs, input)));
    ROBOMETRICS_TRY(writeFileAtomically((out / "results.csv").string(), resultsCsv(jobs, metrics)));
    ROBOMETRICS_TRY(writeFileAtomically((out / "results.json").string(),
                                        resultsJson(aggregates, jobs, metrics, input.comparison, loaded->checks)));
    written.table = resultsTable(aggregates, headlineMetrics(aggregates, options.metric));
    if (input.comparison) written.comparison = input.comparison->sentence();
    return written;
}

Result<std::string> benchReport(const std::string &out_dir, const BenchReportOptions &options) {
    auto written = writeBenchReport(out_dir, options);
    if (!written) return written.error();
    std::string out = written->table;
    if (!written->comparison.empty()) out += fmt::format("\n{}\n", written->comparison);
    return out + fmt::format("\nreport: {}\n", written->report_path);
}

}  // namespace robometrics::bench
