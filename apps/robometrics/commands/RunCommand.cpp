// robometrics run -o RUN_DIR [--sample-hz 1] [--timeout S] [--cpu-budget 100] -- COMMAND ...
// Starts a command (a launch file, a SLAM node, anything) in its own process group, samples the
// whole process tree from /proc, and writes system.csv and run.json. Ctrl-C / SIGTERM / the
// timeout stop the tree cleanly (SIGINT, then SIGTERM, then SIGKILL) and everything measured
// is still written; both files take their names only when complete (core/AtomicFile.hpp).

#include <fmt/ranges.h>
#include <signal.h>

#include <memory>
#include <string>
#include <vector>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/system/RunSupervisor.hpp"

namespace robometrics::app {
namespace {

volatile sig_atomic_t g_stop_signal = 0;
void onStopSignal(int signal_number) { g_stop_signal = signal_number; }

struct RunOptions {
    std::string out_dir;
    double sample_hz = 1.0;
    double timeout_s = 0;       // 0 = no timeout
    double cpu_budget = 100.0;  // percent of one core
    double grace_s = 5.0;       // per escalation step
    std::vector<std::string> command;
};

int runCommand(const RunOptions &opt) {
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);

    system::SuperviseOptions supervise;
    supervise.command = opt.command;
    supervise.out_dir = opt.out_dir;
    supervise.sample_hz = opt.sample_hz;
    supervise.timeout_s = opt.timeout_s;
    supervise.grace_s = opt.grace_s;
    supervise.cpu_budget = opt.cpu_budget;
    supervise.stop_requested = [] { return static_cast<int>(g_stop_signal); };
    auto run = system::superviseRun(supervise);
    if (!run) return fail("run", run.error());

    const system::RunSummary &summary = run->summary;
    fmt::print(
        "command:   {}\nduration:  {:.1f} s ({})\npeak CPU:  {:.1f} % (mean {:.1f} %)\n"
        "peak RSS:  {:.1f} MiB\nsamples:   {} -> {}/system.csv, run.json\n",
        fmt::join(opt.command, " "), run->duration_s, run->ended_by, summary.peak_cpu_percent, summary.mean_cpu_percent,
        static_cast<double>(summary.peak_rss_bytes) / 1048576.0, run->samples, opt.out_dir);
    if (summary.over_cpu_budget) {
        fmt::print(stderr, "robometrics run: warning: peak CPU {:.1f} % exceeds the edge budget of {:.0f} %\n",
                   summary.peak_cpu_percent, opt.cpu_budget);
    }
    if (run->failedOnItsOwn() && run->exitCode()) {
        return fail("run", fmt::format("the command exited with code {}", *run->exitCode()));
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
        app.add_option("--grace", opt->grace_s, "Seconds to wait after SIGINT and after SIGTERM")
            ->capture_default_str();
        app.add_option("command", opt->command, "The command to run, after --")->required();
        return [opt] { return runCommand(*opt); };
    },
    80};

}  // namespace
}  // namespace robometrics::app
