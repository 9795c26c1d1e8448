// SQLite store of a benchmark (schema in docs/bench.md). Several processes write at once: WAL
// lets readers go on while one writes, the busy timeout makes writers queue instead of failing,
// and BEGIN IMMEDIATE takes the write lock up front so a read-then-write transaction (claiming
// a job) cannot deadlock against another worker's.

#include "robometrics/bench/ResultStore.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "robometrics/bench/JobChecks.hpp"
#include "robometrics/bench/MatrixSpec.hpp"

namespace robometrics::bench {
namespace {

constexpr const char *kSchema = R"sql(
CREATE TABLE IF NOT EXISTS matrix(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS jobs(
  job_index INTEGER PRIMARY KEY, cell_key TEXT NOT NULL, cell_json TEXT NOT NULL, iteration INTEGER NOT NULL,
  seed INTEGER NOT NULL, command_json TEXT NOT NULL, status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0, exit_code INTEGER, worker TEXT, started_ns INTEGER, finished_ns INTEGER,
  run_s REAL, evaluate_s REAL, verdict TEXT, anomalies INTEGER, summary_json TEXT, out_dir TEXT, error TEXT);
CREATE TABLE IF NOT EXISTS metrics(job_index INTEGER NOT NULL, name TEXT NOT NULL, value REAL, PRIMARY KEY(job_index, name));
CREATE INDEX IF NOT EXISTS jobs_by_status ON jobs(status, job_index);
CREATE TABLE IF NOT EXISTS recordings(job_index INTEGER PRIMARY KEY, path TEXT NOT NULL, sha256 TEXT NOT NULL,
  bytes INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS checks(job_index INTEGER PRIMARY KEY, check_json TEXT NOT NULL);
)sql";
// checks: each job's recording judged against the matrix's `check:` spec (bench/JobChecks.hpp:
// every rule, held or not). A store from before it existed gains the empty table when opened.
// recordings: the content of each job's recording (a fleet's axis of recordings), so that
// `bench compare` pairs two benchmarks' recordings by what they hold. A store written before it
// existed gains the empty table when opened, and its recordings are then not paired.
// jobs_by_status: a claim finds the first pending job without reading every row. Without it the
// claim scanned the whole table (rows carry their summary.json, ~10 KB) inside the write lock:
// 8 ms per claim at 1000 jobs, and the other worker's record waited behind it.

constexpr int kBusyTimeoutMs = 120000;  // a worker waits this long for another's transaction

std::int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

/// A prepared statement, finalized on scope exit.
class Statement {
public:
    Statement(sqlite3 *db, const char *sql) { rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    bool ok() const { return rc_ == SQLITE_OK; }
    sqlite3_stmt *get() const { return stmt_; }

    void bind(int i, std::int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
    void bind(int i, int v) { sqlite3_bind_int64(stmt_, i, v); }
    void bind(int i, double v) { sqlite3_bind_double(stmt_, i, v); }
    void bind(int i, const std::string &v) {
        sqlite3_bind_text(stmt_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    }
    template <class T>
    void bind(int i, const std::optional<T> &v) {
        if (v) {
            bind(i, *v);
        } else {
            sqlite3_bind_null(stmt_, i);
        }
    }
    int step() { return sqlite3_step(stmt_); }

    std::string text(int col) const {
        const unsigned char *p = sqlite3_column_text(stmt_, col);
        return p ? reinterpret_cast<const char *>(p) : "";
    }
    bool isNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
    std::optional<std::string> optText(int col) const { return isNull(col) ? std::nullopt : std::optional(text(col)); }
    std::optional<std::int64_t> optInt(int col) const {
        return isNull(col) ? std::nullopt : std::optional<std::int64_t>(sqlite3_column_int64(stmt_, col));
    }
    std::optional<double> optReal(int col) const {
        return isNull(col) ? std::nullopt : std::optional(sqlite3_column_double(stmt_, col));
    }

private:
    sqlite3_stmt *stmt_ = nullptr;
    int rc_ = SQLITE_ERROR;
};

Error dbError(sqlite3 *db, const std::string &path, const std::string &what) {
    return Error{fmt::format("{}: {}: {}", path, what, sqlite3_errmsg(db))};
}

Status exec(sqlite3 *db, const std::string &path, const char *sql) {
    char *message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        Error e{fmt::format("{}: {}", path, message ? message : "sqlite error")};
        sqlite3_free(message);
        return e;
    }
    return Status::Ok();
}

/// BEGIN IMMEDIATE ... COMMIT, rolled back unless committed.
class Transaction {
public:
    Transaction(sqlite3 *db, const std::string &path) : db_(db), path_(path) {
        status_ = exec(db_, path_, "BEGIN IMMEDIATE");
    }
    ~Transaction() {
        if (status_.ok() && !committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    const Status &begun() const { return status_; }
    Status commit() {
        committed_ = true;
        return exec(db_, path_, "COMMIT");
    }

private:
    sqlite3 *db_;
    std::string path_;
    Status status_;
    bool committed_ = false;
};

Status stepDone(Statement &s, sqlite3 *db, const std::string &path, const std::string &what) {
    if (!s.ok()) return dbError(db, path, what);
    int rc = s.step();
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) return dbError(db, path, what);
    return Status::Ok();
}

}  // namespace

Result<ResultStore> ResultStore::open(const std::string &path) {
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
        Error e{fmt::format("{}: cannot open the result store: {}", path, db ? sqlite3_errmsg(db) : "out of memory")};
        sqlite3_close(db);
        return e;
    }
    ResultStore store(path, db);
    sqlite3_busy_timeout(db, kBusyTimeoutMs);
    // WAL is a property of the file: the first opener sets it, later ones find it set.
    ROBOMETRICS_TRY(exec(db, path, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"));
    ROBOMETRICS_TRY(exec(db, path, kSchema));
    return store;
}

ResultStore::ResultStore(ResultStore &&other) noexcept : path_(std::move(other.path_)), db_(other.db_) {
    other.db_ = nullptr;
}

ResultStore &ResultStore::operator=(ResultStore &&other) noexcept {
    if (this != &other) {
        sqlite3_close(db_);
        path_ = std::move(other.path_);
        db_ = other.db_;
        other.db_ = nullptr;
    }
    return *this;
}

ResultStore::~ResultStore() { sqlite3_close(db_); }

Status ResultStore::initialise(const MatrixSpec &matrix, const std::vector<JobSpec> &jobs) {
    Transaction tx(db_, path_);
    ROBOMETRICS_TRY(tx.begun());
    std::string hash = matrix.hash();
    {
        Statement s(db_, "SELECT value FROM matrix WHERE key='hash'");
        if (!s.ok()) return dbError(db_, path_, "reading the matrix hash");
        if (s.step() == SQLITE_ROW) {
            std::string stored = s.text(0);
            if (stored != hash) {
                return Error{fmt::format(
                    "{}: holds a different matrix (hash {}; {} has hash {}): resume only with the same matrix, or "
                    "write into a new -o directory",
                    path_, stored, matrix.source, hash)};
            }
            return Status::Ok();  // resume: the jobs are already there
        }
    }
    for (auto [key, value] : {std::pair<std::string, std::string>{"yaml", matrix.yaml},
                              {"hash", hash},
                              {"created_ns", std::to_string(nowNs())},
                              {"source", matrix.source}}) {
        Statement s(db_, "INSERT OR REPLACE INTO matrix(key, value) VALUES(?, ?)");
        s.bind(1, key);
        s.bind(2, value);
        ROBOMETRICS_TRY(stepDone(s, db_, path_, "writing the matrix"));
    }
    for (const JobSpec &job : jobs) {
        Statement s(db_,
                    "INSERT OR IGNORE INTO jobs(job_index, cell_key, cell_json, iteration, seed, command_json, status, "
                    "out_dir) VALUES(?, ?, ?, ?, ?, ?, 'pending', ?)");
        s.bind(1, job.index);
        s.bind(2, job.cell_key);
        s.bind(3, nlohmann::json(job.cell).dump());
        s.bind(4, job.iteration);
        s.bind(5, job.seed);
        s.bind(6, nlohmann::json(job.argv).dump());
        s.bind(7, job.out_dir);
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("writing job {}", job.index)));
    }
    return tx.commit();
}

Result<std::string> ResultStore::matrixYaml() const {
    Statement s(db_, "SELECT value FROM matrix WHERE key='yaml'");
    if (!s.ok()) return dbError(db_, path_, "reading the matrix");
    if (s.step() != SQLITE_ROW) return Error{path_ + ": holds no matrix (not a bench store, or never initialised)"};
    return s.text(0);
}

Result<std::vector<JobRecord>> ResultStore::jobs(Summary summary) const {
    // SQLite's JSON functions cut the summary down inside the query, so the whole text never
    // reaches this process.
    const std::string summary_column = summary == Summary::whole
                                           ? "summary_json"
                                           : "CASE WHEN summary_json IS NULL THEN NULL ELSE json_object('anomalies', "
                                             "json(json_extract(summary_json, '$.anomalies'))) END";
    const std::string sql =
        "SELECT job_index, cell_key, cell_json, iteration, seed, command_json, status, attempts, exit_code, worker, "
        "started_ns, finished_ns, run_s, evaluate_s, verdict, anomalies, " +
        summary_column + ", out_dir, error FROM jobs ORDER BY job_index";
    Statement s(db_, sql.c_str());
    if (!s.ok()) return dbError(db_, path_, "reading the jobs");
    std::vector<JobRecord> out;
    int rc = 0;
    while ((rc = s.step()) == SQLITE_ROW) {
        JobRecord r;
        r.index = static_cast<int>(*s.optInt(0));
        r.cell_key = s.text(1);
        r.cell_json = s.text(2);
        r.iteration = static_cast<int>(*s.optInt(3));
        r.seed = *s.optInt(4);
        r.command_json = s.text(5);
        const std::string status = s.text(6);
        const std::optional<JobStatus> known = jobStatusOf(status);
        if (!known) {
            return Error{fmt::format("{}: job {} has the status '{}' (expected pending, running, done or failed)",
                                     path_, r.index, status)};
        }
        r.status = *known;
        r.attempts = static_cast<int>(s.optInt(7).value_or(0));
        if (auto v = s.optInt(8)) r.exit_code = static_cast<int>(*v);
        r.worker = s.optText(9);
        r.started_ns = s.optInt(10);
        r.finished_ns = s.optInt(11);
        r.run_s = s.optReal(12);
        r.evaluate_s = s.optReal(13);
        r.verdict = s.optText(14);
        if (auto v = s.optInt(15)) r.anomalies = static_cast<int>(*v);
        r.summary_json = s.optText(16);
        r.out_dir = s.optText(17);
        r.error = s.optText(18);
        out.push_back(std::move(r));
    }
    if (rc != SQLITE_DONE) return dbError(db_, path_, "reading the jobs");
    return out;
}

Result<std::vector<MetricValue>> ResultStore::metrics() const {
    Statement s(db_, "SELECT job_index, name, value FROM metrics ORDER BY job_index, name");
    if (!s.ok()) return dbError(db_, path_, "reading the metrics");
    std::vector<MetricValue> out;
    int rc = 0;
    while ((rc = s.step()) == SQLITE_ROW) out.push_back({static_cast<int>(*s.optInt(0)), s.text(1), s.optReal(2)});
    if (rc != SQLITE_DONE) return dbError(db_, path_, "reading the metrics");
    return out;
}

Result<std::map<int, RecordingDigest>> ResultStore::recordings() const {
    Statement s(db_, "SELECT job_index, path, sha256, bytes FROM recordings ORDER BY job_index");
    if (!s.ok()) return dbError(db_, path_, "reading the recordings");
    std::map<int, RecordingDigest> out;
    int rc = 0;
    while ((rc = s.step()) == SQLITE_ROW) {
        out[static_cast<int>(*s.optInt(0))] =
            RecordingDigest{s.text(1), s.text(2), static_cast<std::uint64_t>(s.optInt(3).value_or(0))};
    }
    if (rc != SQLITE_DONE) return dbError(db_, path_, "reading the recordings");
    return out;
}

Result<std::map<int, JobCheck>> ResultStore::checks() const {
    Statement s(db_, "SELECT job_index, check_json FROM checks ORDER BY job_index");
    if (!s.ok()) return dbError(db_, path_, "reading the checks");
    std::map<int, JobCheck> out;
    int rc = 0;
    while ((rc = s.step()) == SQLITE_ROW) {
        const int index = static_cast<int>(*s.optInt(0));
        auto check = jobCheckFromJson(s.text(1));
        if (!check) return Error{fmt::format("{}: job {}: {}", path_, index, check.message())};
        out[index] = std::move(*check);
    }
    if (rc != SQLITE_DONE) return dbError(db_, path_, "reading the checks");
    return out;
}

Result<std::optional<int>> ResultStore::claimNext(const std::string &worker) {
    Transaction tx(db_, path_);
    ROBOMETRICS_TRY(tx.begun());
    std::optional<int> index;
    {
        Statement s(db_, "SELECT min(job_index) FROM jobs WHERE status='pending'");
        if (!s.ok() || s.step() != SQLITE_ROW) return dbError(db_, path_, "finding a pending job");
        if (auto v = s.optInt(0)) index = static_cast<int>(*v);
    }
    if (index) ROBOMETRICS_TRY(markRunning(*index, worker));
    ROBOMETRICS_TRY(tx.commit());
    return index;
}

Status ResultStore::markRunning(int index, const std::string &worker) {
    Statement s(db_,
                "UPDATE jobs SET status='running', worker=?, started_ns=?, finished_ns=NULL, attempts=attempts+1, "
                "error=NULL WHERE job_index=?");
    s.bind(1, worker);
    s.bind(2, nowNs());
    s.bind(3, index);
    ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("marking job {} running", index)));
    if (sqlite3_changes(db_) != 1) return Error{fmt::format("{}: no job with index {}", path_, index)};
    return Status::Ok();
}

Status ResultStore::resetUnfinished() {
    return exec(db_, path_, "UPDATE jobs SET status='pending' WHERE status IN ('failed', 'running')");
}

Status ResultStore::record(const JobOutcome &o) {
    Transaction tx(db_, path_);
    ROBOMETRICS_TRY(tx.begun());
    {
        // markRunning counted one attempt; retries inside the run add the rest.
        Statement s(db_,
                    "UPDATE jobs SET status=?, attempts=max(attempts, 1) - 1 + ?, exit_code=?, worker=?, started_ns=?, "
                    "finished_ns=?, run_s=?, evaluate_s=?, verdict=?, anomalies=?, summary_json=?, out_dir=?, error=? "
                    "WHERE job_index=?");
        s.bind(1, std::string(jobStatusText(o.success ? JobStatus::done : JobStatus::failed)));
        s.bind(2, o.attempts);
        s.bind(3, o.exit_code);
        s.bind(4, o.worker);
        s.bind(5, o.started_ns);
        s.bind(6, o.finished_ns);
        s.bind(7, o.run_s);
        s.bind(8, o.evaluate_s);
        s.bind(9, o.verdict);
        s.bind(10, o.anomalies);
        s.bind(11, o.summary_json);
        s.bind(12, o.out_dir);
        s.bind(13, o.error);
        s.bind(14, o.index);
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("recording job {}", o.index)));
        if (sqlite3_changes(db_) != 1) return Error{fmt::format("{}: no job with index {}", path_, o.index)};
    }
    {
        Statement s(db_, "DELETE FROM metrics WHERE job_index=?");
        s.bind(1, o.index);
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("clearing the metrics of job {}", o.index)));
    }
    {
        Statement s(db_, "DELETE FROM recordings WHERE job_index=?");
        s.bind(1, o.index);
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("clearing the recording of job {}", o.index)));
    }
    {
        Statement s(db_, "DELETE FROM checks WHERE job_index=?");
        s.bind(1, o.index);
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("clearing the check of job {}", o.index)));
    }
    if (o.check) {
        Statement s(db_, "INSERT INTO checks(job_index, check_json) VALUES(?, ?)");
        s.bind(1, o.index);
        s.bind(2, jobCheckJson(*o.check).dump());
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("writing the check of job {}", o.index)));
    }
    if (o.recording) {
        Statement s(db_, "INSERT INTO recordings(job_index, path, sha256, bytes) VALUES(?, ?, ?, ?)");
        s.bind(1, o.index);
        s.bind(2, o.recording->path);
        s.bind(3, o.recording->sha256);
        s.bind(4, static_cast<std::int64_t>(o.recording->bytes));
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("writing the recording of job {}", o.index)));
    }
    Statement s(db_, "INSERT OR REPLACE INTO metrics(job_index, name, value) VALUES(?, ?, ?)");
    if (!s.ok()) return dbError(db_, path_, "writing metrics");
    for (const MetricValue &m : o.metrics) {
        sqlite3_reset(s.get());
        s.bind(1, o.index);
        s.bind(2, m.name);
        s.bind(3, m.value);
        ROBOMETRICS_TRY(stepDone(s, db_, path_, fmt::format("writing metric {} of job {}", m.name, o.index)));
    }
    return tx.commit();
}

}  // namespace robometrics::bench
