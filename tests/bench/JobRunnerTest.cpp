#include <gtest/gtest.h>
#include <signal.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "BenchTestSupport.hpp"
#include "TestSupport.hpp"
#include "robometrics/bench/JobRunner.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

/// The first job of `yaml` expanded into `out`.
std::pair<MatrixSpec, JobSpec> firstJob(const std::string &yaml, const fs::path &out) {
    auto m = parseMatrix(yaml, "m.yaml");
    EXPECT_TRUE(m.ok()) << m.message();
    auto jobs = expandMatrix(*m, ExpandContext{out.string(), test::robometricsBinary()});
    EXPECT_TRUE(jobs.ok()) << jobs.message();
    return {*m, jobs->front()};
}

JobRunOptions options() {
    JobRunOptions o;
    o.robometrics = test::robometricsBinary();
    o.worker = "test";
    return o;
}

TEST(JobRunner, RunsAndEvaluatesASimulatedRun) {
    auto out = test::scratchDir("runner-sim");
    auto [m, job] = firstJob(
        "command: [\"{robometrics}\", simulate, --duration, \"3\", --seed, \"{seed}\", -o, \"{out}\"]\nbase_seed: 4\n",
        out);
    JobOutcome o = runJob(m, job, options());
    ASSERT_TRUE(o.success) << o.error.value_or("");
    EXPECT_EQ(o.attempts, 1);
    EXPECT_EQ(o.exit_code, std::optional<int>(0));
    EXPECT_EQ(o.verdict, std::optional<std::string>("ok"));
    EXPECT_EQ(o.anomalies, std::optional<int>(0));
    EXPECT_EQ(o.out_dir, (out / "jobs" / "0000").string());
    // The run directory holds the simulator's files and the supervisor's; eval/ evaluate's.
    for (const char *f : {"run/run.mcap", "run/run.json", "run/system.csv", "eval/summary.json", "stdout.log"}) {
        EXPECT_TRUE(fs::exists(out / "jobs" / "0000" / f)) << f;
    }
    auto metric = [&](const std::string &name) -> std::optional<double> {
        for (const MetricValue &v : o.metrics) {
            if (v.name == name) return v.value;
        }
        return std::nullopt;
    };
    EXPECT_NEAR(*metric("duration_s"), 3.0, 0.05);  // 3 simulated seconds of bag
    EXPECT_TRUE(metric("map.iou").has_value());
    EXPECT_GT(metric("traversal.distance_traveled_m").value_or(0), 0.5);
    EXPECT_EQ(metric("run_s"), std::optional<double>(o.run_s));
    EXPECT_EQ(metric("evaluate_s"), o.evaluate_s);
    EXPECT_GT(o.run_s, 0);
    // The simulation is over in a fraction of the 1 s sampling period: its CPU and memory come
    // from the kernel's count at exit (run.json), not from a single start-up sample.
    EXPECT_GT(metric("system.mean_cpu_percent").value_or(0), 1.0);
    EXPECT_GT(metric("system.peak_rss_bytes").value_or(0), 1e6);
    EXPECT_GE(o.finished_ns, o.started_ns);
    EXPECT_EQ(test::zombieChildren(), 0);
}

TEST(JobRunner, AFailingCommandIsRetriedThenFails) {
    auto out = test::scratchDir("runner-fail");
    auto [m, job] =
        firstJob("command: [sh, -c, \"echo attempt >> $0/../attempts; exit 3\", \"{out}\"]\nretries: 2\n", out);
    JobOutcome o = runJob(m, job, options());
    EXPECT_FALSE(o.success);
    EXPECT_EQ(o.attempts, 3);
    EXPECT_EQ(o.exit_code, std::optional<int>(3));
    EXPECT_EQ(o.error.value_or("").rfind("the command failed (exit code 3; see ", 0), 0u) << *o.error;
    EXPECT_EQ(test::readFile(out / "jobs" / "0000" / "attempts"), "attempt\nattempt\nattempt\n");
    EXPECT_FALSE(o.verdict.has_value());
    EXPECT_FALSE(o.evaluate_s.has_value());  // never evaluated: empty in the store and results.csv, not 0
    for (const MetricValue &metric : o.metrics) {
        if (metric.name == "evaluate_s") {
            EXPECT_FALSE(metric.value.has_value());
        }
    }
}

