// The office matrix (a short variant) through `--executor slurm` on a real single-node cluster
// gives the same results table as the local executor. The fixture starts munged, slurmctld and
// slurmd from a config generated in a temporary folder, every address 127.0.0.1 and the ports
// chosen per run (../shared/reference/slurm-single-node.md), runs the daemons in the foreground
// as its own children and stops exactly those.

#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <regex>
#include <thread>

#include "TestSupport.hpp"
#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/CommandCapture.hpp"
#include "robometrics/bench/ResultStore.hpp"
#include "robometrics/bench/report/ResultsTable.hpp"
#include "robometrics/bench/slurm/SlurmStatus.hpp"
#include "robometrics/system/ProcessGroup.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

bool onPath(const std::string &program) {
    const char *path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    dirs += ":/usr/sbin:/sbin";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        if (access((fs::path(dirs.substr(start, end - start)) / program).c_str(), X_OK) == 0) return true;
        start = end + 1;
    }
    return false;
}

/// A TCP port free on 127.0.0.1 now (the kernel picks it).
int freePort() {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    int port = -1;
    if (bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0) {
        port = ntohs(addr.sin_port);
    }
    close(fd);
    return port;
}

/// Half the machine's memory in MB: the node must offer the matrix's mem_mb (Slurm's default is 1 MB).
long memoryMb() { return sysconf(_SC_PHYS_PAGES) / 1024 * sysconf(_SC_PAGESIZE) / 1024 / 2; }

std::string tail(const fs::path &file) {
    const std::string text = test::readFile(file);
    return text.size() > 600 ? text.substr(text.size() - 600) : text;
}

class SlurmCluster {
public:
    /// Empty when the cluster is up, else why not.
    std::string start() {
        for (const char *p : {"munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo"}) {
            if (!onPath(p))
                return std::string(p) +
                       " is not installed (scripts/install-deps installs slurmctld slurmd slurm-client munge)";
        }
        state_ = test::scratchDir("slurm-cluster");
        for (const char *d : {"ctld", "spool", "log", "munge"}) fs::create_directories(state_ / d);
        fs::permissions(state_ / "munge", fs::perms::owner_all, fs::perm_options::replace);
        {
            std::ofstream key(state_ / "munge" / "munge.key", std::ios::binary);
            std::random_device rd;
            for (int i = 0; i < 1024; ++i) key.put(static_cast<char>(rd() & 0xff));
        }
        fs::permissions(state_ / "munge" / "munge.key", fs::perms::owner_read, fs::perm_options::replace);
        const std::string m = (state_ / "munge").string();
        if (std::string why = startDaemon({"munged", "--foreground", "--key-file=" + m + "/munge.key",
                                           "--socket=" + m + "/sock", "--pid-file=" + m + "/pid",
                                           "--log-file=" + m + "/log", "--seed-file=" + m + "/seed", "--force"},
                                          state_ / "munge" / "out", state_ / "munge" / "sock");
            !why.empty()) {
            return "munged did not start: " + why;
        }
        char host[256] = {};
        gethostname(host, sizeof host - 1);
        const int ctld_port = freePort(), d_port = freePort();
        const std::string s = state_.string();
        std::ofstream conf(state_ / "slurm.conf");
        conf << "ClusterName=rmtest\nSlurmctldHost=" << host << "(127.0.0.1)\nSlurmUser=root\nSlurmdUser=root\n"
             << "AuthType=auth/munge\nAuthInfo=socket=" << m << "/sock\nCredType=cred/munge\n"
             << "StateSaveLocation=" << s << "/ctld\nSlurmdSpoolDir=" << s << "/spool\n"
             << "SlurmctldPidFile=" << s << "/ctld.pid\nSlurmdPidFile=" << s << "/d.pid\n"
             << "SlurmctldLogFile=" << s << "/log/ctld.log\nSlurmdLogFile=" << s << "/log/d.log\n"
             << "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nSchedulerType=sched/backfill\n"
             << "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\nReturnToService=2\n"
             << "SlurmctldPort=" << ctld_port << "\nSlurmdPort=" << d_port << "\n"
             << "NodeName=" << host << " NodeAddr=127.0.0.1 CPUs=" << std::thread::hardware_concurrency()
             << " RealMemory=" << memoryMb() << " State=UNKNOWN\nPartitionName=debug Nodes=" << host
             << " Default=YES MaxTime=INFINITE State=UP\n";
        conf.close();
        setenv("SLURM_CONF", (state_ / "slurm.conf").c_str(),
               1);  // every sbatch/squeue of this process and its children
        // In the foreground, as children of this fixture: a daemon that detaches itself could be
        // caught by the end of the command that started it before it left that command's group.
        for (const char *daemon : {"slurmctld", "slurmd"}) {
            const fs::path out = state_ / "log" / (std::string(daemon) + ".out");
            if (std::string why = startDaemon({daemon, "-D", "-f", (state_ / "slurm.conf").string()}, out, {});
                !why.empty()) {
                return std::string(daemon) + " did not start: " + why +
                       tail(state_ / "log" / (std::string(daemon) == "slurmd" ? "d.log" : "ctld.log"));
            }
        }
        for (auto deadline = std::chrono::steady_clock::now() + 40s; std::chrono::steady_clock::now() < deadline;) {
            for (pid_t pid : daemons_) {
                int status = 0;
                if (waitpid(pid, &status, WNOHANG) == pid) {
                    daemons_.erase(std::find(daemons_.begin(), daemons_.end(), pid));
                    return fmt::format("a daemon (pid {}) exited: ", pid) + tail(state_ / "log" / "ctld.log") +
                           tail(state_ / "log" / "d.log");
                }
            }
            auto sinfo = captureCommand({"sinfo", "-h", "-o", "%t"}, 10);
            if (sinfo && sinfo->exit_code == 0 && sinfo->out.find("idle") != std::string::npos) return "";
            std::this_thread::sleep_for(500ms);
        }
        return "the node did not become idle within 40 s: " + tail(state_ / "log" / "ctld.log");
    }

