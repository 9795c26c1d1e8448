// Process-group supervision. The child is started with clone(CLONE_VM | CLONE_VFORK), as
// posix_spawn does: it shares our memory until it executes the command, so starting a job copies
// no page table of a large orchestrator and leaves no copy-on-write faults to the threads that go
// on running (a fork of the orchestrator took 2-7 ms per job). Between clone and exec the child
// only makes system calls on data prepared before (no allocation, no stdio, no locks), and it
// runs on its own stack, so nothing of ours is changed.
//
// A contained job is started directly inside its cgroup (clone3 with CLONE_INTO_CGROUP, Linux
// 5.7): moving a running process into a cgroup (writing cgroup.procs) waits for an RCU grace
// period, 12 ms per job measured here, more than the job's own start. clone3 has no glibc
// wrapper that runs a function on a new stack, so x86-64 gets a short one in assembly below;
// elsewhere, or when the kernel refuses, the child moves itself as before. Under the sanitizers
// the child is forked (their runtime must see what runs on which stack).

#include "robometrics/system/ProcessGroup.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <linux/sched.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "robometrics/system/OrphanGuard.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"

extern char **environ;

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define ROBOMETRICS_SPAWN_BY_FORK 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ROBOMETRICS_SPAWN_BY_FORK 1
#endif

#if defined(__x86_64__) && !defined(ROBOMETRICS_SPAWN_BY_FORK)
// long robometrics_clone3(clone_args *args, size_t size, int (*fn)(void *), void *arg): the clone3
// system call; the child, on the stack given in args, calls fn(arg) and exits with its result.
// syscall keeps every register but rax, rcx and r11, so fn and arg wait in r9 and r8.
extern "C" long robometrics_clone3(void *args, unsigned long size, int (*fn)(void *), void *arg);
asm(R"(
    .text
    .globl robometrics_clone3
    .hidden robometrics_clone3
    .type robometrics_clone3, @function
robometrics_clone3:
    movq %rcx, %r8
    movq %rdx, %r9
    movl $435, %eax
    syscall
    testq %rax, %rax
    jz 1f
    ret
1:
    xorl %ebp, %ebp
    movq %r8, %rdi
    call *%r9
    movl %eax, %edi
    movl $60, %eax
    syscall
    hlt
    .size robometrics_clone3, .-robometrics_clone3
)");
#define ROBOMETRICS_HAVE_CLONE3 1
#endif

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

/// Everything the child needs, prepared before the clone.
struct ChildPlan {
    char **argv = nullptr;
    char **envp = nullptr;
    const char *out = nullptr, *err = nullptr, *cwd = nullptr;
    const char *program = "robometrics";  ///< names the one who reports a command that cannot start
    cpu_set_t cpus;
    bool pin = false;
    int cgroup_procs = -1;  ///< open cgroup.procs of the job's cgroup: the child writes "0" (itself)
};

int childMain(void *arg) {
    const ChildPlan &plan = *static_cast<const ChildPlan *>(arg);
    setpgid(0, 0);
    if (plan.cgroup_procs >= 0) {
        // Before anything else runs: every process the command starts is then in the cgroup. A
        // failure leaves the child where it is; the parent sees it and keeps the marker only.
        (void)!::write(plan.cgroup_procs, "0", 1);
    }
    // Our handlers live in the parent's memory: the command starts with the default ones.
    for (int sig = 1; sig < NSIG; ++sig) {
        struct sigaction current {};
        if (sigaction(sig, nullptr, &current) == 0 && current.sa_handler != SIG_IGN && current.sa_handler != SIG_DFL) {
            signal(sig, SIG_DFL);
        }
    }
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    redirect(plan.out, STDOUT_FILENO);
    redirect(plan.err, STDERR_FILENO);
    if (plan.pin) sched_setaffinity(0, sizeof plan.cpus, &plan.cpus);
    const char *failed = "': ";
    if (plan.cwd != nullptr && chdir(plan.cwd) != 0) {
        failed = "': cannot enter its working directory: ";
    } else {
        execvpe(plan.argv[0], plan.argv, plan.envp);
    }
    int e = errno;
    writeAll(STDERR_FILENO, plan.program);
    writeAll(STDERR_FILENO, ": error: cannot start '");
    writeAll(STDERR_FILENO, plan.argv[0]);
    writeAll(STDERR_FILENO, failed);
    writeAll(STDERR_FILENO, std::strerror(e));  // glibc's strerror is a table lookup for known codes
    writeAll(STDERR_FILENO, "\n");
    _exit(127);
}

