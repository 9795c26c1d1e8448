#pragma once
// What every executor does before it starts jobs, and what a single worker does: the job
// protocol of docs/bench.md. Everything a worker needs is in OUT/bench.sqlite (the matrix text
// and the job rows), so a local thread, a Slurm array task and a Kubernetes indexed job all run
// `robometrics bench run-job OUT --index I` the same way.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/JobRunner.hpp"
#include "robometrics/bench/ResultStore.hpp"

namespace robometrics::bench {

/// OUT/bench.sqlite
std::string storePath(const std::string &out_dir);

/// Creates OUT and its store for a new benchmark, or with `resume` reopens an existing one
/// (same matrix hash required), ends what a dead worker left running (JobLeftovers.hpp, adding a
/// line per job to `notes`) and puts every job not done back to pending. Without `resume` an
/// existing store is refused, so a second run never mixes into the first one's results.
Result<ResultStore> prepareStore(const MatrixSpec &matrix, const std::vector<JobSpec> &jobs, const std::string &out_dir,
                                 bool resume, std::string *notes = nullptr);

/// The matrix and job list as stored in OUT (expanded with OUT as given here, so OUT may be
/// mounted at another path on a worker node).
struct StoredMatrix {
    MatrixSpec matrix;
    std::vector<JobSpec> jobs;
};
Result<StoredMatrix> loadStoredMatrix(const ResultStore &store, const std::string &out_dir,
                                      const std::string &robometrics);

/// Runs job `index` of the store in OUT and records its outcome (the worker side of the protocol).
Result<JobOutcome> runStoredJob(const std::string &out_dir, int index, const JobRunOptions &options);

/// What `bench report` and `bench compare` read of the store in OUT: its rows, and the finished
/// jobs' metrics grouped per cell.
struct LoadedBench {
    std::string store_path;
    std::vector<JobRecord> jobs;  ///< summary_json holds only the anomalies
    std::vector<MetricValue> metrics;
    BenchAggregates aggregates;
    std::map<int, RecordingDigest> recordings;  ///< a fleet's recordings, by job
    std::map<int, JobCheck> checks;             ///< the contract checks of a matrix with `check:`, by job
    std::vector<std::string> axes;              ///< the stored matrix's axis names, in order
    std::string recordings_axis;                ///< its axis of recordings, if any
};
Result<LoadedBench> loadBench(const std::string &out_dir);

/// "host:pid" naming this process in the store's worker column.
std::string workerName();

/// The jobs a worker runs: the `--index` list when given ("7", or "0-9,12" for an array task
/// that runs several, SlurmPacking.hpp), else the one its environment names (a Slurm array
/// task's SLURM_ARRAY_TASK_ID, a Kubernetes indexed job's JOB_COMPLETION_INDEX); an error when
/// neither is set or the list is malformed.
Result<std::vector<int>> workerJobIndices(const std::string &given);

/// `robometrics bench run-job`: runStoredJob as this process's worker, and the line it prints
/// ("job 3: done in 4.20 s (+1.10 s evaluate), verdict ok"). A job that ran and failed is an
/// error "job 3: <why>" like one that could not start. `robometrics` empty: this process's binary.
Result<std::string> runWorkerJob(const std::string &out_dir, int index, std::function<int()> stop_requested,
                                 const std::string &robometrics = {});

struct WorkerJobsRun {
    std::string text;      ///< runWorkerJob's line of each job, or "job 3: <why it failed>"
    int failed = 0;        ///< jobs that failed or could not start
    bool stopped = false;  ///< a stop signal came: the remaining jobs were not started
};

/// The jobs of `indices` one after another, as one worker: a failed job does not keep the
/// next from running; a stop signal ends the current job (runStoredJob) and starts no other.
Result<WorkerJobsRun> runWorkerJobs(const std::string &out_dir, const std::vector<int> &indices,
                                    const std::function<int()> &stop_requested, const std::string &robometrics = {});

}  // namespace robometrics::bench
