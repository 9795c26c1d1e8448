// The guard is a fork of a possibly multi-threaded program that never execs, so it may only make
// async-signal-safe calls: plain system calls on fixed buffers, no allocation, no stdio, no locks.
// Its table of groups is a static array for that reason.

#include "robometrics/system/OrphanGuard.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <mutex>

namespace robometrics::system {
namespace {

/// One message: +1 registers `pgid`, -1 releases it. SOCK_SEQPACKET keeps messages whole.
struct Message {
    std::int32_t delta;
    std::int32_t pgid;
};

constexpr int kMaxGroups = 4096;  // far more groups than a machine runs jobs at once
constexpr int kGraceSteps = 50;   // x 20 ms = 1 s between signals

struct Entry {
    pid_t pgid;
    int count;
};
Entry g_table[kMaxGroups];  // the guard's table (only the guard process writes it)
int g_entries = 0;

void sleepMs(long ms) {
    timespec ts{ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, nullptr);
}

void apply(const Message &m) {
    for (int i = 0; i < g_entries; ++i) {
        if (g_table[i].pgid == m.pgid) {
            g_table[i].count += m.delta;
            if (g_table[i].count <= 0) g_table[i] = g_table[--g_entries];
            return;
        }
    }
    if (m.delta > 0 && g_entries < kMaxGroups) g_table[g_entries++] = Entry{m.pgid, m.delta};
}

bool anyAlive() {
    for (int i = 0; i < g_entries; ++i) {
        if (kill(-g_table[i].pgid, 0) == 0) return true;
    }
    return false;
}

void signalAll(int sig) {
    for (int i = 0; i < g_entries; ++i) kill(-g_table[i].pgid, sig);
}

/// Moves `fd` to 3, puts /dev/null on 0-2 and closes everything else, so the guard keeps no file,
/// pipe or socket of its parent open (a test harness waiting for EOF on our stdout must get it).
int keepOnly(int fd) {
    if (fd <= 2) fd = fcntl(fd, F_DUPFD, 3);
    int null_fd = open("/dev/null", O_RDWR);
    for (int target = 0; target <= 2; ++target) dup2(null_fd, target);
    if (fd != 3) {
        dup2(fd, 3);  // clears FD_CLOEXEC on 3, which does not matter: the guard never execs
    }
    if (close_range(4, ~0U, 0) != 0) {
        for (int other = 4; other < 4096; ++other) close(other);
    }
    return 3;
}

[[noreturn]] void guardMain(int fd) {
    setpgid(0, 0);  // out of the parent's group: a Ctrl-C or a kill of that group does not reach it
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT}) signal(sig, SIG_IGN);
    prctl(PR_SET_NAME, "robometrics-grd", 0, 0, 0);
    fd = keepOnly(fd);
    Message m{};
    while (true) {
        ssize_t n = read(fd, &m, sizeof m);
        if (n == static_cast<ssize_t>(sizeof m)) {
            apply(m);
        } else if (n == 0 || (n < 0 && errno != EINTR)) {
            break;  // the parent is gone
        }
    }
    for (int sig : {SIGINT, SIGTERM}) {
        signalAll(sig);
        for (int step = 0; step < kGraceSteps && anyAlive(); ++step) sleepMs(20);
    }
    signalAll(SIGKILL);
    _exit(0);
}

std::mutex g_mutex;
int g_socket = -1;
pid_t g_guard = -1;
bool g_tried = false;

/// Starts the guard once; false when it is not running.
bool ensureGuard() {
    if (g_tried) return g_socket >= 0;
    g_tried = true;
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) != 0) return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) guardMain(fds[1]);
    close(fds[1]);
    g_socket = fds[0];
    g_guard = pid;
    return true;
}

void send(std::int32_t delta, pid_t pgid) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (!ensureGuard()) return;
    Message m{delta, static_cast<std::int32_t>(pgid)};
    if (::send(g_socket, &m, sizeof m, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof m)) {
        close(g_socket);  // the guard died: nothing is guarded from here on (--resume still ends leftovers)
        g_socket = -1;
    }
}

}  // namespace

void guardGroup(pid_t pgid) { send(+1, pgid); }

void releaseGroup(pid_t pgid) { send(-1, pgid); }

pid_t orphanGuardPid() {
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_guard;
}

}  // namespace robometrics::system