    ~SlurmCluster() {
        if (state_.empty()) return;
        // Only the daemons this fixture started, its own children; slurmd first (it ends its steps).
        for (auto it = daemons_.rbegin(); it != daemons_.rend(); ++it) {
            const pid_t pid = *it;
            kill(pid, SIGTERM);
            int status = 0;
            if (!system::waitForExit(pid, 10, status)) {
                kill(pid, SIGKILL);
                waitpid(pid, &status, 0);
            }
            system::finishGroup(pid);
        }
        unsetenv("SLURM_CONF");
    }

    const fs::path &state() const { return state_; }

private:
    /// Starts `argv` in the foreground with its output in `out`; waits (bounded) for `ready` to
    /// exist when given. Empty when it runs, else why not.
    std::string startDaemon(const std::vector<std::string> &argv, const fs::path &out, const fs::path &ready) {
        system::SpawnOptions options;
        options.stdout_path = out.string();
        options.stderr_path = out.string();
        auto pid = system::spawnInGroup(argv, options);
        if (!pid) return pid.message();
        daemons_.push_back(*pid);
        if (ready.empty()) return "";
        for (auto deadline = std::chrono::steady_clock::now() + 20s; std::chrono::steady_clock::now() < deadline;) {
            if (fs::exists(ready)) return "";
            int status = 0;
            if (waitpid(*pid, &status, WNOHANG) == *pid) {
                daemons_.pop_back();
                return "it exited: " + tail(out);
            }
            std::this_thread::sleep_for(50ms);
        }
        return ready.string() + " did not appear within 20 s: " + tail(out);
    }

    fs::path state_;
    std::vector<pid_t> daemons_;  ///< munged, slurmctld, slurmd, in the order started
};

/// The short office matrix: 2 scenarios x 2 thresholds x 2 seeds, 6 s runs.
fs::path shortMatrix(const fs::path &dir) {
    std::string yaml = test::readFile("examples/office-matrix.yaml");
    yaml = std::regex_replace(yaml, std::regex("\"20\""), "\"6\"");
    yaml = std::regex_replace(yaml, std::regex("iterations: 3"), "iterations: 2");
    std::ofstream(dir / "matrix.yaml") << yaml;
    return dir / "matrix.yaml";
}

