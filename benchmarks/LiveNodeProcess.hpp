#pragma once
// One `robometrics live <node>` run as its own process (what a robot runs), and what the kernel
// says it costs: CPU time of all its threads (utime + stime of /proc/<pid>/stat, so a publisher
// in another process is never counted) and its resident memory (VmRSS, VmHWM of
// /proc/<pid>/status). Stopped with SIGINT like Ctrl-C; its --json summary is read from stdout.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcParsers.hpp"
#include "robometrics/system/ProcessGroup.hpp"

namespace robometrics::benchsupport {

class LiveNodeProcess {
public:
    /// Starts `binary live <args...>`, stdout and stderr into `dir`/<name>.out and .err.
    LiveNodeProcess(std::string name, const std::string &binary, const std::vector<std::string> &args,
                    const std::filesystem::path &dir)
        : name_(std::move(name)), out_(dir / (name_ + ".out")), err_(dir / (name_ + ".err")) {
        std::vector<std::string> argv{binary, "live"};
        argv.insert(argv.end(), args.begin(), args.end());
        start(argv);
    }
    /// Tag: the arguments are a whole command line (a peer program), not a live node's.
    struct Command {};
    LiveNodeProcess(Command, std::string name, const std::vector<std::string> &argv, const std::filesystem::path &dir)
        : name_(std::move(name)), out_(dir / (name_ + ".out")), err_(dir / (name_ + ".err")) {
        start(argv);
    }
    ~LiveNodeProcess() { (void)stop(); }
    LiveNodeProcess(const LiveNodeProcess &) = delete;
    LiveNodeProcess &operator=(const LiveNodeProcess &) = delete;

    const std::string &name() const { return name_; }
    const std::string &error() const { return error_; }
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }

    /// Waits up to `seconds` for the process to end by itself: its wait status, -1 while it runs.
    int waitExit(double seconds) {
        if (pid_ <= 0) return exit_status_;
        int status = 0;
        if (!system::waitForExit(pid_, seconds, status)) return -1;
        system::killGroupLeftovers(pid_);
        system::finishGroup(pid_);
        pid_ = 0;
        exit_status_ = status;
        return status;
    }
    std::string outText() const { return fileText(out_); }

private:
    void start(const std::vector<std::string> &argv) {
        system::SpawnOptions options;
        options.stdout_path = out_.string();
        options.stderr_path = err_.string();
        auto pid = system::spawnInGroup(argv, options);
        if (pid) {
            pid_ = *pid;
        } else {
            error_ = pid.message();
        }
    }
    static std::string fileText(const std::filesystem::path &path) {
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

public:
    /// CPU seconds of every thread of the node so far (clock-tick resolution, 10 ms).
    double cpuSeconds() const {
        std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
        std::stringstream text;
        text << in.rdbuf();
        auto stat = system::parseProcStat(text.str());
        if (!stat) return 0;
        return static_cast<double>(stat->utime_ticks + stat->stime_ticks) / static_cast<double>(sysconf(_SC_CLK_TCK));
    }
    double rssMb() const { return statusMb("VmRSS:"); }
    double peakRssMb() const { return statusMb("VmHWM:"); }

    /// SIGINT (then SIGTERM, SIGKILL after 20 s each); the exit status, -1 when not started.
    int stop() {
        if (pid_ <= 0) return exit_status_;
        int stop_signal = 0;
        exit_status_ = system::stopGroup(pid_, 20.0, stop_signal);
        system::releaseGroup(pid_);
        pid_ = 0;
        return exit_status_;
    }
    /// The --json summary printed at the stop (empty object when there is none).
    nlohmann::json summary() const {
        std::ifstream in(out_);
        return nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false, /*ignore_comments=*/false);
    }
    std::string errText() const { return fileText(err_); }

private:
    double statusMb(const std::string &key) const {
        std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
        std::string line;
        while (std::getline(in, line)) {
            if (line.rfind(key, 0) == 0) return std::stod(line.substr(key.size())) / 1024.0;
        }
        return 0;
    }

    std::string name_;
    std::filesystem::path out_, err_;
    pid_t pid_ = 0;
    int exit_status_ = -1;
    std::string error_;
};

}  // namespace robometrics::benchsupport
