// robometrics run -o RUN_DIR [--sample-hz 1] [--timeout S] [--cpu-budget 100] [--grace 5] -- COMMAND ...
// Runs a command and measures its process tree into system.csv and run.json (docs/run.md).

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/system/RunReport.hpp"
#include "robometrics/system/StopSignals.hpp"

namespace robometrics::app {
namespace {

const RegisterCommand kRunRegistration{
    "run", "Run a command (e.g. a launch file) and measure its process tree's CPU and memory",
    [](CLI::App &app) -> RunFn {
        auto o = std::make_shared<system::SuperviseOptions>();
        o->spawn.program = "robometrics run";
        app.add_option("-o,--output", o->out_dir, "Run directory to write system.csv and run.json")->required();
        app.add_option("--sample-hz", o->sample_hz, "Samples per second")->capture_default_str();
        app.add_option("--timeout", o->timeout_s, "Stop the command after this many seconds (0 = never)");
        app.add_option("--cpu-budget", o->cpu_budget, "Warn when peak CPU exceeds this percent (100 = one core)")
            ->capture_default_str();
        app.add_option("--grace", o->grace_s, "Seconds to wait after SIGINT and after SIGTERM")->capture_default_str();
        app.add_option("command", o->command, "The command to run, after --")->required();
        return [o] {
            o->stop_requested = system::catchStopSignals();  // the tree is stopped in order, then all is written
            auto run = system::superviseRun(*o);
            if (!run) return fail("run", run.error());
            system::RunReport report = system::describeRun(*run, *o);
            fmt::print("{}", report.text);
            if (!report.warning.empty()) fmt::print(stderr, "robometrics run: warning: {}\n", report.warning);
            return report.failure.empty() ? 0 : fail("run", report.failure);
        };
    },
    80};

}  // namespace
}  // namespace robometrics::app
