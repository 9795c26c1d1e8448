#pragma once
// The benchmark's results in one SQLite file, OUT/bench.sqlite (schema in docs/bench.md).
// WAL mode and a busy timeout make it safe for several worker processes (local workers,
// Slurm array tasks, Kubernetes indexed jobs) to write at once; each job's result is written
// in one transaction, so a worker killed mid-job leaves the row as it was ("running").

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/bench/JobSpec.hpp"
#include "robometrics/core/Result.hpp"

struct sqlite3;

namespace robometrics::bench {

struct MatrixSpec;

class ResultStore {
public:
    /// Opens (creating if needed) the store and its tables.
    static Result<ResultStore> open(const std::string &path);

    ResultStore(ResultStore &&) noexcept;
    ResultStore &operator=(ResultStore &&) noexcept;
    ~ResultStore();

    /// Stores the matrix and one pending row per job. Resume-safe: on an existing store with
    /// the same matrix hash nothing is changed; a different hash is refused.
    Status initialise(const MatrixSpec &matrix, const std::vector<JobSpec> &jobs);

    /// The stored matrix text ('yaml' key), or an error when the store has none.
    Result<std::string> matrixYaml() const;

    /// How much of each job's summary.json jobs() returns: all of it, or only {"anomalies": [...]}
    /// (what the report shows; the whole summaries of a thousand jobs are tens of MB it never reads).
    enum class Summary { whole, anomalies };
    Result<std::vector<JobRecord>> jobs(Summary summary = Summary::whole) const;
    Result<std::vector<MetricValue>> metrics() const;
    /// The digest of each job's recording, by job index (jobs of a fleet that finished).
    Result<std::map<int, RecordingDigest>> recordings() const;
    /// Each checked job's contract check, by job index (a matrix with `check:`).
    Result<std::map<int, JobCheck>> checks() const;

    /// Claims the pending job with the lowest index for `worker` (marks it running, counts the
    /// attempt) in one transaction, so two workers never get the same job; none when all are taken.
    Result<std::optional<int>> claimNext(const std::string &worker);
    /// Marks a job running by `worker` and counts the attempt.
    Status markRunning(int index, const std::string &worker);
    /// Resume: every job not done (failed, running from a killed run) goes back to pending.
    Status resetUnfinished();
    /// Writes a finished job (its row and its metrics, replacing earlier metrics) in one transaction.
    Status record(const JobOutcome &outcome);

    const std::string &path() const { return path_; }

private:
    ResultStore(std::string path, sqlite3 *db) : path_(std::move(path)), db_(db) {}
    std::string path_;
    sqlite3 *db_ = nullptr;
};

}  // namespace robometrics::bench
