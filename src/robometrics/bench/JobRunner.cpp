// One job: run (with retries), then evaluate. A failed attempt leaves its logs; the next attempt
// starts from an empty run directory so no file of the failed one is evaluated.

#include "robometrics/bench/JobRunner.hpp"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "robometrics/bench/RecordingDigest.hpp"
#include "robometrics/bench/SummaryMetrics.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/Evaluator.hpp"
#include "robometrics/evaluate/RecordingCheck.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/io/TrajectorySource.hpp"
#include "robometrics/system/LeftoverGroups.hpp"
#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/RunSupervisor.hpp"

namespace robometrics::bench {
namespace {

namespace fs = std::filesystem;

std::int64_t wallNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double steadySeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool interrupted(const JobRunOptions &o) { return o.stop_requested && o.stop_requested() != 0; }

/// The recorder of RosbagRecord / LiveRecord runs beside the command in its own group.
struct Recorder {
    pid_t pid = -1;
};

/// OUT/jobs/NNNN/processes: the process groups of the attempt that runs now, for `--resume` to
/// end if this worker dies with them still running (system/LeftoverGroups.hpp).
fs::path processesFile(const fs::path &job_dir) { return job_dir / "processes"; }

void recordGroup(const fs::path &job_dir, pid_t leader) {
    std::ofstream(processesFile(job_dir), std::ios::app) << system::groupRecordLine(leader);
}

Result<Recorder> startRecorder(const MatrixSpec &matrix, const JobSpec &job, const JobRunOptions &o,
                               const fs::path &job_dir) {
    if (matrix.record == RecordMode::JobWritesBag) return Recorder{};
    auto argv = substituteArgv(matrix.record_command, job, o.robometrics);
    if (!argv) return Error{"record.command" + argv.message()};
    system::SpawnOptions spawn;
    spawn.cpus = o.cpus;
    spawn.stdout_path = (job_dir / "record.log").string();
    spawn.stderr_path = spawn.stdout_path;
    spawn.cwd = job.out_dir;
    spawn.contain = true;
    spawn.program = "robometrics bench";
    auto pid = system::spawnInGroup(*argv, spawn);
    if (!pid) return Error{"record.command: " + pid.message()};
    recordGroup(job_dir, *pid);
    return Recorder{*pid};
}

void stopRecorder(Recorder &recorder, double grace_s) {
    if (recorder.pid <= 0) return;
    int stop_signal = 0;
    system::stopGroup(recorder.pid, grace_s, stop_signal);  // SIGINT first: recorders close the bag on it
    system::finishGroup(recorder.pid);
    recorder.pid = -1;
}

/// One attempt of the command. Success: it exited 0, or the stop duration ended it.
struct Attempt {
    bool ok = false;
    std::optional<int> exit_code;
    double run_s = 0;
    std::string error;
};

Attempt runOnce(const MatrixSpec &matrix, const JobSpec &job, const JobRunOptions &o, const fs::path &job_dir) {
    Attempt attempt;
    std::error_code ec;
    fs::remove_all(job.out_dir, ec);
    fs::remove(processesFile(job_dir), ec);
    fs::create_directories(job.out_dir, ec);
    if (ec) {
        attempt.error = fmt::format("{}: cannot create the run directory: {}", job.out_dir, ec.message());
        return attempt;
    }
    auto recorder = startRecorder(matrix, job, o, job_dir);
    if (!recorder) {
        attempt.error = recorder.message();
        return attempt;
    }
    system::SuperviseOptions s;
    s.command = job.argv;
    s.out_dir = job.out_dir;
    s.sample_hz = matrix.sample_hz;
    s.timeout_s = matrix.timeout_s;
    s.stop_after_s = matrix.stop == StopMode::Duration ? matrix.stop_duration_s : 0;
    s.grace_s = matrix.grace_s;
    s.kill_leftovers = true;  // a job must not leave processes behind to disturb the next one
    s.spawn.cpus = o.cpus;
    s.spawn.stdout_path = (job_dir / "stdout.log").string();
    s.spawn.stderr_path = (job_dir / "stderr.log").string();
    s.spawn.cwd = job.out_dir;  // a recorder or a node that writes into "." writes into this run
    s.spawn.program = "robometrics bench";
    s.spawn.contain = true;     // a daemon the command starts is found and ended with the job
    s.stop_requested = o.stop_requested;
    s.on_start = [&job_dir](pid_t pid) { recordGroup(job_dir, pid); };
    auto run = system::superviseRun(s);
    stopRecorder(*recorder, matrix.grace_s);
    fs::remove(processesFile(job_dir), ec);  // nothing of this attempt runs any more
    if (!run) {
        attempt.error = run.message();
        return attempt;
    }
    attempt.run_s = run->duration_s;
    attempt.exit_code = run->exitCode();
    if (run->ended_by.kind == system::RunEnd::Kind::timeout) {
        attempt.error = fmt::format("timed out after {} s ({})", matrix.timeout_s, run->ended_by.text());
    } else if (run->ended_by.kind == system::RunEnd::Kind::signal) {
        attempt.error = "interrupted";
    } else if (run->failedOnItsOwn()) {
        attempt.error =
            attempt.exit_code == 127
                ? fmt::format("the command could not be started (exit 127, see {}/stderr.log)", job_dir.string())
                : fmt::format("the command failed ({}; see {}/stderr.log)",
                              attempt.exit_code ? fmt::format("exit code {}", *attempt.exit_code)
                                                : std::string("killed by a signal"),
                              job_dir.string());
    } else {
        attempt.ok = true;
    }
    return attempt;
}

Status evaluateJob(const MatrixSpec &matrix, const JobSpec &job, const JobRunOptions &o, const fs::path &job_dir,
                   JobOutcome &outcome) {
    if (!matrix.recordings_axis.empty()) {
        // What the recording holds, for `bench compare` to pair it with the same recording of
        // another benchmark. Read here, where an evaluate-only job reads it anyway.
        auto digest = digestRecording(job.cell.at(matrix.recordings_axis));
        if (!digest) return digest.error();
        outcome.recording = *digest;
    }
    auto inputs = evaluate::findRunInputs(job.out_dir);
    if (!inputs) return inputs.error();
    evaluate::EvaluateOptions eo;
    auto path = [&](const std::optional<std::string> &p, const char *key) -> Result<std::optional<std::string>> {
        if (!p) return std::optional<std::string>();
        auto v = substituteArgv({*p}, job, o.robometrics);
        if (!v) return Error{std::string("evaluate.") + key + v.message()};
        return std::optional<std::string>((*v)[0]);
    };
    auto gt_traj = path(matrix.evaluate.gt_traj, "gt_traj");
    auto gt_map = path(matrix.evaluate.gt_map, "gt_map");
    auto params = path(matrix.evaluate.params, "params");
    auto extra = substituteArgv(matrix.evaluate.extra, job, o.robometrics);
    if (!gt_traj || !gt_map || !params || !extra) {
        return !gt_traj ? gt_traj.error() : !gt_map ? gt_map.error() : !params ? params.error() : extra.error();
    }
    if (*gt_traj) {
        auto source = io::parseTrajectorySource(**gt_traj);
        if (!source) return Error{"evaluate.gt_traj: " + source.message()};
        eo.gt_trajectory = std::move(*source);
    }
    eo.gt_map = *gt_map;
    eo.params_file = *params;
    eo.param_overrides = *extra;
    evaluate::Evaluation evaluation;
    ROBOMETRICS_TRY(evaluate::evaluateInto(*inputs, eo, (job_dir / "eval").string(), evaluation));
    nlohmann::json summary = evaluate::toSummaryJson(evaluation);
    outcome.verdict = evaluation.verdict();
    outcome.anomalies = static_cast<int>(evaluation.anomalies.size());
    outcome.summary_json = summary.dump();
    outcome.metrics = flattenSummary(job.index, summary);
    return Status::Ok();
}

/// The job's recording (what its command recorded into {out}, or the fleet's recording it was
/// given) judged against the matrix's spec, in the same pass `check` makes. A recording read up
/// to damage is judged on what was read, as `check` does without --strict.
JobCheck checkJob(const CheckSpec &spec, const JobSpec &job) {
    evaluate::RecordingVerdict verdict = evaluate::checkRecording(spec.contract, job.out_dir, /*strict=*/false);
    return JobCheck{std::move(verdict.error), std::move(verdict.rules)};
}

}  // namespace

JobOutcome runJob(const MatrixSpec &matrix, const JobSpec &job, const JobRunOptions &options) {
    JobOutcome outcome;
    outcome.index = job.index;
    outcome.worker = options.worker;
    outcome.out_dir = job.job_dir;
    outcome.started_ns = wallNs();
    const fs::path job_dir = outcome.out_dir;
    std::error_code ec;
    fs::create_directories(job_dir, ec);

    Attempt attempt;
    outcome.attempts = 0;
    if (matrix.evaluateOnly()) attempt.ok = !interrupted(options);  // a recording: nothing to run
    for (int i = 0; i <= matrix.retries && !interrupted(options) && !matrix.evaluateOnly(); ++i) {
        ++outcome.attempts;
        attempt = runOnce(matrix, job, options, job_dir);
        if (attempt.ok || attempt.error == "interrupted") break;
    }
    outcome.exit_code = attempt.exit_code;
    if (!matrix.evaluateOnly()) outcome.run_s = attempt.run_s;
    if (!attempt.ok) {
        outcome.error = attempt.error.empty() ? std::string("interrupted") : attempt.error;
    } else {
        if (matrix.check) outcome.check = checkJob(*matrix.check, job);
        double eval_start = steadySeconds();
        Status evaluated = evaluateJob(matrix, job, options, job_dir, outcome);
        outcome.evaluate_s = steadySeconds() - eval_start;
        if (evaluated.ok()) {
            outcome.success = true;
        } else {
            outcome.error = "evaluate: " + evaluated.message();
        }
    }
    outcome.metrics.push_back({job.index, "run_s", outcome.run_s});
    outcome.metrics.push_back({job.index, "evaluate_s", outcome.evaluate_s});
    outcome.finished_ns = wallNs();
    return outcome;
}

}  // namespace robometrics::bench
