// The one implementation of "run a command and measure its process tree" (docs/run.md).

#include "robometrics/system/RunSupervisor.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <thread>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"

namespace robometrics::system {
namespace {

std::string isoUtc(std::chrono::system_clock::time_point t) {
    std::time_t tt = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void writeSampleRow(std::ofstream &csv, const ResourceSample &s) {
    csv << fmt::format("{:.3f},{:.2f},{},{},{},{}\n", s.elapsed_s, s.cpu_percent, s.rss_bytes,
                       s.pss_bytes ? std::to_string(*s.pss_bytes) : std::string(), s.threads, s.processes);
    csv.flush();  // the samples of a run that robometrics itself crashes in stay in the temporary file
}

nlohmann::json runJson(const SuperviseOptions &opt, const SupervisedRun &run,
                       std::chrono::system_clock::time_point start, std::chrono::system_clock::time_point end) {
    nlohmann::json j;
    j["command"] = opt.command;
    j["start"] = isoUtc(start);
    j["end"] = isoUtc(end);
    j["duration_s"] = run.duration_s;
    j["ended_by"] = run.ended_by.text();
    if (WIFEXITED(run.wait_status)) {
        j["exit_code"] = WEXITSTATUS(run.wait_status);
    } else if (WIFSIGNALED(run.wait_status)) {
        j["exit_signal"] = WTERMSIG(run.wait_status);
    }
    j["sample_hz"] = opt.sample_hz;
    j["samples"] = run.samples;
    j["peak_cpu_percent"] = run.summary.peak_cpu_percent;
    j["mean_cpu_percent"] = run.summary.mean_cpu_percent;
    j["peak_rss_bytes"] = run.summary.peak_rss_bytes;
    j["peak_pss_bytes"] = run.summary.peak_pss_bytes;
    j["peak_threads"] = run.summary.peak_threads;
    j["cpu_budget_percent"] = opt.cpu_budget;
    j["over_cpu_budget"] = run.summary.over_cpu_budget;
    j["cpu_time_s"] = run.cpu_time_s;
    j["max_rss_bytes"] = run.max_rss_bytes;
    return j;
}

std::string_view kindName(RunEnd::Kind kind) {
    switch (kind) {
        case RunEnd::Kind::exit:
            return "exit";
        case RunEnd::Kind::signal:
            return "signal";
        case RunEnd::Kind::timeout:
            return "timeout";
        case RunEnd::Kind::duration:
            return "duration";
    }
    return "exit";
}

std::string signalName(int sig) {
    switch (sig) {
        case SIGINT:
            return "SIGINT";
        case SIGTERM:
            return "SIGTERM";
        case SIGKILL:
            return "SIGKILL";
        default:
            return fmt::format("signal {}", sig);
    }
}

}  // namespace

std::string RunEnd::text() const {
    if (kind == Kind::exit) return "exit";
    return fmt::format("{} ({})", kindName(kind), signalName(stop_signal));
}

std::optional<int> SupervisedRun::exitCode() const {
    if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
    return std::nullopt;
}

bool SupervisedRun::failedOnItsOwn() const {
    if (ended_by.kind != RunEnd::Kind::exit) return false;
    return !WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 0;
}

Result<SupervisedRun> superviseRun(const SuperviseOptions &opt) {
    namespace fs = std::filesystem;
    if (opt.sample_hz <= 0 || !std::isfinite(opt.sample_hz)) return Error{"--sample-hz must be positive"};
    std::error_code ec;
    fs::create_directories(opt.out_dir, ec);
    if (ec) return Error{fmt::format("{}: cannot create directory: {}", opt.out_dir, ec.message())};
    auto csv_file = AtomicFile::create((fs::path(opt.out_dir) / "system.csv").string());
    if (!csv_file) return csv_file.error();
    std::ofstream csv(csv_file->path(), AtomicFile::kStreamMode);
    if (!csv) return Error{fmt::format("{}: cannot write system.csv", opt.out_dir)};
    csv << "time_s,cpu_percent,rss_bytes,pss_bytes,threads,processes\n";

    auto start_wall = std::chrono::system_clock::now();
    double start = monotonicSeconds();
    auto pid = spawnInGroup(opt.command, opt.spawn);
    if (!pid) return pid.error();
    if (opt.on_start) opt.on_start(*pid);

    ProcessTreeSampler sampler(*pid, groupContainment(*pid).cgroup);
    // Readable once the command exits (Linux 5.3): the loop wakes at its exit, not up to a poll
    // period later (10 ms of a 60 ms job). Without it, the loop polls.
    const int exit_fd = static_cast<int>(syscall(SYS_pidfd_open, *pid, 0));
    std::vector<ResourceSample> samples;
    const double period = 1.0 / opt.sample_hz;
    double next_sample = start;
    SupervisedRun run;
    rusage usage{};
    while (true) {
        if (wait4(*pid, &run.wait_status, WNOHANG, &usage) == *pid) {
            if (opt.kill_leftovers) killGroupLeftovers(*pid);
            break;
        }
        double now = monotonicSeconds();
        std::optional<RunEnd::Kind> stop;
        if (opt.stop_requested && opt.stop_requested() != 0) {
            stop = RunEnd::Kind::signal;
        } else if (opt.timeout_s > 0 && now - start >= opt.timeout_s) {
            stop = RunEnd::Kind::timeout;
        } else if (opt.stop_after_s > 0 && now - start >= opt.stop_after_s) {
            stop = RunEnd::Kind::duration;
        }
        if (stop) {
            run.ended_by.kind = *stop;
            run.wait_status = stopGroup(*pid, opt.grace_s, run.ended_by.stop_signal, &usage);
            break;
        }
        if (now >= next_sample) {
            samples.push_back(sampler.sample());
            writeSampleRow(csv, samples.back());
            next_sample += period;
            if (next_sample < now) next_sample = now + period;
        }
        // Until the exit, the next sample or 10 ms (stop requests, timeouts are checked then).
        const int wait_ms = static_cast<int>(std::clamp((next_sample - monotonicSeconds()) * 1000, 0.0, 10.0));
        if (exit_fd >= 0) {
            pollfd exited{exit_fd, POLLIN, 0};
            poll(&exited, 1, wait_ms);
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
        }
    }
    if (exit_fd >= 0) close(exit_fd);
    finishGroup(*pid);  // what is left of the group now is meant to outlive the command
    run.cpu_time_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
    run.max_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports kB
    run.duration_s = monotonicSeconds() - start;
    run.samples = samples.size();
    run.summary = summarize(samples, opt.cpu_budget);
    run.run_json = runJson(opt, run, start_wall, std::chrono::system_clock::now());
    csv.close();
    Status written = csv ? csv_file->commit() : Status(Error{opt.out_dir + "/system.csv: write failed"});
    if (written.ok()) {
        written = writeFileAtomically((fs::path(opt.out_dir) / "run.json").string(), run.run_json.dump(2) + "\n");
    }
    if (!written.ok()) return written.error();
    return run;
}

}  // namespace robometrics::system