/// The table on the metrics of the run's content, which a seed fixes; CPU, memory, wall-clock
/// stamps and durations (system.*, costmap frame times, run_s) differ from run to run.
std::string deterministicTable(const fs::path &out) {
    auto store = ResultStore::open((out / "bench.sqlite").string());
    EXPECT_TRUE(store.ok()) << (store ? "" : store.message());
    if (!store) return "";
    auto jobs = store->jobs();
    auto metrics = store->metrics();
    EXPECT_TRUE(jobs.ok() && metrics.ok());
    const BenchAggregates agg = aggregate(*jobs, *metrics);
    std::vector<std::string> names;
    for (const auto &n : agg.metric_names) {
        for (const char *prefix : {"trajectory.", "map.", "motion.", "localization.", "traversal."}) {
            if (n.rfind(prefix, 0) == 0) names.push_back(n);
        }
    }
    return resultsTable(agg, names);
}

/// Waits (bounded) until Slurm has no active task and the store in `out` holds `jobs` finished jobs.
BenchStatus waitForArray(const fs::path &out, int jobs) {
    BenchStatus st;
    for (auto deadline = std::chrono::steady_clock::now() + 180s; std::chrono::steady_clock::now() < deadline;) {
        auto status = benchStatus(out.string());
        EXPECT_TRUE(status.ok()) << status.message();
        if (!status.ok()) break;
        st = *status;
        if (st.slurm_tasks_active == 0 && st.done + st.failed == jobs) break;
        std::this_thread::sleep_for(1s);
    }
    return st;
}