/// Starts the child: clone3 into the cgroup when it can, else clone (or fork) and the child moves
/// itself. `plan.cgroup_procs` is closed here once it is not needed.
pid_t startChild(ChildPlan &plan, int cgroup_dir, char *stack, std::size_t stack_size, int &error) {
#if defined(ROBOMETRICS_SPAWN_BY_FORK)
    (void)cgroup_dir;
    (void)stack;
    (void)stack_size;
    // As with CLONE_VFORK, return once the child has executed the command (or failed to): the
    // pipe's write end closes at its exec or exit. The caller checks where the child is then.
    int exec_pipe[2] = {-1, -1};
    const bool synced = pipe2(exec_pipe, O_CLOEXEC) == 0;
    const pid_t pid = fork();
    if (pid == 0) _exit(childMain(&plan));
    error = errno;
    if (synced) {
        ::close(exec_pipe[1]);
        char byte = 0;
        while (pid > 0 && ::read(exec_pipe[0], &byte, 1) < 0 && errno == EINTR) {
        }
        ::close(exec_pipe[0]);
    }
    return pid;
#else
#if defined(ROBOMETRICS_HAVE_CLONE3)
    if (cgroup_dir >= 0) {
        clone_args args{};
        args.flags = CLONE_VM | CLONE_VFORK | CLONE_INTO_CGROUP;
        args.exit_signal = SIGCHLD;
        args.stack = reinterpret_cast<std::uint64_t>(stack);
        args.stack_size = stack_size;
        args.cgroup = static_cast<std::uint64_t>(cgroup_dir);
        const int moved_by_child = plan.cgroup_procs;
        plan.cgroup_procs = -1;  // the kernel puts the child there
        const long pid = robometrics_clone3(&args, sizeof args, childMain, &plan);
        if (pid > 0) return static_cast<pid_t>(pid);
        plan.cgroup_procs = moved_by_child;  // refused (an old kernel, a cgroup it will not take)
    }
#else
    (void)cgroup_dir;
#endif
    const pid_t pid = clone(childMain, stack + stack_size, CLONE_VM | CLONE_VFORK | SIGCHLD, &plan);
    error = errno;
    return pid;
#endif
}

/// The containment of each contained group, by its leader's pid.
std::mutex g_contained_mutex;
std::map<pid_t, Containment> g_contained;

Containment containmentOf(pid_t pid) {
    std::lock_guard<std::mutex> lock(g_contained_mutex);
    auto it = g_contained.find(pid);
    return it == g_contained.end() ? Containment{} : it->second;
}

/// Whether `pid` runs in `cgroup` (/proc/PID/cgroup names it relative to the hierarchy's root).
bool inCgroup(pid_t pid, const std::string &cgroup) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/cgroup", static_cast<int>(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    char text[4096];
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) return false;
    text[n] = '\0';
    const char *line = std::strstr(text, "0::");
    if (line == nullptr) return false;
    std::string relative(line + 3);
    relative = relative.substr(0, relative.find('\n'));
    const std::string leaf = cgroup.substr(cgroup.rfind('/'));
    return relative.size() >= leaf.size() && relative.compare(relative.size() - leaf.size(), leaf.size(), leaf) == 0;
}

}  // namespace

