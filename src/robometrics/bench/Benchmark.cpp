#include "robometrics/bench/Benchmark.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "robometrics/bench/BenchStore.hpp"
#include "robometrics/bench/BenchTable.hpp"
#include "robometrics/bench/LocalExecutor.hpp"
#include "robometrics/bench/report/BenchReportFiles.hpp"
#include "robometrics/bench/slurm/SlurmExecutor.hpp"
#include "robometrics/system/ExecutablePath.hpp"

namespace robometrics::bench {
namespace {

/// The tables of a local run from its store, and why it is not a success.
Result<BenchmarkRun> describeLocalRun(const ResultStore &store, const std::string &out_dir, bool interrupted) {
    auto rows = store.jobs();
    if (!rows) return rows.error();
    BenchmarkRun run{formatCellTable(*rows), {}};
    // The leaderboard and report of what is finished, even when some jobs failed.
    auto report = writeBenchReport(out_dir);
    if (!report) {
        run.failure = report.message();
        return run;
    }
    run.text += fmt::format("\n{}\nresults: {}, report: {}\n", report->table, storePath(out_dir), report->report_path);
    const auto failed =
        std::count_if(rows->begin(), rows->end(), [](const JobRecord &r) { return r.status == JobStatus::failed; });
    if (interrupted) {
        run.failure = "interrupted: continue with --resume";
    } else if (failed > 0) {
        run.failure = fmt::format("{} of {} jobs failed (see OUT/jobs/*/stderr.log)", failed, rows->size());
    }
    return run;
}

}  // namespace

Result<Executor> parseExecutor(const std::string &text) {
    for (Executor executor : {Executor::local, Executor::slurm}) {
        if (text == executorText(executor)) return executor;
    }
    return Error{fmt::format("unknown executor '{}' (expected local or slurm)", text)};
}

Result<BenchmarkRun> runBenchmark(const BenchmarkOptions &given) {
    BenchmarkOptions options = given;
    if (options.robometrics.empty()) options.robometrics = system::executablePath();
    auto matrix = loadMatrix(options.matrix_file);
    if (!matrix) return matrix.error();
    auto jobs = expandMatrix(*matrix, ExpandContext{options.out_dir, options.robometrics});
    if (!jobs) return jobs.error();
    std::string notes;
    auto store = prepareStore(*matrix, *jobs, options.out_dir, options.resume, &notes);
    if (!store) return store.error();
    if (options.executor == Executor::slurm) {
        auto submitted = submitSlurm(
            *matrix, SlurmOptions{options.out_dir, options.robometrics, options.resume, options.jobs_per_task});
        if (!submitted) return submitted.error();
        return BenchmarkRun{notes + *submitted, {}};
    }
    LocalOptions local;
    local.out_dir = options.out_dir;
    local.workers = options.workers;
    local.pin_cpus = options.pin_cpus;
    local.progress = options.progress;
    local.robometrics = options.robometrics;
    local.stop_requested = options.stop_requested;
    auto summary = runLocal(*matrix, local);
    if (!summary) return summary.error();
    auto described = describeLocalRun(*store, options.out_dir, summary->interrupted);
    if (described) described->text = notes + described->text;
    return described;
}

}  // namespace robometrics::bench