TEST(SlurmCluster, ArrayJobGivesTheLocalResultsTable) {
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    if (binary == nullptr || !fs::exists(binary)) GTEST_SKIP() << "ROBOMETRICS_BINARY not set or missing";
    if (!fs::exists("examples/office-matrix.yaml")) GTEST_SKIP() << "examples/office-matrix.yaml not found";
    SlurmCluster cluster;
    if (std::string why = cluster.start(); !why.empty()) GTEST_SKIP() << "slurmctld cannot start: " << why;

    const fs::path dir = test::scratchDir("slurm-bench");
    const fs::path matrix = shortMatrix(dir);
    const auto local =
        captureCommand({binary, "bench", matrix.string(), "-o", (dir / "local").string(), "-j", "2"}, 240);
    ASSERT_TRUE(local.ok());
    ASSERT_EQ(local->exit_code, 0) << local->err;

    const auto submit =
        captureCommand({binary, "bench", matrix.string(), "-o", (dir / "slurm").string(), "--executor", "slurm"}, 60);
    ASSERT_TRUE(submit.ok());
    ASSERT_EQ(submit->exit_code, 0) << submit->err;
    EXPECT_NE(submit->out.find("submitted Slurm array job"), std::string::npos) << submit->out;
    const std::string script = test::readFile(dir / "slurm" / "slurm" / "bench.sbatch");
    EXPECT_NE(script.find("#SBATCH --array=0-7\n"), std::string::npos) << script;
    EXPECT_NE(script.find("#SBATCH --mem=1024\n"), std::string::npos);
    EXPECT_NE(script.find("#SBATCH --time=00:10:00\n"), std::string::npos);

    BenchStatus st = waitForArray(dir / "slurm", 8);
    EXPECT_EQ(st.done, 8) << st.text << tail(cluster.state() / "log" / "ctld.log");
    EXPECT_NE(st.text.find("slurm array jobs: "), std::string::npos) << st.text;
    const auto status_cmd = captureCommand({binary, "bench", "status", (dir / "slurm").string()}, 60);
    ASSERT_TRUE(status_cmd.ok());
    EXPECT_EQ(status_cmd->exit_code, 0);
    EXPECT_NE(status_cmd->out.find("8 done"), std::string::npos) << status_cmd->out;

    const std::string local_table = deterministicTable(dir / "local");
    EXPECT_NE(local_table.find("trajectory.ate_se3.rmse"), std::string::npos);
    EXPECT_EQ(deterministicTable(dir / "slurm"), local_table);

    // Packed: three jobs per array task (the last task two), the same table.
    const auto packed = captureCommand({binary, "bench", matrix.string(), "-o", (dir / "packed").string(), "--executor",
                                        "slurm", "--jobs-per-task", "3"},
                                       60);
    ASSERT_TRUE(packed.ok());
    ASSERT_EQ(packed->exit_code, 0) << packed->err;
    EXPECT_NE(packed->out.find("(3 tasks of up to 3 jobs each for 8 jobs, --array=0-2)"), std::string::npos)
        << packed->out;
    const std::string packed_script = test::readFile(dir / "packed" / "slurm" / "bench.sbatch");
    EXPECT_NE(packed_script.find("#SBATCH --time=00:30:00\n"), std::string::npos) << packed_script;
    EXPECT_NE(packed_script.find("  2) jobs=6-7 ;;\n"), std::string::npos) << packed_script;
    st = waitForArray(dir / "packed", 8);
    EXPECT_EQ(st.done, 8) << st.text << tail(cluster.state() / "log" / "ctld.log");
    EXPECT_EQ(deterministicTable(dir / "packed"), local_table);

    // A fleet of recordings: the eight runs above, evaluated only, locally and as an array. The
    // metrics of each recording are those its own job computed.
    std::ofstream(dir / "fleet.yaml") << "axes:\n  run: {glob: \"local/jobs/*/run\"}\n";
    const auto fleet_local = captureCommand(
        {binary, "bench", (dir / "fleet.yaml").string(), "-o", (dir / "fleet-local").string(), "-j", "2"}, 240);
    ASSERT_TRUE(fleet_local.ok());
    ASSERT_EQ(fleet_local->exit_code, 0) << fleet_local->err;
    const auto fleet_submit = captureCommand(
        {binary, "bench", (dir / "fleet.yaml").string(), "-o", (dir / "fleet-slurm").string(), "--executor", "slurm"},
        60);
    ASSERT_TRUE(fleet_submit.ok());
    ASSERT_EQ(fleet_submit->exit_code, 0) << fleet_submit->err;
    st = waitForArray(dir / "fleet-slurm", 8);
    EXPECT_EQ(st.done, 8) << st.text << tail(cluster.state() / "log" / "ctld.log");
    const std::string fleet_table = deterministicTable(dir / "fleet-local");
    EXPECT_EQ(deterministicTable(dir / "fleet-slurm"), fleet_table);
    // Cell by cell (one recording each) the values equal those of the job that recorded it.
    auto store = ResultStore::open((dir / "fleet-local" / "bench.sqlite").string());
    ASSERT_TRUE(store.ok());
    auto original = ResultStore::open((dir / "local" / "bench.sqlite").string());
    ASSERT_TRUE(original.ok());
    auto fleet_metrics = store->metrics();
    auto original_metrics = original->metrics();
    ASSERT_TRUE(fleet_metrics.ok() && original_metrics.ok());
    std::map<std::pair<int, std::string>, std::optional<double>> by_job;
    for (const auto &m : *original_metrics) by_job[{m.job_index, m.name}] = m.value;
    int compared = 0;
    for (const auto &m : *fleet_metrics) {
        if (m.name != "trajectory.ate_se3.rmse") continue;
        // Fleet job i evaluates local/jobs/000i/run (the glob is sorted).
        EXPECT_EQ(m.value, (by_job[{m.job_index, m.name}])) << m.job_index;
        ++compared;
    }
    EXPECT_EQ(compared, 8);
}

