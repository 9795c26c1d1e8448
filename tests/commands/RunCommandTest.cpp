#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "JsonFiles.hpp"
#include "TestSupport.hpp"

namespace robometrics {
namespace {

using test::readJson;

int countLines(const std::filesystem::path &p) {
    std::ifstream in(p);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) ++n;
    return n;
}

}  // namespace

TEST(RunCommand, MeasuresABusyTreeAndWritesEverything) {
    auto dir = test::scratchDir("run-busy");
    // A tree with one busy child for about 1.5 s: peak CPU about one core.
    auto r = test::runRobometrics({"run", "-o", dir.string(), "--sample-hz", "4", "--", "sh", "-c",
                                   "timeout 1.5 sh -c 'while :; do :; done'; exit 0"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto run = readJson(dir / "run.json");
    EXPECT_EQ(run["ended_by"], "exit");
    EXPECT_EQ(run["exit_code"], 0);
    EXPECT_GT(run["duration_s"].get<double>(), 1.4);
    EXPECT_GT(run["peak_cpu_percent"].get<double>(), 10.0);  // a loaded CI machine gives it less than a core
    EXPECT_LT(run["peak_cpu_percent"].get<double>(), 140.0);
    EXPECT_GT(run["peak_rss_bytes"].get<double>(), 0.0);
    // Header plus about 4 samples per second.
    EXPECT_GE(countLines(dir / "system.csv"), 1 + 5);
    // The kernel's count at exit: the busy grandchild's CPU (reaped by its parent, then ours).
    EXPECT_GT(run["cpu_time_s"].get<double>(), 0.15);
    EXPECT_LT(run["cpu_time_s"].get<double>(), 1.6);
    EXPECT_GT(run["max_rss_bytes"].get<double>(), 0.0);
}

TEST(RunCommand, AJobShorterThanOneSampleStillGetsItsCpuAndMemory) {
    auto dir = test::scratchDir("run-short");
    // About 0.1 CPU-s of work at the default 1 Hz: the only sample is the one taken as it starts.
    // A fixed amount of work, not a time: on a loaded machine 0.3 s of wall got 0.02 CPU-s.
    const auto start = std::chrono::steady_clock::now();
    auto r = test::runRobometrics({"run", "-o", dir.string(), "--", "sh", "-c",
                                   "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done"});
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    if (elapsed < 0.9) {
        EXPECT_EQ(countLines(dir / "system.csv"), 1 + 1);
    } else {
        EXPECT_GE(countLines(dir / "system.csv"), 1 + 1) << "a loaded machine: the job outlived a sample";
    }
    auto run = readJson(dir / "run.json");
    EXPECT_GT(run["cpu_time_s"].get<double>(), 0.03);
    EXPECT_GT(run["max_rss_bytes"].get<double>(), 0.0);
}

TEST(RunCommand, TimeoutStopsTheTreeWithSigint) {
    auto dir = test::scratchDir("run-timeout");
    auto start = std::chrono::steady_clock::now();
    auto r = test::runRobometrics({"run", "-o", dir.string(), "--timeout", "0.5", "--", "sleep", "30"});
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_LT(elapsed, 10.0);
    auto run = readJson(dir / "run.json");
    EXPECT_EQ(run["ended_by"], "timeout (SIGINT)");
    EXPECT_EQ(run["exit_signal"], SIGINT);
}

TEST(RunCommand, EscalatesToSigtermWhenSigintIsIgnored) {
    auto dir = test::scratchDir("run-escalate");
    auto r = test::runRobometrics(
        {"run", "-o", dir.string(), "--timeout", "0.3", "--grace", "0.5", "--", "sh", "-c", "trap '' INT; sleep 30"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto run = readJson(dir / "run.json");
    EXPECT_EQ(run["ended_by"], "timeout (SIGTERM)");
}

TEST(RunCommand, ReportsAFailingCommandAndAMissingProgram) {
    auto dir = test::scratchDir("run-fail");
    auto r = test::runRobometrics({"run", "-o", dir.string(), "--", "sh", "-c", "exit 3"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("exited with code 3"), std::string::npos);
    EXPECT_EQ(readJson(dir / "run.json")["exit_code"], 3);
    auto missing = test::runRobometrics({"run", "-o", dir.string(), "--", "/nonexistent/program"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("/nonexistent/program"), std::string::npos);
}

TEST(RunCommand, CtrlCStopsTheTreeAndStillWritesEverything) {
    auto dir = test::scratchDir("run-ctrl-c");
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    ASSERT_NE(binary, nullptr);
    std::string out = dir.string();
    pid_t pid = fork();
    if (pid == 0) {
        FILE *quiet = std::freopen("/dev/null", "w", stdout);
        (void)quiet;
        execl(binary, binary, "run", "-o", out.c_str(), "--sample-hz", "10", "--", "sleep", "30",
              static_cast<char *>(nullptr));
        _exit(127);
    }
    // Wait until sampling has started (system.csv, still under its temporary name beside the
    // target, has its header and a sample), then Ctrl-C.
    auto samplesSoFar = [&dir] {
        for (const auto &entry : std::filesystem::directory_iterator(dir)) {
            if (entry.path().filename().string().rfind(".system.csv.tmp-", 0) == 0) return countLines(entry.path());
        }
        return 0;
    };
    for (int i = 0; i < 200 && samplesSoFar() < 2; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "system.csv"));  // named only when complete
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    auto run = readJson(dir / "run.json");
    EXPECT_EQ(run["ended_by"], "signal (SIGINT)");
    EXPECT_EQ(run["exit_signal"], SIGINT);
    EXPECT_LT(run["duration_s"].get<double>(), 10.0);
    EXPECT_GE(countLines(dir / "system.csv"), 2);
    EXPECT_EQ(test::countEntries(dir), 2u);  // system.csv and run.json, no temporary left
}

TEST(RunCommand, MissingCommandIsAUsageError) {
    auto r = test::runRobometrics({"run", "-o", test::scratchDir("run-usage").string()});
    EXPECT_EQ(r.exit_code, 2);
}

}  // namespace robometrics
