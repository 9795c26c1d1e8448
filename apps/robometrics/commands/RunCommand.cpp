// robometrics run -o RUN_DIR [--sample-hz 1] [--timeout S] [--cpu-budget 100] -- COMMAND ...
// Starts a command (a launch file, a SLAM node, anything) in its own process group, samples the
// whole process tree from /proc, and writes system.csv and run.json. Ctrl-C / SIGTERM / the
// timeout stop the tree cleanly (SIGINT, then SIGTERM, then SIGKILL) and everything measured
// is still written; both files take their names only when complete (core/AtomicFile.hpp).

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"
#include "robometrics/system/RunSummary.hpp"

namespace robometrics::app {
namespace {

volatile sig_atomic_t g_stop_signal = 0;
void onStopSignal(int signal_number) { g_stop_signal = signal_number; }

struct RunOptions {
    std::string out_dir;
    double sample_hz = 1.0;
    double timeout_s = 0;      // 0 = no timeout
    double cpu_budget = 100.0;  // percent of one core
    double grace_s = 5.0;       // per escalation step
    std::vector<std::string> command;
};

std::string isoUtc(std::chrono::system_clock::time_point t) {
    std::time_t tt = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

/// Waits up to `seconds` for `pid` to exit; returns true (and its status) if it did.
bool waitFor(pid_t pid, double seconds, int &status) {
    double deadline = system::monotonicSeconds() + seconds;
    while (true) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) return true;
        if (r < 0) return true;  // already reaped
        if (system::monotonicSeconds() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

/// SIGINT, then SIGTERM, then SIGKILL to the whole process group, each after a grace period.
int stopTree(pid_t pid, double grace_s, std::string &how) {
    int status = 0;
    for (int sig : {SIGINT, SIGTERM}) {
        kill(-pid, sig);
        if (waitFor(pid, grace_s, status)) {
            how = sig == SIGINT ? "SIGINT" : "SIGTERM";
            kill(-pid, SIGKILL);  // leftovers of the group that ignored the signal
            return status;
        }
    }
    kill(-pid, SIGKILL);
    waitpid(pid, &status, 0);
    how = "SIGKILL";
    return status;
}

void writeSampleRow(std::ofstream &csv, const system::ResourceSample &s) {
    csv << fmt::format("{:.3f},{:.2f},{},{},{},{}\n", s.elapsed_s, s.cpu_percent, s.rss_bytes,
                       s.pss_bytes ? std::to_string(*s.pss_bytes) : std::string(), s.threads, s.processes);
    csv.flush();  // the samples of a run that robometrics itself crashes in stay in the temporary file
}

int runCommand(const RunOptions &opt) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(opt.out_dir, ec);
    if (ec) return fail("run", fmt::format("{}: cannot create directory: {}", opt.out_dir, ec.message()));
    if (opt.sample_hz <= 0 || !std::isfinite(opt.sample_hz)) return fail("run", "--sample-hz must be positive");
    auto csv_file = AtomicFile::create((fs::path(opt.out_dir) / "system.csv").string());
    if (!csv_file) return fail("run", csv_file.error());
    std::ofstream csv(csv_file->path());
    if (!csv) return fail("run", fmt::format("{}: cannot write system.csv", opt.out_dir));
    csv << "time_s,cpu_percent,rss_bytes,pss_bytes,threads,processes\n";

    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);

    auto start_wall = std::chrono::system_clock::now();
    double start = system::monotonicSeconds();
    pid_t pid = fork();
    if (pid < 0) return fail("run", "fork failed");
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        std::vector<char *> argv;
        for (const auto &a : opt.command) argv.push_back(const_cast<char *>(a.c_str()));
        argv.push_back(nullptr);
        execvp(argv[0], argv.data());
        std::fprintf(stderr, "robometrics run: error: cannot start '%s': %s\n", argv[0], std::strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);  // also from the parent, so the group exists before we ever signal it

    system::ProcessTreeSampler sampler(pid);
    std::vector<system::ResourceSample> samples;
    double period = 1.0 / opt.sample_hz;
    double next_sample = start;
    int status = 0;
    std::string ended_by = "exit";
    while (true) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        double now = system::monotonicSeconds();
        if (g_stop_signal != 0 || (opt.timeout_s > 0 && now - start >= opt.timeout_s)) {
            std::string how;
            ended_by = g_stop_signal != 0 ? "signal" : "timeout";
            status = stopTree(pid, opt.grace_s, how);
            ended_by += " (" + how + ")";
            break;
        }
        if (now >= next_sample) {
            samples.push_back(sampler.sample());
            writeSampleRow(csv, samples.back());
            next_sample += period;
            if (next_sample < now) next_sample = now + period;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    double duration = system::monotonicSeconds() - start;
    auto end_wall = std::chrono::system_clock::now();

    system::RunSummary summary = system::summarize(samples, opt.cpu_budget);
    nlohmann::json run;
    run["command"] = opt.command;
    run["start"] = isoUtc(start_wall);
    run["end"] = isoUtc(end_wall);
    run["duration_s"] = duration;
    run["ended_by"] = ended_by;
    if (WIFEXITED(status)) {
        run["exit_code"] = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        run["exit_signal"] = WTERMSIG(status);
    }
    run["sample_hz"] = opt.sample_hz;
    run["samples"] = samples.size();
    run["peak_cpu_percent"] = summary.peak_cpu_percent;
    run["mean_cpu_percent"] = summary.mean_cpu_percent;
    run["peak_rss_bytes"] = summary.peak_rss_bytes;
    run["peak_pss_bytes"] = summary.peak_pss_bytes;
    run["peak_threads"] = summary.peak_threads;
    run["cpu_budget_percent"] = opt.cpu_budget;
    run["over_cpu_budget"] = summary.over_cpu_budget;
    csv.close();
    Status written = csv ? csv_file->commit() : Status(Error{opt.out_dir + "/system.csv: write failed"});
    if (written.ok()) written = writeFileAtomically((fs::path(opt.out_dir) / "run.json").string(), run.dump(2) + "\n");
    if (!written.ok()) return fail("run", written.error());

    fmt::print("command:   {}\nduration:  {:.1f} s ({})\npeak CPU:  {:.1f} % (mean {:.1f} %)\n"
               "peak RSS:  {:.1f} MiB\nsamples:   {} -> {}/system.csv, run.json\n",
               fmt::join(opt.command, " "), duration, ended_by, summary.peak_cpu_percent,
               summary.mean_cpu_percent, static_cast<double>(summary.peak_rss_bytes) / 1048576.0, samples.size(),
               opt.out_dir);
    if (summary.over_cpu_budget) {
        fmt::print(stderr, "robometrics run: warning: peak CPU {:.1f} % exceeds the edge budget of {:.0f} %\n",
                   summary.peak_cpu_percent, opt.cpu_budget);
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0 && ended_by == "exit") {
        return fail("run", fmt::format("the command exited with code {}", WEXITSTATUS(status)));
    }
    return 0;
}

const RegisterCommand kRegister{
    "run", "Run a command (e.g. a launch file) and measure its process tree's CPU and memory",
    [](CLI::App &app) -> RunFn {
        auto opt = std::make_shared<RunOptions>();
        app.add_option("-o,--output", opt->out_dir, "Run directory to write system.csv and run.json")->required();
        app.add_option("--sample-hz", opt->sample_hz, "Samples per second")->capture_default_str();
        app.add_option("--timeout", opt->timeout_s, "Stop the command after this many seconds (0 = never)");
        app.add_option("--cpu-budget", opt->cpu_budget, "Warn when peak CPU exceeds this percent (100 = one core)")
            ->capture_default_str();
        app.add_option("--grace", opt->grace_s, "Seconds to wait after SIGINT and after SIGTERM")->capture_default_str();
        app.add_option("command", opt->command, "The command to run, after --")->required();
        return [opt] { return runCommand(*opt); };
    },
    80};

}  // namespace
}  // namespace robometrics::app