/// Runs `matrix` into `out` with the local executor until `done` jobs are finished, then stops it
/// as Ctrl-C would (the running jobs stay for --resume): a store with measured jobs, as a team has
/// after trying a matrix on its own machine before sending it to the cluster.
void runSomeLocally(const std::string &binary, const fs::path &matrix, const fs::path &out, int done) {
    const pid_t pid = fork();
    if (pid == 0) {
        const int null_fd = ::open("/dev/null", O_WRONLY);
        dup2(null_fd, STDOUT_FILENO);
        dup2(null_fd, STDERR_FILENO);
        execl(binary.c_str(), binary.c_str(), "bench", matrix.c_str(), "-o", out.c_str(), "-j", "2",
              static_cast<char *>(nullptr));
        _exit(127);
    }
    ASSERT_GT(pid, 0);
    const bool reached = test::waitUntil(
        [&] {
            if (!fs::exists(out / "bench.sqlite")) return false;
            auto store = ResultStore::open((out / "bench.sqlite").string());
            auto rows = store ? store->jobs() : Result<std::vector<JobRecord>>(Error{"no store"});
            if (!rows) return false;
            return std::count_if(rows->begin(), rows->end(), [](const JobRecord &r) { return r.status == JobStatus::done; }) >=
                   done;
        },
        std::chrono::seconds(120));
    kill(pid, SIGINT);
    waitpid(pid, nullptr, 0);
    ASSERT_TRUE(reached);
}

TEST(SlurmCluster, AutoPackingSpreadsOverTheCpus) {
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    if (binary == nullptr || !fs::exists(binary)) GTEST_SKIP() << "ROBOMETRICS_BINARY not set or missing";
    SlurmCluster cluster;
    if (std::string why = cluster.start(); !why.empty()) GTEST_SKIP() << "slurmctld cannot start: " << why;
    const fs::path dir = test::scratchDir("slurm-auto");
    std::ofstream(dir / "m.yaml")
        << "iterations: 40\ncommand: [\"{robometrics}\", simulate, --duration, \"2\", --seed, "
           "\"{seed}\", -o, \"{out}\"]\n";
    runSomeLocally(binary, dir / "m.yaml", dir / "out", 4);
    const auto submit = captureCommand({binary, "bench", (dir / "m.yaml").string(), "-o", (dir / "out").string(),
                                        "--resume", "--executor", "slurm", "--jobs-per-task", "auto"},
                                       60);
    ASSERT_TRUE(submit.ok());
    ASSERT_EQ(submit->exit_code, 0) << submit->err;
    // A minute of these 0.1 s jobs would be all of them in one task; the node has
    // hardware_concurrency CPUs (the fixture's slurm.conf), so there are that many tasks.
    const int cpus = static_cast<int>(std::thread::hardware_concurrency());
    EXPECT_NE(submit->out.find(fmt::format("auto: partition debug runs {} task{} at once", cpus, cpus == 1 ? "" : "s")),
              std::string::npos)
        << submit->out;
    const std::string script = test::readFile(dir / "out" / "slurm" / "bench.sbatch");
    EXPECT_NE(script.find(fmt::format("#SBATCH --array=0-{}\n", cpus - 1)), std::string::npos) << script;
    const BenchStatus st = waitForArray(dir / "out", 40);
    EXPECT_EQ(st.done, 40) << st.text << tail(cluster.state() / "log" / "ctld.log");
    // The tasks ran side by side, one per CPU: each worker (host:pid) ran its share.
    auto store = ResultStore::open((dir / "out" / "bench.sqlite").string());
    ASSERT_TRUE(store.ok());
    std::map<std::string, int> per_worker;
    auto rows = store->jobs();
    ASSERT_TRUE(rows.ok());
    for (const JobRecord &r : *rows) {
        if (r.worker && r.worker->find('/') == std::string::npos) ++per_worker[*r.worker];  // not the local ones
    }
    EXPECT_EQ(static_cast<int>(per_worker.size()), cpus);
}

