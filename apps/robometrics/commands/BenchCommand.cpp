// robometrics bench MATRIX.yaml -o OUT [-j N] [--executor local|slurm] [--resume] [--pin-cpus]
// robometrics bench run-job OUT --index I
// Runs a benchmark matrix (docs/bench.md): expands it, stores it in OUT/bench.sqlite and runs
// its jobs locally or submits them to Slurm; run-job is the worker side of the job protocol.

#include <signal.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <map>
#include <memory>

#include "BenchSubcommands.hpp"
#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bench/BenchReportFiles.hpp"
#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/BenchTable.hpp"
#include "robometrics/bench/LocalExecutor.hpp"
#include "robometrics/bench/SlurmExecutor.hpp"

namespace robometrics::app {
namespace {

volatile sig_atomic_t g_stop_signal = 0;
void onStopSignal(int signal_number) { g_stop_signal = signal_number; }

void catchStopSignals() {
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

/// The running binary: what {robometrics} in a matrix means.
std::string selfPath() {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string("robometrics");
}

struct BenchCli {
    std::string matrix_file;
    std::string out_dir;
    int jobs = 0;
    std::string executor = "local";
    bool resume = false;
    bool pin_cpus = false;
    // run-job
    std::string job_out_dir;
    int index = -1;
};

int runBench(const BenchCli &cli) {
    if (cli.matrix_file.empty() || cli.out_dir.empty()) {
        fmt::print(stderr, "robometrics bench: usage: robometrics bench MATRIX.yaml -o OUT (see --help)\n");
        return 2;
    }
    auto matrix = bench::loadMatrix(cli.matrix_file);
    if (!matrix) return fail("bench", matrix.error());
    const std::string self = selfPath();
    auto jobs = bench::expandMatrix(*matrix, bench::ExpandContext{cli.out_dir, self});
    if (!jobs) return fail("bench", jobs.error());
    auto store = bench::prepareStore(*matrix, *jobs, cli.out_dir, cli.resume);
    if (!store) return fail("bench", store.error());

    if (cli.executor == "slurm") {
        Status submitted = bench::submitSlurm(*matrix, bench::SlurmOptions{cli.out_dir, self, cli.resume});
        return submitted.ok() ? 0 : fail("bench", submitted.error());
    }
    catchStopSignals();
    bench::LocalOptions local;
    local.out_dir = cli.out_dir;
    local.workers = cli.jobs;
    local.pin_cpus = cli.pin_cpus;
    local.progress = isatty(STDERR_FILENO) == 1;
    local.robometrics = self;
    local.stop_requested = [] { return static_cast<int>(g_stop_signal); };
    auto summary = bench::runLocal(*matrix, local);
    if (!summary) return fail("bench", summary.error());
    auto rows = store->jobs();
    if (!rows) return fail("bench", rows.error());
    fmt::print("{}", bench::formatCellTable(*rows));
    // The leaderboard and report of what is finished, even when some jobs failed.
    auto report = bench::writeBenchReport(cli.out_dir);
    if (!report) return fail("bench", report.error());
    fmt::print("\n{}\nresults: {}, report: {}\n", report->table, bench::storePath(cli.out_dir), report->report_path);
    if (summary->interrupted) return fail("bench", "interrupted: continue with --resume");
    int failed = 0;
    for (const auto &r : *rows) failed += r.status == "failed" ? 1 : 0;
    if (failed > 0)
        return fail("bench", fmt::format("{} of {} jobs failed (see OUT/jobs/*/stderr.log)", failed, rows->size()));
    return 0;
}

int runJobCommand(const BenchCli &cli) {
    catchStopSignals();
    bench::JobRunOptions options;
    options.robometrics = selfPath();
    options.worker = bench::workerName();
    options.stop_requested = [] { return static_cast<int>(g_stop_signal); };
    int index = cli.index;
    if (index < 0) {  // an array task names its job through the environment
        for (const char *name : {"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}) {
            if (const char *v = std::getenv(name); v != nullptr && index < 0) index = std::atoi(v);
        }
    }
    if (index < 0) {
        fmt::print(stderr,
                   "robometrics bench run-job: error: --index missing (nor SLURM_ARRAY_TASK_ID or "
                   "JOB_COMPLETION_INDEX set)\n");
        return 2;
    }
    auto outcome = bench::runStoredJob(cli.job_out_dir, index, options);
    if (!outcome) return fail("bench run-job", outcome.error());
    if (!outcome->success)
        return fail("bench run-job", fmt::format("job {}: {}", index, outcome->error.value_or("failed")));
    fmt::print("job {}: done in {:.2f} s (+{:.2f} s evaluate), verdict {}\n", index, outcome->run_s,
               outcome->evaluate_s, outcome->verdict.value_or("-"));
    return 0;
}

const RegisterCommand kRegister{
    "bench", "Run a benchmark matrix of runs (stacks x scenarios x seeds) and store every metric",
    [](CLI::App &app) -> RunFn {
        auto cli = std::make_shared<BenchCli>();
        app.add_option("matrix", cli->matrix_file, "Matrix YAML (docs/bench.md)");
        app.add_option("-o,--output", cli->out_dir, "Output directory: bench.sqlite and jobs/");
        app.add_option("-j,--jobs", cli->jobs, "Parallel jobs (default: the number of CPUs)")
            ->check(CLI::NonNegativeNumber);
        app.add_option("--executor", cli->executor, "local or slurm")
            ->check(CLI::IsMember({"local", "slurm"}))
            ->capture_default_str();
        app.add_flag("--resume", cli->resume, "Continue the benchmark stored in OUT: rerun what is not done");
        app.add_flag("--pin-cpus", cli->pin_cpus, "Pin each worker's jobs to one CPU");

        CLI::App *run_job = app.add_subcommand("run-job", "Run one job of the benchmark stored in OUT (a worker)");
        run_job->add_option("out", cli->job_out_dir, "The benchmark's output directory")->required();
        run_job->add_option("--index", cli->index, "Job index (default: SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)");
        std::map<CLI::App *, RunFn> subs;
        for (const auto &spec : benchSubcommands()) {
            CLI::App *sub = app.add_subcommand(spec.name, spec.summary);
            subs[sub] = spec.setup(*sub);
        }
        return [cli, run_job, subs]() -> int {
            if (run_job->parsed()) return runJobCommand(*cli);
            for (const auto &[sub, fn] : subs) {
                if (sub->parsed()) return fn();
            }
            return runBench(*cli);
        };
    },
    85};

}  // namespace
}  // namespace robometrics::app
