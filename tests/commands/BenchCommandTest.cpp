// `robometrics bench`: the example matrix end to end, resume after the orchestrator is killed,
// the job protocol (run-job) and the errors a user meets first.

#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "TestSupport.hpp"
#include "robometrics/bench/ResultStore.hpp"

namespace robometrics::test {
namespace {

namespace fs = std::filesystem;

std::vector<bench::JobRecord> storedJobs(const fs::path &out) {
    auto store = bench::ResultStore::open((out / "bench.sqlite").string());
    EXPECT_TRUE(store.ok()) << store.message();
    auto rows = store->jobs();
    EXPECT_TRUE(rows.ok()) << rows.message();
    return rows.ok() ? *rows : std::vector<bench::JobRecord>{};
}

void writeText(const fs::path &path, const std::string &text) { std::ofstream(path) << text; }

TEST(BenchCommand, OfficeMatrixEndToEnd) {
    auto out = scratchDir("bench-office");
    CommandResult r = runRobometrics({"bench", "examples/office-matrix.yaml", "-o", out.string(), "-j", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("scenario=kidnap,duration=45     3       0        0    0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("report: "), std::string::npos) << r.out;
    EXPECT_TRUE(fs::exists(out / "report.html"));
    EXPECT_TRUE(fs::exists(out / "results.csv"));
    EXPECT_EQ(r.err, "");  // no progress line when stderr is not a terminal
    auto rows = storedJobs(out);
    ASSERT_EQ(rows.size(), 12u);  // 2 scenarios x 2 durations x 3 seeds
    for (const auto &row : rows) {
        EXPECT_EQ(row.status, bench::JobStatus::done) << row.index;
        // 30 s office runs are ok; 45 s ones reach the scripted collision at 28.7 s (caught once the
        // contact is over); the kidnapped rover is caught (pose jump, drift, lost).
        EXPECT_EQ(row.verdict, std::optional<std::string>(row.index < 3 ? "ok" : "potential_failure"))
            << row.index << ": "
            << nlohmann::json::parse(row.summary_json.value_or("{}")).value("anomalies", nlohmann::json()).dump();
        EXPECT_EQ(row.seed, 1 + row.index % 3);
    }
    auto store = bench::ResultStore::open((out / "bench.sqlite").string());
    std::map<std::string, int> per_name;
    auto metrics = store->metrics();
    ASSERT_TRUE(metrics.ok()) << metrics.message();
    for (const auto &m : metrics.value()) per_name[m.name] += m.value.has_value() ? 1 : 0;
    for (const char *name : {"trajectory.ate_se3.rmse", "map.iou", "traversal.distance_traveled_m",
                             "system.peak_cpu_percent", "run_s", "evaluate_s"}) {
        EXPECT_EQ(per_name[name], 12) << name;
    }
}

const char *kSlowMatrix = R"(
axes: {scenario: [office, stuck]}
iterations: 4
command: [sh, -c, "echo $$ > \"$1\"/../job.pid; \"$0\" simulate --scenario $2 --duration 2 --seed $3 -o \"$1\" && sleep 0.6", "{robometrics}", "{out}", "{scenario}", "{seed}"]
)";

/// Starts `robometrics args...` as a child whose pid the test owns.
pid_t spawnRobometrics(const std::vector<std::string> &args) {
    std::vector<std::string> all{std::getenv("ROBOMETRICS_BINARY")};
    all.insert(all.end(), args.begin(), args.end());
    pid_t pid = fork();
    if (pid == 0) {
        std::vector<char *> argv;
        for (auto &a : all) argv.push_back(a.data());
        argv.push_back(nullptr);
        int devnull = ::open("/dev/null", O_WRONLY);
        dup2(devnull, STDOUT_FILENO);
        dup2(devnull, STDERR_FILENO);
        execv(argv[0], argv.data());
        _exit(127);
    }
    return pid;
}

/// Whether `pid` is gone (or a zombie) within `seconds`.
bool processEnds(pid_t pid, int seconds = 10) {
    return waitUntil(
        [&] {
            std::string stat = readFile("/proc/" + std::to_string(pid) + "/stat");
            return stat.empty() || stat.find(") Z") != std::string::npos;
        },
        std::chrono::seconds(seconds));
}

TEST(BenchCommand, ResumeAfterTheOrchestratorWasKilled) {
    auto out = scratchDir("bench-resume");
    writeText(out / "matrix.yaml", kSlowMatrix);
    const fs::path bench_out = out / "b";
    pid_t pid = spawnRobometrics({"bench", (out / "matrix.yaml").string(), "-o", bench_out.string(), "-j", "2"});
    ASSERT_GT(pid, 0);
    // Kill it (SIGKILL: no cleanup at all) once some jobs are done and others are running.
    bool some_done = waitUntil(
        [&] {
            if (!fs::exists(bench_out / "bench.sqlite")) return false;
            int done = 0;
            for (const auto &r : storedJobs(bench_out)) done += r.status == bench::JobStatus::done ? 1 : 0;
            return done >= 2;
        },
        std::chrono::seconds(60));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(some_done);
    std::map<int, std::int64_t> finished_before;
    int unfinished = 0;
    for (const auto &r : storedJobs(bench_out)) {
        if (r.status == bench::JobStatus::done) {
            finished_before[r.index] = *r.finished_ns;
        } else {
            ++unfinished;
        }
    }
    ASSERT_GT(unfinished, 0) << "the matrix finished before it was killed";
    // The jobs the killed orchestrator had started die with it (its guard process ends them).
    for (const auto &entry : fs::directory_iterator(bench_out / "jobs")) {
        std::string pid_text = readFile(entry.path() / "job.pid");
        if (!pid_text.empty()) {
            EXPECT_TRUE(processEnds(std::stoi(pid_text))) << entry.path();
        }
    }

    // Without --resume the store is not touched.
    CommandResult refused = runRobometrics({"bench", (out / "matrix.yaml").string(), "-o", bench_out.string()});
    EXPECT_EQ(refused.exit_code, 1);
    EXPECT_NE(refused.err.find("a benchmark is already stored here: add --resume"), std::string::npos) << refused.err;

    CommandResult resumed =
        runRobometrics({"bench", (out / "matrix.yaml").string(), "-o", bench_out.string(), "-j", "2", "--resume"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    auto rows = storedJobs(bench_out);
    ASSERT_EQ(rows.size(), 8u);
    for (const auto &r : rows) {
        EXPECT_EQ(r.status, bench::JobStatus::done) << r.index;
        auto before = finished_before.find(r.index);
        if (before != finished_before.end()) {
            EXPECT_EQ(*r.finished_ns, before->second) << "job " << r.index << " was run again";
            EXPECT_EQ(r.attempts, 1) << r.index;
        } else {
            EXPECT_LE(r.attempts, 2) << r.index;  // at most the killed attempt and the resumed one
        }
    }

    // A changed matrix is refused on resume.
    std::string changed = kSlowMatrix;
    changed.replace(changed.find("iterations: 4"), 13, "iterations: 5");
    writeText(out / "changed.yaml", changed);
    CommandResult other =
        runRobometrics({"bench", (out / "changed.yaml").string(), "-o", bench_out.string(), "--resume"});
    EXPECT_EQ(other.exit_code, 1);
    EXPECT_NE(other.err.find("holds a different matrix"), std::string::npos) << other.err;
}

TEST(BenchCommand, RunJobIsTheWorkerProtocol) {
    auto out = scratchDir("bench-runjob");
    writeText(out / "m.yaml",
              "iterations: 2\ncommand: [\"{robometrics}\", simulate, --duration, \"1\", --seed, \"{seed}\", -o, "
              "\"{out}\"]\n");
    ASSERT_EQ(runRobometrics({"bench", (out / "m.yaml").string(), "-o", (out / "b").string(), "-j", "1"}).exit_code, 0);
    CommandResult r = runRobometrics({"bench", "run-job", (out / "b").string(), "--index", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("job 1: done in ", 0), 0u) << r.out;
    setenv("JOB_COMPLETION_INDEX", "0", 1);  // a Kubernetes indexed job names its index this way
    CommandResult k8s = runRobometrics({"bench", "run-job", (out / "b").string()});
    unsetenv("JOB_COMPLETION_INDEX");
    ASSERT_EQ(k8s.exit_code, 0) << k8s.err;
    auto rows = storedJobs(out / "b");
    EXPECT_EQ(rows[0].attempts, 2);
    EXPECT_EQ(rows[1].attempts, 2);
    CommandResult bad = runRobometrics({"bench", "run-job", (out / "b").string(), "--index", "2"});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("--index 2 is out of range (the matrix has jobs 0 to 1)"), std::string::npos) << bad.err;
}

TEST(BenchCommand, MatrixErrorsNameTheFile) {
    auto out = scratchDir("bench-errors");
    writeText(out / "m.yaml", "command: [true]\niterations: many\n");
    CommandResult r = runRobometrics({"bench", (out / "m.yaml").string(), "-o", (out / "b").string()});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, "robometrics bench: error: " + (out / "m.yaml").string() +
                         ":2: iterations: expected an integer >= 1, got 'many'\n");
    EXPECT_FALSE(fs::exists(out / "b"));  // nothing created for a matrix that does not parse
    CommandResult usage = runRobometrics({"bench"});
    EXPECT_EQ(usage.exit_code, 2);
}

TEST(BenchCommand, FailedJobsMakeTheExitCodeOne) {
    auto out = scratchDir("bench-failed");
    writeText(out / "m.yaml", "command: [\"false\"]\niterations: 2\n");
    CommandResult r = runRobometrics({"bench", (out / "m.yaml").string(), "-o", (out / "b").string()});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("2 of 2 jobs failed"), std::string::npos) << r.err;
    for (const auto &row : storedJobs(out / "b")) {
        EXPECT_EQ(row.status, bench::JobStatus::failed);
        EXPECT_EQ(row.exit_code, std::optional<int>(1));
    }
}

// Jobs that would run for a minute, a grandchild (`sleep`) each, which ignores SIGINT as a
// background process of sh does: the guard must escalate, and a daemon (setsid: its own session
// and process group) that the job's process group does not hold. Once the file "$0" exists (the
// test creates it before --resume) a job instead checks that no copy of it still runs and writes
// a run.
const char *kLongMatrix = R"(
axes: {scenario: [office, stuck]}
command: [sh, -c, "if [ -e \"$0\" ]; then if kill -0 $(cat ../child.pid) 2>/dev/null || kill -0 $(cat ../daemon.pid) 2>/dev/null; then touch ../twice; fi; exec \"$1\" simulate --scenario $3 --duration 2 -o \"$2\"; fi; echo $$ > ../job.pid; setsid -f sh -c 'echo $$ > ../daemon.pid; exec sleep 60'; sleep 60 & echo $! > ../child.pid; wait", "{out}/../../../../resumed", "{robometrics}", "{out}", "{scenario}"]
)";

/// Starts the long matrix in `out`/b and waits until both jobs and their children run.
pid_t startLongMatrix(const fs::path &out) {
    writeText(out / "matrix.yaml", kLongMatrix);
    pid_t pid = spawnRobometrics({"bench", (out / "matrix.yaml").string(), "-o", (out / "b").string(), "-j", "2"});
    EXPECT_TRUE(waitUntil(
        [&] {
            for (const char *file : {"b/jobs/0000/child.pid", "b/jobs/0001/child.pid", "b/jobs/0000/daemon.pid",
                                     "b/jobs/0001/daemon.pid"}) {
                if (readFile(out / file).empty()) return false;
            }
            return true;
        },
        std::chrono::seconds(60)));
    return pid;
}

std::vector<pid_t> jobProcesses(const fs::path &bench_out) {
    std::vector<pid_t> pids;
    for (const char *job : {"0000", "0001"}) {
        for (const char *file : {"job.pid", "child.pid", "daemon.pid"}) {
            std::string text = readFile(bench_out / "jobs" / job / file);
            if (!text.empty()) pids.push_back(std::stoi(text));
        }
    }
    return pids;
}

/// The guard process the orchestrator `parent` forked (comm "robometrics-grd").
pid_t guardOf(pid_t parent) {
    for (const auto &entry : fs::directory_iterator("/proc")) {
        std::string stat = readFile(entry.path() / "stat");
        auto close = stat.rfind(')');
        if (stat.find("(robometrics-grd)") == std::string::npos || close == std::string::npos) continue;
        if (std::stoi(stat.substr(close + 4)) == parent) return std::stoi(stat);
    }
    return -1;
}

TEST(BenchCommand, JobsDieWithTheOrchestrator) {
    auto out = scratchDir("bench-orphans");
    pid_t pid = startLongMatrix(out);
    const std::vector<pid_t> jobs = jobProcesses(out / "b");
    ASSERT_EQ(jobs.size(), 6u);
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    for (pid_t job : jobs) EXPECT_TRUE(processEnds(job, 8)) << job;  // SIGINT, then SIGTERM 1 s later
}

TEST(BenchCommand, ADaemonisingJobLeavesNothingBehind) {
    // Each job starts a daemon (setsid -f: its own session and process group, its parent gone),
    // then either ends (a simulated run: done) or runs past its timeout (failed).
    auto out = scratchDir("bench-daemon");
    writeText(out / "m.yaml", R"(
axes: {end: [exit, timeout]}
timeout_s: 3
grace_s: 1
command: [sh, -c, "setsid -f sh -c 'echo $$ > ../daemon.pid; exec sleep 300'; if [ $0 = timeout ]; then sleep 300; fi; exec \"$1\" simulate --duration 2 -o \"$2\"", "{end}", "{robometrics}", "{out}"]
)");
    CommandResult r = runRobometrics({"bench", (out / "m.yaml").string(), "-o", (out / "b").string(), "-j", "2"});
    EXPECT_EQ(r.exit_code, 1);  // the timed-out job failed
    const auto rows = storedJobs(out / "b");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].status, bench::JobStatus::done);
    EXPECT_EQ(rows[1].status, bench::JobStatus::failed);
    EXPECT_NE(rows[1].error.value_or("").find("timed out"), std::string::npos);
    for (const char *job : {"0000", "0001"}) {
        const std::string daemon = readFile(out / "b/jobs" / job / "daemon.pid");
        ASSERT_FALSE(daemon.empty()) << job;
        EXPECT_TRUE(processEnds(std::stoi(daemon), 0)) << job << ": daemon " << daemon << " outlived its job";
    }
}

TEST(BenchCommand, ResumeEndsWhatADeadWorkerLeft) {
    auto out = scratchDir("bench-leftovers");
    pid_t pid = startLongMatrix(out);
    const std::vector<pid_t> jobs = jobProcesses(out / "b");
    ASSERT_EQ(jobs.size(), 6u);
    // The guard dies first, as under a kill of every process: the jobs are left running.
    pid_t guard = guardOf(pid);
    ASSERT_GT(guard, 0);
    kill(guard, SIGKILL);
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (pid_t job : jobs) EXPECT_FALSE(processEnds(job, 0)) << job;

    writeText(out / "resumed", "");
    CommandResult resumed =
        runRobometrics({"bench", (out / "matrix.yaml").string(), "-o", (out / "b").string(), "-j", "2", "--resume"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.out.find("resume: ended what job 0 left running (process group " + std::to_string(jobs[0]) + ")"),
              std::string::npos)
        << resumed.out;
    EXPECT_NE(resumed.out.find("resume: ended what job 1 left running"), std::string::npos) << resumed.out;
    for (pid_t job : jobs) EXPECT_TRUE(processEnds(job, 0)) << job;
    EXPECT_FALSE(fs::exists(out / "b/jobs/0000/twice"));  // no job ran beside its earlier copy
    EXPECT_FALSE(fs::exists(out / "b/jobs/0001/twice"));
    for (const auto &row : storedJobs(out / "b")) {
        EXPECT_EQ(row.status, bench::JobStatus::done) << row.index;
        EXPECT_EQ(row.attempts, 2) << row.index;
    }
}

TEST(BenchCommand, ResumeRefusesWhileTheWorkerIsAlive) {
    auto out = scratchDir("bench-alive");
    pid_t pid = startLongMatrix(out);
    CommandResult second =
        runRobometrics({"bench", (out / "matrix.yaml").string(), "-o", (out / "b").string(), "--resume"});
    EXPECT_EQ(second.exit_code, 1);
    EXPECT_NE(second.err.find("which is still alive: stop it (or let it finish) before --resume"), std::string::npos)
        << second.err;
    kill(pid, SIGINT);  // an orderly stop ends the jobs too
    waitpid(pid, nullptr, 0);
    for (pid_t job : jobProcesses(out / "b")) EXPECT_TRUE(processEnds(job, 15)) << job;
}

/// A 3-run benchmark of one cell ("stack=nav") simulating `scenario`, into `out`/`name`.
fs::path smallBenchmark(const fs::path &out, const std::string &name, const std::string &scenario) {
    writeText(out / (name + ".yaml"),
              "axes: {stack: [nav]}\niterations: 3\nbase_seed: 1\ncommand: [\"{robometrics}\", "
              "simulate, --scenario, " +
                  scenario +
                  ", --duration, \"20\", --seed, \"{seed}\", "
                  "-o, \"{out}\"]\n");
    CommandResult r =
        runRobometrics({"bench", (out / (name + ".yaml")).string(), "-o", (out / name).string(), "-j", "2"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return out / name;
}

TEST(BenchCommand, CompareIsARegressionGate) {
    auto out = scratchDir("bench-gate");
    const fs::path base = smallBenchmark(out, "main", "office");
    const fs::path same = smallBenchmark(out, "rerun", "office");  // the same runs: nothing changed
    const fs::path worse = smallBenchmark(out, "pr", "kidnap");    // a planted regression: the rover gets lost

    // Nothing changed in what the runs measure; their wall time, CPU and memory depend on what
    // else the machine runs meanwhile (CI shares it): reported, not gated.
    CommandResult ok = runRobometrics({"bench", "compare", base.string(), same.string()});
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_NE(ok.out.find("**No significant regression**"), std::string::npos) << ok.out;
    EXPECT_NE(ok.out.find("Resources, measured on the machine (not gated"), std::string::npos) << ok.out;
    // A duration has no better direction: never gated, even when asked for.
    CommandResult duration = runRobometrics({"bench", "compare", base.string(), same.string(), "--metric", "run_s"});
    EXPECT_EQ(duration.exit_code, 2);
    EXPECT_NE(duration.err.find("--metric run_s: has no better direction"), std::string::npos) << duration.err;

    CommandResult bad = runRobometrics(
        {"bench", "compare", base.string(), worse.string(), "--markdown", (out / "summary.md").string()});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("significant regression"), std::string::npos) << bad.err;
    // The kidnapped rover is lost 13 times in every run, the office one never.
    EXPECT_NE(
        bad.out.find("| stack=nav | localization.lost | 0 (n 3) | 13 (n 3) | 13 [13, 13] | 0 | 0 | **regression** "
                     "(lower is better) |"),
        std::string::npos)
        << bad.out;
    EXPECT_EQ(readFile(out / "summary.md"), bad.out);

    CommandResult missing = runRobometrics({"bench", "compare", base.string(), (out / "nothing").string()});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("no benchmark store"), std::string::npos) << missing.err;
}

TEST(BenchCommand, AFleetOfRecordingsIsOnlyEvaluated) {
    auto out = scratchDir("bench-fleet");
    for (const char *scenario : {"office", "stuck"}) {
        ASSERT_EQ(runRobometrics({"simulate", "--scenario", scenario, "--duration", "20", "-o",
                                  (out / "field" / scenario).string()})
                      .exit_code,
                  0);
    }
    std::vector<std::string> before;
    for (const auto &e : fs::recursive_directory_iterator(out / "field")) before.push_back(e.path().string());
    writeText(out / "fleet.yaml", "axes:\n  run: {glob: \"field/*\"}\n");
    CommandResult r = runRobometrics({"bench", (out / "fleet.yaml").string(), "-o", (out / "b").string(), "-j", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto rows = storedJobs(out / "b");
    ASSERT_EQ(rows.size(), 2u);
    for (const auto &row : rows) {
        EXPECT_EQ(row.status, bench::JobStatus::done);
        EXPECT_FALSE(row.run_s.has_value());  // nothing ran
        EXPECT_TRUE(row.evaluate_s.has_value());
        EXPECT_TRUE(fs::exists(out / "b" / "jobs" / fmt::format("{:04d}", row.index) / "eval" / "summary.json"));
    }
    EXPECT_EQ(rows[1].cell_key, "run=" + (out / "field" / "stuck").string());
    std::vector<std::string> after;
    for (const auto &e : fs::recursive_directory_iterator(out / "field")) after.push_back(e.path().string());
    EXPECT_EQ(after, before);  // the recordings are read, never written

    // The same numbers as `robometrics evaluate` of the recording.
    ASSERT_EQ(
        runRobometrics({"evaluate", (out / "field" / "stuck").string(), "-o", (out / "direct").string()}).exit_code, 0);
    const auto direct = nlohmann::json::parse(readFile(out / "direct" / "summary.json"));
    const auto stored = nlohmann::json::parse(rows[1].summary_json.value_or("{}"));
    EXPECT_EQ(stored["traversal"], direct["traversal"]);
    EXPECT_EQ(stored["verdict"], direct["verdict"]);
}

}  // namespace
}  // namespace robometrics::test
