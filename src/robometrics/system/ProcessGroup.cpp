// Process-group supervision. Between fork and exec the child only calls async-signal-safe
// functions (no allocation, no stdio): the parent may have other threads holding malloc's lock.

#include "robometrics/system/ProcessGroup.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"

namespace robometrics::system {
namespace {

void writeAll(int fd, const char *text) {
    std::size_t n = std::strlen(text);
    while (n > 0) {
        ssize_t w = ::write(fd, text, n);
        if (w <= 0) return;
        text += w;
        n -= static_cast<std::size_t>(w);
    }
}

void redirect(const char *path, int target) {
    if (path == nullptr) return;
    int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd >= 0) {
        ::dup2(fd, target);  // dup2 clears O_CLOEXEC on the target
        ::close(fd);
    }
}

}  // namespace

Result<pid_t> spawnInGroup(const std::vector<std::string> &argv, const SpawnOptions &options) {
    if (argv.empty()) return Error{"empty command"};
    // Everything the child needs is prepared before fork.
    std::vector<char *> args;
    for (const auto &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    for (int c : options.cpus) CPU_SET(c, &cpus);
    const bool pin = !options.cpus.empty();
    const char *out = options.stdout_path ? options.stdout_path->c_str() : nullptr;
    const char *err = options.stderr_path ? options.stderr_path->c_str() : nullptr;
    const char *cwd = options.cwd ? options.cwd->c_str() : nullptr;

    pid_t pid = fork();
    if (pid < 0) return Error{std::string("fork failed: ") + std::strerror(errno)};
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        redirect(out, STDOUT_FILENO);
        redirect(err, STDERR_FILENO);
        if (pin) sched_setaffinity(0, sizeof cpus, &cpus);
        const char *failed = "': ";
        if (cwd != nullptr && chdir(cwd) != 0) {
            failed = "': cannot enter its working directory: ";
        } else {
            execvp(args[0], args.data());
        }
        int e = errno;
        writeAll(STDERR_FILENO, "robometrics: error: cannot start '");
        writeAll(STDERR_FILENO, args[0]);
        writeAll(STDERR_FILENO, failed);
        writeAll(STDERR_FILENO, std::strerror(e));  // glibc's strerror is a table lookup for known codes
        writeAll(STDERR_FILENO, "\n");
        _exit(127);
    }
    setpgid(pid, pid);  // also from the parent, so the group exists before it is ever signalled
    guardGroup(pid);
    return pid;
}

bool waitForExit(pid_t pid, double seconds, int &status, rusage *usage) {
    double deadline = monotonicSeconds() + seconds;
    while (true) {
        pid_t r = wait4(pid, &status, WNOHANG, usage);
        if (r == pid) return true;
        if (r < 0) return true;  // already reaped
        if (monotonicSeconds() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

int stopGroup(pid_t pid, double grace_s, std::string &how, rusage *usage) {
    int status = 0;
    for (int sig : {SIGINT, SIGTERM}) {
        kill(-pid, sig);
        if (waitForExit(pid, grace_s, status, usage)) {
            how = sig == SIGINT ? "SIGINT" : "SIGTERM";
            killGroupLeftovers(pid);
            return status;
        }
    }
    kill(-pid, SIGKILL);
    wait4(pid, &status, 0, usage);
    how = "SIGKILL";
    return status;
}

void killGroupLeftovers(pid_t pid) {
    // Linux does not reuse a pid while a process group of that id exists, so this reaches only
    // the leader's own group.
    kill(-pid, SIGKILL);
}

}  // namespace robometrics::system
