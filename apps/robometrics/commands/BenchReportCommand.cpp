// robometrics bench report OUT [--compare CELL_A CELL_B] [--metric NAME]
// Reads OUT/bench.sqlite and writes OUT/report.html, OUT/results.csv and OUT/results.json
// (docs/bench.md, Report); prints the results table and, with --compare, the verdict.

#include <fmt/format.h>

#include <memory>

#include "BenchSubcommands.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bench/BenchReportFiles.hpp"

namespace robometrics::app {
namespace {

struct ReportCli {
    std::string out_dir;
    std::vector<std::string> compare;
    std::string metric;
};

int runReport(const ReportCli &cli) {
    auto written = bench::writeBenchReport(cli.out_dir, bench::BenchReportOptions{cli.compare, cli.metric});
    if (!written) return fail("bench report", written.error());
    fmt::print("{}", written->table);
    if (!written->comparison.empty()) fmt::print("\n{}\n", written->comparison);
    fmt::print("\nreport: {}\n", written->report_path);
    return 0;
}

const RegisterBenchSubcommand kRegister{
    "report", "Write OUT/report.html, results.csv and results.json: leaderboards, box plots, comparisons",
    [](CLI::App &app) -> RunFn {
        auto cli = std::make_shared<ReportCli>();
        app.add_option("out", cli->out_dir, "The benchmark's output directory (holds bench.sqlite)")->required();
        app.add_option("--compare", cli->compare, "Compare two cells (key or number from the table)")->expected(2);
        app.add_option("--metric", cli->metric, "Metric for --compare and the table (default: ATE RMSE when present)");
        return [cli] { return runReport(*cli); };
    }};

}  // namespace
}  // namespace robometrics::app