TEST(JobRunner, ACommandThatCannotStartFails) {
    auto out = test::scratchDir("runner-nostart");
    auto [m, job] = firstJob("command: [/nonexistent/stack]\n", out);
    JobOutcome o = runJob(m, job, options());
    EXPECT_FALSE(o.success);
    EXPECT_EQ(o.exit_code, std::optional<int>(127));
    EXPECT_NE(test::readFile(out / "jobs" / "0000" / "stderr.log").find("cannot start '/nonexistent/stack'"),
              std::string::npos);
}

TEST(JobRunner, TheTimeoutStopsTheWholeTree) {
    auto out = test::scratchDir("runner-timeout");
    // The background sleep must die with the group, not outlive the job.
    auto [m, job] = firstJob(
        "command: [sh, -c, \"sleep 30 & echo $! > $0/bg.pid; wait\", \"{out}\"]\ntimeout_s: 0.5\ngrace_s: 1\n", out);
    JobOutcome o = runJob(m, job, options());
    EXPECT_FALSE(o.success);
    EXPECT_EQ(o.error.value_or("").rfind("timed out after 0.5 s (timeout (SIGINT))", 0), 0u) << *o.error;
    EXPECT_LT(o.run_s, 3.0);
    pid_t bg = std::stoi(test::readFile(fs::path(job.out_dir) / "bg.pid"));
    EXPECT_TRUE(test::waitUntil([&] {
        return kill(bg, 0) != 0 ||
               test::readFile("/proc/" + std::to_string(bg) + "/stat").find(") Z") != std::string::npos;
    }));
    EXPECT_EQ(test::zombieChildren(), 0);
}

TEST(JobRunner, AStopDurationIsAPlannedEnd) {
    auto out = test::scratchDir("runner-duration");
    // Writes its bag, then would run for 30 s: the stop condition ends it after 1 s.
    auto [m, job] = firstJob(
        "command: [sh, -c, \"\\\"$0\\\" simulate --duration 2 -o \\\"$1\\\" && exec sleep 30\", \"{robometrics}\", "
        "\"{out}\"]\nstop: {duration_s: 1}\ntimeout_s: 20\n",
        out);
    JobOutcome o = runJob(m, job, options());
    ASSERT_TRUE(o.success) << o.error.value_or("");
    EXPECT_GE(o.run_s, 1.0);
    EXPECT_LT(o.run_s, 5.0);
    auto run = nlohmann::json::parse(test::readFile(fs::path(job.out_dir) / "run.json"));
    EXPECT_EQ(run["ended_by"], "duration (SIGINT)");
}

TEST(JobRunner, ARecorderRunsBesideTheJobAndGetsSigint) {
    auto out = test::scratchDir("runner-record");
    auto [m, job] = firstJob(
        "command: [\"{robometrics}\", simulate, --duration, \"2\", -o, \"{out}\"]\n"
        "record:\n  mode: rosbag_record\n"
        "  command: [sh, -c, \"trap 'echo stopped > $0/recorder.txt; exit 0' INT; echo started > $0/recorder.txt; "
        "while :; do sleep 0.05; done\", \"{out}/..\"]\n",
        out);
    JobOutcome o = runJob(m, job, options());
    ASSERT_TRUE(o.success) << o.error.value_or("");
    EXPECT_EQ(test::readFile(out / "jobs" / "0000" / "recorder.txt"), "stopped\n");
    EXPECT_EQ(test::zombieChildren(), 0);
}

TEST(JobRunner, AnInterruptIsNotRetried) {
    auto out = test::scratchDir("runner-interrupt");
    auto [m, job] = firstJob("command: [sleep, \"30\"]\nretries: 3\ngrace_s: 1\n", out);
    JobRunOptions o = options();
    auto start = std::chrono::steady_clock::now();
    o.stop_requested = [start] { return std::chrono::steady_clock::now() - start > std::chrono::milliseconds(300); };
    JobOutcome outcome = runJob(m, job, o);
    EXPECT_FALSE(outcome.success);
    EXPECT_EQ(outcome.attempts, 1);
    EXPECT_EQ(outcome.error, std::optional<std::string>("interrupted"));
}

}  // namespace
}  // namespace robometrics::bench