// The scale measurement of docs/bench.md (issues 23 and 45): ROBOMETRICS_SLURM_SCALE=N jobs of a
// 2 s simulated run on the test cluster, against the sum of the jobs' own times per CPU. Skipped
// unless the variable is set: it takes minutes on two cores. ROBOMETRICS_SLURM_JOBS_PER_TASK
// (default auto) is --jobs-per-task; with auto, the first five jobs run locally (so that a median
// job time is known, as after trying a matrix locally) and the rest is submitted with --resume.
// Overhead from submission = (last job's end - the start of `bench --executor slurm`) / (own / CPUs) - 1.
TEST(SlurmCluster, ScaleOfAnArray) {
    const char *binary = std::getenv("ROBOMETRICS_BINARY");
    const char *jobs_text = std::getenv("ROBOMETRICS_SLURM_SCALE");
    if (jobs_text == nullptr) GTEST_SKIP() << "set ROBOMETRICS_SLURM_SCALE=1000 to measure an array of that size";
    if (binary == nullptr || !fs::exists(binary)) GTEST_SKIP() << "ROBOMETRICS_BINARY not set or missing";
    SlurmCluster cluster;
    if (std::string why = cluster.start(); !why.empty()) GTEST_SKIP() << "slurmctld cannot start: " << why;
    const int jobs = std::atoi(jobs_text);
    const fs::path dir = test::scratchDir("slurm-scale");
    std::ofstream(dir / "m.yaml")
        << "iterations: " << jobs
        << "\ncommand: [\"{robometrics}\", simulate, --duration, \"2\", --seed, \"{seed}\", -o, "
           "\"{out}\"]\n";
    const char *per_task_env = std::getenv("ROBOMETRICS_SLURM_JOBS_PER_TASK");
    const std::string per_task = per_task_env ? per_task_env : "auto";
    std::vector<std::string> submit_argv{
        binary,       "bench", (dir / "m.yaml").string(), "-o",    (dir / "out").string(),
        "--executor", "slurm", "--jobs-per-task",         per_task};
    if (per_task == "auto") {
        runSomeLocally(binary, dir / "m.yaml", dir / "out", 5);
        submit_argv.push_back("--resume");
    }
    const auto wall_start = std::chrono::system_clock::now();
    const auto start = std::chrono::steady_clock::now();
    const auto submit = captureCommand(submit_argv, 120);
    ASSERT_TRUE(submit.ok());
    ASSERT_EQ(submit->exit_code, 0) << submit->err;
    std::cout << submit->out;
    BenchStatus st;
    for (auto deadline = start + std::chrono::seconds(60 + jobs * 3); std::chrono::steady_clock::now() < deadline;) {
        auto status = benchStatus((dir / "out").string());
        ASSERT_TRUE(status.ok()) << status.message();
        st = *status;
        if (st.slurm_tasks_active == 0 && st.done + st.failed == jobs) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    EXPECT_EQ(st.done, jobs) << st.text << tail(cluster.state() / "log" / "ctld.log");
    auto store = ResultStore::open((dir / "out" / "bench.sqlite").string());
    ASSERT_TRUE(store.ok());
    auto rows = store->jobs();
    ASSERT_TRUE(rows.ok());
    const double submitted =
        std::chrono::duration<double>(wall_start.time_since_epoch()).count();  // wall clock, as the store's stamps
    double own = 0, first_start = INFINITY, last_end = 0;
    int on_slurm = 0;
    for (const JobRecord &r : *rows) {
        if (!r.started_ns || static_cast<double>(*r.started_ns) / 1e9 < submitted) continue;  // run locally
        ++on_slurm;
        own += r.run_s.value_or(0) + r.evaluate_s.value_or(0);
        first_start = std::min(first_start, static_cast<double>(*r.started_ns) / 1e9);
        last_end = std::max(last_end, static_cast<double>(r.finished_ns.value_or(0)) / 1e9);
    }
    const double cpus = std::thread::hardware_concurrency();
    const auto report_start = std::chrono::steady_clock::now();
    ASSERT_EQ(captureCommand({binary, "bench", "report", (dir / "out").string()}, 120)->exit_code, 0);
    const double report_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - report_start).count();
    std::cout << fmt::format(
        "slurm scale: {} jobs ({} on the cluster, --jobs-per-task {}), {:.1f} s from submission to the last end "
        "({:.1f} s from the first start) for {:.1f} s of the jobs' own time on {:g} CPUs ({:.1f} s per CPU): "
        "overhead {:.1f} % from submission, {:.1f} % from the first start; report {:.2f} s\n",
        jobs, on_slurm, per_task, last_end - submitted, last_end - first_start, own, cpus, own / cpus,
        100 * ((last_end - submitted) / (own / cpus) - 1), 100 * ((last_end - first_start) / (own / cpus) - 1),
        report_s);
}

}  // namespace
}  // namespace robometrics::bench
