#include "robometrics/bench/BenchStore.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "robometrics/bench/JobLeftovers.hpp"
#include "robometrics/bench/slurm/SlurmPacking.hpp"
#include "robometrics/system/ExecutablePath.hpp"
#include "robometrics/system/LeftoverGroups.hpp"

namespace robometrics::bench {

std::string storePath(const std::string &out_dir) { return (std::filesystem::path(out_dir) / "bench.sqlite").string(); }

Result<ResultStore> prepareStore(const MatrixSpec &matrix, const std::vector<JobSpec> &jobs, const std::string &out_dir,
                                 bool resume, std::string *notes) {
    namespace fs = std::filesystem;
    const std::string path = storePath(out_dir);
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    if (exists && !resume) {
        return Error{
            fmt::format("{}: a benchmark is already stored here: add --resume to continue it, or choose "
                        "another -o",
                        path)};
    }
    fs::create_directories(out_dir, ec);
    if (ec) return Error{fmt::format("{}: cannot create the output directory: {}", out_dir, ec.message())};
    auto store = ResultStore::open(path);
    if (!store) return store.error();
    ROBOMETRICS_TRY(store->initialise(matrix, jobs));
    if (resume) {
        auto rows = store->jobs();
        if (!rows) return rows.error();
        auto ended = endJobLeftovers(*rows, jobs);
        if (!ended) return Error{fmt::format("{}: {}", path, ended.message())};
        if (notes != nullptr) *notes += *ended;
        ROBOMETRICS_TRY(store->resetUnfinished());
    }
    return store;
}

Result<LoadedBench> loadBench(const std::string &out_dir) {
    LoadedBench loaded;
    loaded.store_path = storePath(out_dir);
    std::error_code ec;
    if (!std::filesystem::exists(loaded.store_path, ec)) {
        return Error{loaded.store_path + ": no benchmark store (run `robometrics bench` first)"};
    }
    auto store = ResultStore::open(loaded.store_path);
    if (!store) return store.error();
    auto jobs = store->jobs(ResultStore::Summary::anomalies);
    if (!jobs) return jobs.error();
    auto metrics = store->metrics();
    if (!metrics) return metrics.error();
    auto recordings = store->recordings();
    if (!recordings) return recordings.error();
    auto checks = store->checks();
    if (!checks) return checks.error();
    auto yaml = store->matrixYaml();
    if (!yaml) return yaml.error();
    auto matrix = parseMatrix(*yaml, loaded.store_path + " (stored matrix)");
    if (matrix) {  // a matrix that no longer parses (an older version's) still has its results
        for (const Axis &axis : matrix->axes) loaded.axes.push_back(axis.name);
        loaded.recordings_axis = matrix->recordings_axis;
    }
    loaded.jobs = std::move(*jobs);
    loaded.metrics = std::move(*metrics);
    loaded.recordings = std::move(*recordings);
    loaded.checks = std::move(*checks);
    loaded.aggregates = aggregate(loaded.jobs, loaded.metrics);
    attachChecks(loaded.aggregates, loaded.checks);
    return loaded;
}

Result<StoredMatrix> loadStoredMatrix(const ResultStore &store, const std::string &out_dir,
                                      const std::string &robometrics) {
    auto yaml = store.matrixYaml();
    if (!yaml) return yaml.error();
    auto matrix = parseMatrix(*yaml, store.path() + " (stored matrix)");
    if (!matrix) return matrix.error();
    auto jobs = expandMatrix(*matrix, ExpandContext{out_dir, robometrics});
    if (!jobs) return jobs.error();
    return StoredMatrix{std::move(*matrix), std::move(*jobs)};
}

namespace {

/// A worker never creates a store: it works on one `bench` prepared.
Status requireStore(const std::string &out_dir) {
    std::error_code ec;
    if (std::filesystem::exists(storePath(out_dir), ec)) return Status::Ok();
    return Error{storePath(out_dir) + ": no benchmark store (start one with `robometrics bench MATRIX.yaml -o OUT`)"};
}

}  // namespace

namespace {

/// What a worker loads once, however many jobs it runs: the store and the expanded matrix (the
/// expansion is linear in the jobs, so redoing it per job made a packed task quadratic).
struct LoadedStore {
    ResultStore store;
    StoredMatrix stored;
};

Result<LoadedStore> loadStore(const std::string &out_dir, const std::string &robometrics) {
    ROBOMETRICS_TRY(requireStore(out_dir));
    auto store = ResultStore::open(storePath(out_dir));
    if (!store) return store.error();
    auto stored = loadStoredMatrix(*store, out_dir, robometrics);
    if (!stored) return stored.error();
    return LoadedStore{std::move(*store), std::move(*stored)};
}

Result<JobOutcome> runLoadedJob(LoadedStore &loaded, int index, const JobRunOptions &options) {
    const std::vector<JobSpec> &jobs = loaded.stored.jobs;
    if (index < 0 || index >= static_cast<int>(jobs.size())) {
        return Error{fmt::format("{}: --index {} is out of range (the matrix has jobs 0 to {})", loaded.store.path(),
                                 index, static_cast<int>(jobs.size()) - 1)};
    }
    ROBOMETRICS_TRY(loaded.store.markRunning(index, options.worker));
    JobOutcome outcome = runJob(loaded.stored.matrix, jobs[static_cast<std::size_t>(index)], options);
    ROBOMETRICS_TRY(loaded.store.record(outcome));
    return outcome;
}

JobRunOptions workerOptions(std::function<int()> stop_requested, const std::string &robometrics) {
    JobRunOptions options;
    options.robometrics = robometrics.empty() ? system::executablePath() : robometrics;
    options.worker = workerName();
    options.stop_requested = std::move(stop_requested);
    return options;
}

/// The line a worker prints for a job; a failed job is an error "job 3: <why>".
Result<std::string> outcomeLine(int index, const Result<JobOutcome> &outcome) {
    if (!outcome) return outcome.error();
    if (!outcome->success) return Error{fmt::format("job {}: {}", index, outcome->error.value_or("failed"))};
    if (!outcome->run_s) {  // evaluate-only: a recording
        return fmt::format("job {}: evaluated in {:.2f} s, verdict {}\n", index, outcome->evaluate_s.value_or(0),
                           outcome->verdict.value_or("-"));
    }
    return fmt::format("job {}: done in {:.2f} s (+{:.2f} s evaluate), verdict {}\n", index, *outcome->run_s,
                       outcome->evaluate_s.value_or(0), outcome->verdict.value_or("-"));
}

}  // namespace

Result<JobOutcome> runStoredJob(const std::string &out_dir, int index, const JobRunOptions &options) {
    auto loaded = loadStore(out_dir, options.robometrics);
    if (!loaded) return loaded.error();
    return runLoadedJob(*loaded, index, options);
}

std::string workerName() { return fmt::format("{}:{}", system::hostName(), static_cast<long>(getpid())); }

Result<std::vector<int>> workerJobIndices(const std::string &given) {
    if (!given.empty()) return parseJobList(given, "--index");
    for (const char *name : {"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}) {
        const char *value = std::getenv(name);
        if (value != nullptr && std::atoi(value) >= 0 && *value != '\0') return std::vector<int>{std::atoi(value)};
    }
    return Error{"--index missing (nor SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX set)"};
}

Result<std::string> runWorkerJob(const std::string &out_dir, int index, std::function<int()> stop_requested,
                                 const std::string &robometrics) {
    return outcomeLine(index, runStoredJob(out_dir, index, workerOptions(std::move(stop_requested), robometrics)));
}

Result<WorkerJobsRun> runWorkerJobs(const std::string &out_dir, const std::vector<int> &indices,
                                    const std::function<int()> &stop_requested, const std::string &robometrics) {
    const JobRunOptions options = workerOptions(stop_requested, robometrics);
    auto loaded = loadStore(out_dir, options.robometrics);  // once: one error, not one per job
    if (!loaded) return loaded.error();
    WorkerJobsRun run;
    for (int index : indices) {
        if (stop_requested && stop_requested() != 0) {
            run.stopped = true;
            break;
        }
        auto line = outcomeLine(index, runLoadedJob(*loaded, index, options));
        if (line) {
            run.text += *line;
        } else {
            run.text += line.message() + "\n";
            ++run.failed;
        }
    }
    return run;
}

}  // namespace robometrics::bench
