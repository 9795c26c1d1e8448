// robometrics bench MATRIX.yaml -o OUT [-j N] [--executor local|slurm] [--jobs-per-task K|auto] [--resume]
//                                      [--pin-cpus]
// robometrics bench run-job OUT [--index I|I-J,K] | report OUT [--compare A B] [--metric M] | status OUT
// robometrics bench compare BASE NEW [--metric M]... [--alpha P] [--min-change PCT] [--min-abs X]
//                          [--gate-resources] [--resource-alpha P] [--resource-min-change PCT]
//                          [--correction bh|holm|none] [--pairing auto|cells|recordings] [--allow-partial]

#include <unistd.h>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/Benchmark.hpp"
#include "robometrics/bench/RegressionGate.hpp"
#include "robometrics/bench/report/BenchReportFiles.hpp"
#include "robometrics/bench/slurm/SlurmStatus.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/system/StopSignals.hpp"

namespace robometrics::app {
namespace {

int printOrFail(const std::string &command, const Result<std::string> &text) {
    if (!text) return fail(command, text.error());
    fmt::print("{}", *text);
    return 0;
}

int runBench(bench::BenchmarkOptions o, const std::string &executor, bool quiet) {
    if (o.matrix_file.empty() || o.out_dir.empty()) {
        fmt::print(stderr,
                   "robometrics bench: error: {} missing: robometrics bench MATRIX.yaml -o OUT\n"
                   "Run 'robometrics bench --help' for its options and examples.\n",
                   o.matrix_file.empty() ? "MATRIX" : "-o OUT");
        return 2;
    }
    auto chosen = bench::parseExecutor(executor);  // CLI11 took only local or slurm
    if (!chosen) return usage("bench", chosen.status());
    o.executor = *chosen;
    if (o.executor == bench::Executor::local) o.stop_requested = system::catchStopSignals();
    if (!quiet && isatty(STDERR_FILENO) == 1) {  // redrawn in place on a terminal, else nothing until the end
        o.progress = [](const std::string &line, bool last) {
            fmt::print(stderr, "\r\033[K{}{}", line, last ? "\n" : "");
        };
    }
    auto ran = bench::runBenchmark(o);
    if (!ran) return fail("bench", ran.error());
    fmt::print("{}", ran->text);
    return ran->failure.empty() ? 0 : fail("bench", ran->failure);
}

int runJobs(const std::string &out_dir, const std::string &given_indices) {
    auto indices = bench::workerJobIndices(given_indices);
    if (!indices) {
        fail("bench run-job", indices.error());
        return 2;
    }
    if (indices->size() == 1) {
        return printOrFail("bench run-job", bench::runWorkerJob(out_dir, indices->front(), system::catchStopSignals()));
    }
    auto ran = bench::runWorkerJobs(out_dir, *indices, system::catchStopSignals());
    if (!ran) return fail("bench run-job", ran.error());
    fmt::print("{}", ran->text);
    if (ran->stopped) return fail("bench run-job", "stopped by a signal; the jobs not started stay pending");
    if (ran->failed > 0)
        return fail("bench run-job", fmt::format("{} of {} jobs failed", ran->failed, indices->size()));
    return 0;
}

struct GateCli {
    std::string base, next, markdown_file;
    double min_change_percent = 5;
    double resource_min_change_percent = 10;
    std::string correction = "bh", pairing = "auto";
    bench::GateOptions options;
};

bench::GateInput gateInput(const std::string &name, const bench::LoadedBench &loaded) {
    return bench::GateInput{name,        &loaded.aggregates,    &loaded.jobs, &loaded.recordings,
                            loaded.axes, loaded.recordings_axis};
}

/// Prints the Markdown summary (and writes it to --markdown); exit 1 on a regression or a
/// recording with a new potential failure.
int runCompare(const GateCli &cli) {
    bench::GateOptions options = cli.options;
    options.min_relative = cli.min_change_percent / 100.0;
    options.resource_min_relative = cli.resource_min_change_percent / 100.0;
    bench::parseCorrection(cli.correction, options.correction);
    options.pairing = cli.pairing == "cells"        ? bench::Pairing::Cells
                      : cli.pairing == "recordings" ? bench::Pairing::Recordings
                                                    : bench::Pairing::Auto;
    for (const std::string &metric : options.metrics) {
        const evaluate::MetricInfo &info = evaluate::metricInfo(metric);
        if (!info.ranked()) {
            fail("bench compare",
                 fmt::format("--metric {}: {} no better direction ({}), so it is never gated; the report shows it "
                             "as context",
                             metric, info.in_catalogue ? "has" : "is not in the metric catalogue and has",
                             info.in_catalogue ? "a duration, count, stamp or path length" : "docs/bench.md"));
            return 2;
        }
    }
    auto base = bench::loadBench(cli.base);
    if (!base) return fail("bench compare", base.error());
    auto next = bench::loadBench(cli.next);
    if (!next) return fail("bench compare", next.error());
    const bench::GateResult result =
        bench::compareBenchmarks(gateInput(cli.base, *base), gateInput(cli.next, *next), options);
    if (result.rows.empty()) {
        if (options.pairing == bench::Pairing::Recordings) {
            return fail("bench compare", fmt::format("--pairing recordings: {} and {} hold no recording in common "
                                                     "(same file name and values of the other axes)",
                                                     cli.base, cli.next));
        }
        return fail("bench compare",
                    fmt::format("{} and {} have no cell and metric in common to compare", cli.base, cli.next));
    }
    const std::string text = result.markdown(cli.base, cli.next);
    fmt::print("{}", text);
    if (!cli.markdown_file.empty()) {
        if (Status written = writeFileAtomically(cli.markdown_file, text); !written.ok()) {
            return fail("bench compare", written.error());
        }
    }
    if (!result.failed()) return 0;
    std::string why;
    if (result.new_problems > 0) {
        why = fmt::format("{} recording{} with a new potential failure", result.new_problems,
                          result.new_problems == 1 ? "" : "s");
    }
    if (result.new_rule_errors > 0) {
        why += fmt::format("{}{} newly failing contract rule{}", why.empty() ? "" : " and ", result.new_rule_errors,
                           result.new_rule_errors == 1 ? "" : "s");
    }
    if (result.regressions > 0) {
        why += fmt::format("{}{} significant regression{}", why.empty() ? "" : " and ", result.regressions,
                           result.regressions == 1 ? "" : "s");
    }
    if (result.partial() && !options.allow_partial) {
        why += fmt::format("{}a partial comparison ({} of {} recordings; --allow-partial accepts it)",
                           why.empty() ? "" : " and ", result.recordings_paired, result.fleetSize());
    }
    return fail("bench compare", fmt::format("{} of {} against {}", why, cli.next, cli.base));
}

const RegisterCommand kBenchRegistration{
    "bench", "Run a benchmark matrix of runs (stacks x scenarios x seeds) and store every metric",
    [](CLI::App &app) -> RunFn {
        auto o = std::make_shared<bench::BenchmarkOptions>();  // its out_dir is every subcommand's OUT too
        app.add_option("matrix", o->matrix_file, "Matrix YAML (docs/bench.md)");
        app.add_option("-o,--output", o->out_dir, "Output directory: bench.sqlite and jobs/");
        app.add_option("-j,--jobs", o->workers, "Parallel jobs (default: the number of CPUs)")
            ->check(CLI::NonNegativeNumber);
        auto executor = std::make_shared<std::string>(bench::executorText(bench::Executor::local));
        app.add_option("--executor", *executor, "local or slurm")
            ->check(CLI::IsMember({"local", "slurm"}))
            ->capture_default_str();
        app.add_flag("--resume", o->resume, "Continue the benchmark stored in OUT: rerun what is not done");
        app.add_flag("--pin-cpus", o->pin_cpus, "Pin each worker's jobs to one CPU");
        auto quiet = std::make_shared<bool>(false);
        addQuietOption(app, *quiet);

        app.add_option_function<std::string>(
               "--jobs-per-task",
               [o](const std::string &text) { o->jobs_per_task = text == "auto" ? 0 : std::stoi(text); },
               "Slurm: matrix jobs each array task runs in turn; auto = enough for a minute of the median "
               "finished job of this store, else 1")
            ->check(CLI::IsMember({"auto"}) | CLI::Range(1, 100000))
            ->default_str("auto");
        auto index = std::make_shared<std::string>();
        auto compare = std::make_shared<bench::BenchReportOptions>();
        CLI::App *run_job = app.add_subcommand("run-job", "Run one job of the benchmark stored in OUT (a worker)");
        run_job->add_option("out", o->out_dir, "The benchmark's output directory")->required();
        run_job->add_option("--index", *index,
                            "Job index or list (7, 0-9,12; default: SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)");
        CLI::App *report = app.add_subcommand(
            "report", "Write OUT/report.html, results.csv and results.json: leaderboards, box plots, comparisons");
        report->add_option("out", o->out_dir, "The benchmark's output directory (holds bench.sqlite)")->required();
        report->add_option("--compare", compare->compare, "Compare two cells (key or number from the table)")
            ->expected(2);
        report->add_option("--metric", compare->metric,
                           "Metric for --compare and the table (default: ATE RMSE when present)");
        CLI::App *status = app.add_subcommand(
            "status", "Show a benchmark's progress: the store's counts and its Slurm array jobs (squeue/sacct)");
        status->add_option("out", o->out_dir, "The benchmark's output directory (holds bench.sqlite)")->required();
        auto gate = std::make_shared<GateCli>();
        CLI::App *gate_app = app.add_subcommand(
            "compare", "Regression gate: compare two benchmarks (BASE, NEW) cell by cell; exit 1 on a regression");
        gate_app->add_option("base", gate->base, "The base benchmark's output directory (e.g. main)")->required();
        gate_app->add_option("new", gate->next, "The new benchmark's output directory (e.g. a pull request)")
            ->required();
        gate_app->add_option("--metric", gate->options.metrics,
                             "Metric to gate on (repeatable; default: every quality metric of the catalogue with a "
                             "direction)");
        gate_app->add_option("--alpha", gate->options.alpha, "Significance level of the quality metrics (adjusted p)")
            ->check(CLI::Range(1e-9, 0.5))
            ->capture_default_str();
        gate_app->add_flag("--gate-resources", gate->options.gate_resources,
                           "Also gate the machine-measured metrics (CPU, memory, CPU time) with their own thresholds");
        gate_app->add_option("--resource-alpha", gate->options.resource_alpha, "Significance level of the resources")
            ->check(CLI::Range(1e-9, 0.5))
            ->capture_default_str();
        gate_app
            ->add_option("--resource-min-change", gate->resource_min_change_percent,
                         "Smallest change of a resource that counts, in percent of the base mean")
            ->check(CLI::NonNegativeNumber)
            ->capture_default_str();
        gate_app
            ->add_option(
                "--correction", gate->correction,
                "Adjustment of the p-values for the number of comparisons: bh (Benjamini-Hochberg), holm, none")
            ->check(CLI::IsMember({"bh", "holm", "none"}))
            ->capture_default_str();
        gate_app
            ->add_option("--pairing", gate->pairing,
                         "auto: fleets holding recordings of the same names are compared recording by recording, else "
                         "cell by cell; cells; recordings")
            ->check(CLI::IsMember({"auto", "cells", "recordings"}))
            ->capture_default_str();
        gate_app->add_flag("--allow-partial", gate->options.allow_partial,
                           "pass a fleet comparison that left out recordings found on one side only");
        gate_app
            ->add_option("--min-change", gate->min_change_percent,
                         "Smallest change that counts, in percent of the base mean")
            ->check(CLI::NonNegativeNumber)
            ->capture_default_str();
        gate_app
            ->add_option("--min-abs", gate->options.min_absolute, "Smallest change that counts, in the metric's unit")
            ->check(CLI::NonNegativeNumber)
            ->capture_default_str();
        gate_app->add_option("--base-cell", gate->options.base_cell, "Compare only this cell of BASE (key or number)");
        gate_app->add_option("--new-cell", gate->options.new_cell, "... against this cell of NEW");
        gate_app->add_option("--markdown", gate->markdown_file, "Also write the Markdown summary to this file");
        return [o, executor, quiet, index, compare, run_job, report, status, gate, gate_app] {
            if (gate_app->parsed()) return runCompare(*gate);
            if (run_job->parsed()) return runJobs(o->out_dir, *index);
            if (report->parsed()) return printOrFail("bench report", bench::benchReport(o->out_dir, *compare));
            if (!status->parsed()) return runBench(*o, *executor, *quiet);
            auto state = bench::benchStatus(o->out_dir);
            return state ? printOrFail("bench status", state->text) : fail("bench status", state.error());
        };
    },
    85};

}  // namespace
}  // namespace robometrics::app