Result<pid_t> spawnInGroup(const std::vector<std::string> &argv, const SpawnOptions &options) {
    if (argv.empty()) return Error{"empty command"};
    // Everything the child needs is prepared before the clone.
    std::vector<char *> args;
    for (const auto &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    Containment containment;
    std::string marker_entry;
    std::vector<char *> env;
    for (char **e = environ; e != nullptr && *e != nullptr; ++e) env.push_back(*e);
    if (options.contain) {
        containment = newContainment();
        marker_entry = containment.marker + "=1";
        env.push_back(marker_entry.data());
    }
    env.push_back(nullptr);
    ChildPlan plan;
    plan.argv = args.data();
    plan.envp = env.data();
    CPU_ZERO(&plan.cpus);
    for (int c : options.cpus) CPU_SET(c, &plan.cpus);
    plan.pin = !options.cpus.empty();
    plan.out = options.stdout_path ? options.stdout_path->c_str() : nullptr;
    plan.err = options.stderr_path ? options.stderr_path->c_str() : nullptr;
    plan.cwd = options.cwd ? options.cwd->c_str() : nullptr;
    plan.program = options.program.c_str();
    int cgroup_dir = -1;
    if (!containment.cgroup.empty()) {
        plan.cgroup_procs = ::open((containment.cgroup + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
        cgroup_dir = ::open(containment.cgroup.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    }
    const int procs_fd = plan.cgroup_procs;

    constexpr std::size_t kStack = 64 * 1024;  // the child only makes system calls and execs
    std::unique_ptr<char[]> stack(new char[kStack]);
    // No signal may run one of our handlers in the child while it shares our memory.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    int clone_error = 0;
    const pid_t pid = startChild(plan, cgroup_dir, stack.get(), kStack, clone_error);
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    if (procs_fd >= 0) ::close(procs_fd);
    if (cgroup_dir >= 0) ::close(cgroup_dir);
    if (pid < 0) {
        removeCgroup(containment);
        return Error{std::string("cannot start a process: ") + std::strerror(clone_error)};
    }
    setpgid(pid, pid);  // also from the parent, so the group exists before it is ever signalled
    if (!containment.cgroup.empty() && !inCgroup(pid, containment.cgroup)) dropCgroup(containment);
    if (options.contain) {
        std::lock_guard<std::mutex> lock(g_contained_mutex);
        g_contained[pid] = containment;
    }
    guardGroup(pid, containment.cgroup, containment.marker);
    return pid;
}

Containment groupContainment(pid_t pid) { return containmentOf(pid); }

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

int stopGroup(pid_t pid, double grace_s, int &stop_signal, rusage *usage) {
    const Containment containment = containmentOf(pid);
    int status = 0;
    for (int sig : {SIGINT, SIGTERM}) {
        const double step_end = monotonicSeconds() + grace_s;
        kill(-pid, sig);
        // What left the group gets the same signal, once.
        if (!containment.empty()) signalContained(containment, sig, pid);
        if (waitForExit(pid, grace_s, status, usage)) {
            stop_signal = sig;
            // What the leader leaves (a daemon cleaning up on the same signal) gets the rest of the
            // step, at most a second, to end by itself before it is killed.
            const double leftovers_end = std::min(step_end, monotonicSeconds() + 1.0);
            while (monotonicSeconds() < leftovers_end &&
                   (kill(-pid, 0) == 0 || (!containment.empty() && !containedProcesses(containment).empty()))) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            killGroupLeftovers(pid);
            return status;
        }
    }
    kill(-pid, SIGKILL);
    wait4(pid, &status, 0, usage);
    killGroupLeftovers(pid);
    stop_signal = SIGKILL;
    return status;
}

void killGroupLeftovers(pid_t pid) {
    // Linux does not reuse a pid while a process group of that id exists, so this reaches only
    // the leader's own group.
    kill(-pid, SIGKILL);
    const Containment containment = containmentOf(pid);
    if (!containment.empty()) endContained(containment);
}

void finishGroup(pid_t pid) {
    releaseGroup(pid);
    Containment containment;
    {
        std::lock_guard<std::mutex> lock(g_contained_mutex);
        auto it = g_contained.find(pid);
        if (it == g_contained.end()) return;
        containment = it->second;
        g_contained.erase(it);
    }
    removeCgroup(containment);  // only when empty: what is meant to outlive the command stays
}

}  // namespace robometrics::system
