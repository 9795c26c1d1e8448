#pragma once
// Runs one command in its own process group and measures its whole process tree: samples
// system.csv line by line (under a temporary name until the run stops), stops the tree on an
// outside request, a stop duration or a timeout (SIGINT -> SIGTERM -> SIGKILL), and writes
// run.json. `robometrics run` and the benchmark's jobs both run commands through this.

#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/system/ProcessGroup.hpp"
#include "robometrics/system/RunSummary.hpp"

namespace robometrics::system {

struct SuperviseOptions {
    std::vector<std::string> command;
    std::string out_dir;  ///< system.csv and run.json go here (created if missing)
    double sample_hz = 1.0;
    double timeout_s = 0;         ///< 0 = none; ends by RunEnd::Kind::timeout
    double stop_after_s = 0;      ///< 0 = none; a planned stop, RunEnd::Kind::duration
    double grace_s = 5.0;         ///< per escalation step
    double cpu_budget = 100.0;    ///< percent of one core
    bool kill_leftovers = false;  ///< SIGKILL what the command left in its group when it exits
    SpawnOptions spawn;
    /// Polled every 10 ms; non-zero asks to stop the tree, RunEnd::Kind::signal.
    std::function<int()> stop_requested;
    /// Called with the command's process (group) id as soon as it is started.
    std::function<void(pid_t)> on_start;
};

/// How a supervised run ended: the command exited by itself, or its tree was stopped on an
/// outside request (`signal`), at its timeout or after its planned duration, `stop_signal` being
/// the signal that ended it (SIGINT, SIGTERM or SIGKILL).
struct RunEnd {
    enum class Kind { exit, signal, timeout, duration };
    Kind kind = Kind::exit;
    int stop_signal = 0;  ///< 0 when the command exited by itself

    /// run.json's `ended_by`: "exit", "signal (SIGINT)", "timeout (SIGTERM)", "duration (SIGINT)".
    std::string text() const;
    bool operator==(const RunEnd &) const = default;
};

struct SupervisedRun {
    int wait_status = 0;
    RunEnd ended_by;
    double duration_s = 0;
    std::size_t samples = 0;
    RunSummary summary;
    /// From the kernel at exit (wait4): CPU seconds (user + system) and the largest resident set
    /// of the command and every descendant it waited for. Exact however short the run, where the
    /// samples of a job shorter than one sampling period say almost nothing.
    double cpu_time_s = 0;
    std::uint64_t max_rss_bytes = 0;
    nlohmann::json run_json;  ///< what run.json holds (docs/run.md)

    /// Exit code of the command when it exited by itself, else none.
    std::optional<int> exitCode() const;
    /// The command failed on its own: exited non-zero (or by a signal) without being stopped.
    bool failedOnItsOwn() const;
};

/// Runs and measures the command. An error means nothing was measured (the output could not be
/// created or the process could not be forked); a command that cannot be executed exits 127.
Result<SupervisedRun> superviseRun(const SuperviseOptions &options);

}  // namespace robometrics::system
