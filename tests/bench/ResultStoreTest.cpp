#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <set>

#include "TestSupport.hpp"
#include "robometrics/bench/MatrixSpec.hpp"
#include "robometrics/bench/ResultStore.hpp"

namespace robometrics::bench {
namespace {

struct Fixture {
    MatrixSpec matrix;
    std::vector<JobSpec> jobs;
};

Fixture makeMatrix(const std::string &yaml, const std::string &out) {
    auto m = parseMatrix(yaml, "m.yaml");
    EXPECT_TRUE(m.ok()) << m.message();
    auto jobs = expandMatrix(*m, ExpandContext{out, "robometrics"});
    EXPECT_TRUE(jobs.ok());
    return {*m, *jobs};
}

TEST(ResultStore, InitialiseStoresThePendingJobsAndTheMatrix) {
    auto dir = test::scratchDir("store-init");
    const std::string yaml = "axes: {s: [a, b]}\niterations: 2\ncommand: [x, \"{s}\", \"{seed}\"]\n";
    Fixture f = makeMatrix(yaml, dir.string());
    auto store = ResultStore::open((dir / "bench.sqlite").string());
    ASSERT_TRUE(store.ok()) << store.message();
    ASSERT_TRUE(store->initialise(f.matrix, f.jobs).ok());
    auto rows = store->jobs();
    ASSERT_TRUE(rows.ok()) << rows.message();
    ASSERT_EQ(rows->size(), 4u);
    const JobRecord &r = (*rows)[3];
    EXPECT_EQ(r.index, 3);
    EXPECT_EQ(r.cell_key, "s=b");
    EXPECT_EQ(r.cell_json, R"({"s":"b"})");
    EXPECT_EQ(r.iteration, 1);
    EXPECT_EQ(r.seed, 1);
    EXPECT_EQ(r.command_json, R"(["x","b","1"])");
    EXPECT_EQ(r.status, bench::JobStatus::pending);
    EXPECT_EQ(r.attempts, 0);
    EXPECT_FALSE(r.exit_code.has_value());
    EXPECT_EQ(*store->matrixYaml(), yaml);
    // Resume-safe: the same matrix again changes nothing.
    ASSERT_TRUE(store->initialise(f.matrix, f.jobs).ok());
    EXPECT_EQ(store->jobs()->size(), 4u);
}

TEST(ResultStore, ADifferentMatrixIsRefused) {
    auto dir = test::scratchDir("store-hash");
    Fixture a = makeMatrix("command: [x]\niterations: 2\n", dir.string());
    Fixture b = makeMatrix("command: [x]\niterations: 3\n", dir.string());
    auto store = ResultStore::open((dir / "bench.sqlite").string());
    ASSERT_TRUE(store->initialise(a.matrix, a.jobs).ok());
    Status s = store->initialise(b.matrix, b.jobs);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("bench.sqlite: holds a different matrix (hash " + a.matrix.hash() +
                               "; m.yaml has hash " + b.matrix.hash() + ")"),
              std::string::npos)
        << s.message();
}

TEST(ResultStore, RecordWritesTheRowAndReplacesTheMetrics) {
    auto dir = test::scratchDir("store-record");
    Fixture f = makeMatrix("command: [x]\niterations: 2\n", dir.string());
    auto store = ResultStore::open((dir / "bench.sqlite").string());
    ASSERT_TRUE(store->initialise(f.matrix, f.jobs).ok());
    auto claimed = store->claimNext("w1");
    ASSERT_TRUE(claimed.ok());
    ASSERT_EQ(*claimed, std::optional<int>(0));
    JobOutcome o;
    o.index = 0;
    o.success = true;
    o.attempts = 2;  // one retry inside the claim
    o.exit_code = 0;
    o.worker = "w1";
    o.started_ns = 1'000'000'000'000'000'000LL;
    o.finished_ns = o.started_ns + 5;
    o.run_s = 1.5;
    o.evaluate_s = 0.25;
    o.verdict = "ok";
    o.anomalies = 0;
    o.summary_json = "{}";
    o.out_dir = "d";
    o.metrics = {{0, "map.iou", 0.5}, {0, "trajectory.ate_se3.rmse", std::nullopt}};
    ASSERT_TRUE(store->record(o).ok());
    auto first = store->jobs();
    EXPECT_EQ((*first)[0].attempts, 2);
    // A rerun (claimed again, one attempt) adds its attempt and replaces every metric of the job.
    ASSERT_TRUE(store->markRunning(0, "w1").ok());
    o.attempts = 1;
    o.metrics = {{0, "map.iou", 0.75}};
    ASSERT_TRUE(store->record(o).ok());

    auto rows = store->jobs();
    const JobRecord &r = (*rows)[0];
    EXPECT_EQ(r.status, bench::JobStatus::done);
    EXPECT_EQ(r.attempts, 3);
    EXPECT_EQ(r.exit_code, std::optional<int>(0));
    EXPECT_EQ(r.worker, std::optional<std::string>("w1"));
    EXPECT_EQ(r.finished_ns, std::optional<std::int64_t>(1'000'000'000'000'000'005LL));
    EXPECT_EQ(r.run_s, std::optional<double>(1.5));
    EXPECT_EQ(r.verdict, std::optional<std::string>("ok"));
    auto metrics = store->metrics();
    ASSERT_EQ(metrics->size(), 1u);
    EXPECT_EQ((*metrics)[0].name, "map.iou");
    EXPECT_EQ((*metrics)[0].value, std::optional<double>(0.75));
}

TEST(ResultStore, JobsCanCarryOnlyTheAnomaliesOfTheirSummary) {
    auto store = ResultStore::open((test::scratchDir("store-brief") / "bench.sqlite").string());
    ASSERT_TRUE(store.ok());
    auto m = parseMatrix("axes: {a: [1, 2, 3]}\ncommand: [\"true\"]\n", "m.yaml");
    ASSERT_TRUE(m.ok());
    auto jobs = expandMatrix(*m, ExpandContext{"/out", "robometrics"});
    ASSERT_TRUE(store->initialise(*m, *jobs).ok());
    for (int i : {0, 1}) {
        JobOutcome o;
        o.index = i;
        o.success = true;
        o.summary_json =
            i == 0 ? R"({"big": [1, 2, 3], "anomalies": [{"code": "collision", "time_s": 3}]})" : R"({"big": "text"})";
        ASSERT_TRUE(store->markRunning(i, "w").ok());
        ASSERT_TRUE(store->record(o).ok());
    }
    auto brief = store->jobs(ResultStore::Summary::anomalies);
    ASSERT_TRUE(brief.ok()) << brief.message();
    EXPECT_EQ((*brief)[0].summary_json,
              std::optional<std::string>(R"({"anomalies":[{"code":"collision","time_s":3}]})"));
    EXPECT_EQ((*brief)[1].summary_json, std::optional<std::string>(R"({"anomalies":null})"));
    EXPECT_EQ((*brief)[2].summary_json, std::nullopt);  // pending: no summary
    EXPECT_EQ((*store->jobs())[1].summary_json, std::optional<std::string>(R"({"big": "text"})"));
}

TEST(ResultStore, ResetUnfinishedKeepsDoneJobs) {
    auto dir = test::scratchDir("store-reset");
    Fixture f = makeMatrix("command: [x]\niterations: 3\n", dir.string());
    auto store = ResultStore::open((dir / "bench.sqlite").string());
    ASSERT_TRUE(store->initialise(f.matrix, f.jobs).ok());
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(store->claimNext("w").ok());
    JobOutcome done;
    done.index = 0;
    done.success = true;
    JobOutcome failed;
    failed.index = 1;
    ASSERT_TRUE(store->record(done).ok());
    ASSERT_TRUE(store->record(failed).ok());  // job 2 stays "running", as after a kill
    ASSERT_TRUE(store->resetUnfinished().ok());
    auto rows = store->jobs();
    EXPECT_EQ((*rows)[0].status, bench::JobStatus::done);
    EXPECT_EQ((*rows)[1].status, bench::JobStatus::pending);
    EXPECT_EQ((*rows)[2].status, bench::JobStatus::pending);
    EXPECT_EQ(*store->claimNext("w"), std::optional<int>(1));
    EXPECT_EQ(*store->claimNext("w"), std::optional<int>(2));
    EXPECT_EQ(*store->claimNext("w"), std::nullopt);
}

// Two processes claim and record 300 jobs as fast as they can: WAL and the busy timeout must
// give every job to exactly one of them, and lose no write.
/// Runs `sql` on the store at `path` behind ResultStore's back; the text of the first column of
/// the first row it returns.
std::string storeSql(const std::filesystem::path &path, const std::string &sql) {
    sqlite3 *db = nullptr;
    std::string first;
    if (sqlite3_open(path.c_str(), &db) == SQLITE_OK) {
        sqlite3_exec(
            db, sql.c_str(),
            [](void *out, int columns, char **values, char **) {
                if (columns > 0 && values[0] != nullptr && static_cast<std::string *>(out)->empty())
                    *static_cast<std::string *>(out) = values[0];
                return 0;
            },
            &first, nullptr);
    }
    sqlite3_close(db);
    return first;
}

TEST(ResultStore, TheStatusIsStoredAsTextAndAnUnknownTextIsAnErrorNamingTheFile) {
    auto dir = test::scratchDir("store-status-text");
    Fixture f = makeMatrix("command: [x]\niterations: 2\n", dir.string());
    const std::filesystem::path path = dir / "bench.sqlite";
    auto store = ResultStore::open(path.string());
    ASSERT_TRUE(store->initialise(f.matrix, f.jobs).ok());
    ASSERT_TRUE(store->claimNext("w").ok());
    JobOutcome done;
    done.index = 0;
    done.success = true;
    ASSERT_TRUE(store->record(done).ok());
    EXPECT_EQ(storeSql(path, "SELECT group_concat(status, ',') FROM (SELECT status FROM jobs ORDER BY job_index)"),
              "done,pending");
    storeSql(path, "UPDATE jobs SET status='finished' WHERE job_index=1");
    auto rows = store->jobs();
    ASSERT_FALSE(rows.ok());
    EXPECT_EQ(rows.message(),
              path.string() + ": job 1 has the status 'finished' (expected pending, running, done or failed)");
}

TEST(ResultStore, TwoProcessesWritingAtOnce) {
    auto dir = test::scratchDir("store-concurrent");
    const std::string path = (dir / "bench.sqlite").string();
    Fixture f = makeMatrix("command: [x]\niterations: 300\n", dir.string());
    {
        auto store = ResultStore::open(path);
        ASSERT_TRUE(store->initialise(f.matrix, f.jobs).ok());
    }
    // Both start together: each blocks on the pipe until the parent closes it. Each then holds
    // its first claim until the other has one too (the parent counts the bytes on `claimed` and
    // closes `go`), so "both did work" does not hang on the scheduler: on a loaded machine one
    // process could otherwise claim all 300 before the other has opened the store.
    int barrier[2];
    int first_claims[2];
    int go[2];
    ASSERT_EQ(pipe(barrier), 0);
    ASSERT_EQ(pipe(first_claims), 0);
    ASSERT_EQ(pipe(go), 0);
    std::vector<pid_t> children;
    for (int w = 0; w < 2; ++w) {
        pid_t pid = fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            close(barrier[1]);
            close(first_claims[0]);
            close(go[1]);
            char byte = 0;
            if (read(barrier[0], &byte, 1) < 0) _exit(5);
            auto store = ResultStore::open(path);
            if (!store) _exit(2);
            std::string worker = "p" + std::to_string(w);
            while (true) {
                auto claimed = store->claimNext(worker);
                if (!claimed) _exit(3);
                if (!*claimed) break;
                if (first_claims[1] >= 0) {
                    if (write(first_claims[1], "c", 1) != 1) _exit(6);
                    close(first_claims[1]);
                    first_claims[1] = -1;
                    if (read(go[0], &byte, 1) < 0) _exit(7);
                }
                JobOutcome o;
                o.index = **claimed;
                o.success = true;
                o.worker = worker;
                o.metrics = {{o.index, "m", static_cast<double>(o.index)}, {o.index, "w", static_cast<double>(w)}};
                usleep(200);  // a little "work" between claim and record, so the two interleave
                if (!store->record(o).ok()) _exit(4);
            }
            _exit(0);
        }
        children.push_back(pid);
    }
    close(barrier[0]);
    close(barrier[1]);
    close(first_claims[1]);
    close(go[0]);
    char first[2];
    size_t got = 0;
    while (got < 2) {
        ssize_t n = read(first_claims[0], first + got, 2 - got);
        if (n <= 0) break;  // a child ended before its first claim: the checks below say which
        got += static_cast<size_t>(n);
    }
    close(first_claims[0]);
    close(go[1]);
    for (pid_t pid : children) {
        int status = 0;
        ASSERT_EQ(waitpid(pid, &status, 0), pid);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    }
    auto store = ResultStore::open(path);
    auto rows = store->jobs();
    ASSERT_EQ(rows->size(), 300u);
    std::set<std::string> workers;
    for (const JobRecord &r : *rows) {
        EXPECT_EQ(r.status, bench::JobStatus::done) << r.index;
        EXPECT_EQ(r.attempts, 1) << r.index;  // claimed exactly once
        workers.insert(r.worker.value_or(""));
    }
    EXPECT_EQ(workers.size(), 2u);  // both processes did work
    auto metrics = store->metrics();
    ASSERT_EQ(metrics->size(), 600u);
    for (const MetricValue &m : *metrics) {
        if (m.name == "m") {
            EXPECT_EQ(m.value, std::optional<double>(m.job_index));
        }
    }
    // The file is in WAL mode.
    EXPECT_TRUE(std::filesystem::exists(path + "-wal") || test::readFile(path).substr(18, 2) == "\x02\x02");
}

}  // namespace
}  // namespace robometrics::bench
