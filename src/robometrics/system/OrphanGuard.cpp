// The guard is a fork of a possibly multi-threaded program that never execs, so it may only make
// async-signal-safe calls: plain system calls on fixed buffers, no allocation, no stdio, no locks.
// Its table of groups is a static array for that reason.

#include "robometrics/system/OrphanGuard.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <mutex>

namespace robometrics::system {
namespace {

constexpr int kPathMax = 256;   // a job cgroup's absolute path (JobContainment refuses longer ones)
constexpr int kMarkerMax = 48;  // "ROBOMETRICS_JOB_" and 16 hex digits

/// One message: +1 registers `pgid` (with its containment), -1 releases it. SOCK_SEQPACKET
/// keeps messages whole.
struct Message {
    std::int32_t delta;
    std::int32_t pgid;
    char cgroup[kPathMax];
    char marker[kMarkerMax];
};

constexpr int kMaxGroups = 4096;  // far more groups than a machine runs jobs at once
constexpr int kGraceSteps = 50;   // x 20 ms = 1 s between signals

struct Entry {
    pid_t pgid;
    int count;
    char cgroup[kPathMax];
    char marker[kMarkerMax];
};
Entry g_table[kMaxGroups];  // the guard's table (only the guard process writes it)
int g_entries = 0;

void sleepMs(long ms) {
    timespec ts{ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, nullptr);
}

void guardCopyText(char *to, const char *from, std::size_t size) {
    std::size_t i = 0;
    for (; from != nullptr && from[i] != '\0' && i + 1 < size; ++i) to[i] = from[i];
    to[i] = '\0';
}

void apply(const Message &m) {
    for (int i = 0; i < g_entries; ++i) {
        if (g_table[i].pgid == m.pgid) {
            g_table[i].count += m.delta;
            if (g_table[i].count <= 0) g_table[i] = g_table[--g_entries];
            return;
        }
    }
    if (m.delta > 0 && g_entries < kMaxGroups) {
        Entry &e = g_table[g_entries++];
        e.pgid = m.pgid;
        e.count = m.delta;
        guardCopyText(e.cgroup, m.cgroup, sizeof e.cgroup);
        guardCopyText(e.marker, m.marker, sizeof e.marker);
    }
}

// The containment of an entry, with system calls on fixed buffers only (the guard is a fork of a
// multi-threaded program that never execs: no allocation, no stdio, no locks).

/// "<cgroup>/<file>" into `out`; false when it does not fit.
bool guardCgroupFile(const Entry &e, const char *file, char *out, std::size_t size) {
    std::size_t n = 0;
    for (const char *p = e.cgroup; *p != '\0'; ++p) {
        if (n + 1 >= size) return false;
        out[n++] = *p;
    }
    if (n + 1 >= size) return false;
    out[n++] = '/';
    for (const char *p = file; *p != '\0'; ++p) {
        if (n + 1 >= size) return false;
        out[n++] = *p;
    }
    out[n] = '\0';
    return true;
}

char g_guard_buffer[65536];

/// Reads a small file whole into g_guard_buffer (NUL-terminated); its length, or -1.
ssize_t guardReadSmall(const char *path) {
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t total = 0;
    while (total < static_cast<ssize_t>(sizeof g_guard_buffer) - 1) {
        const ssize_t n = read(fd, g_guard_buffer + total, sizeof g_guard_buffer - 1 - static_cast<std::size_t>(total));
        if (n <= 0) break;
        total += n;
    }
    close(fd);
    g_guard_buffer[total] = '\0';
    return total;
}

bool guardCgroupPopulated(const Entry &e) {
    char path[kPathMax + 32];
    if (e.cgroup[0] == '\0' || !guardCgroupFile(e, "cgroup.events", path, sizeof path) || guardReadSmall(path) <= 0) return false;
    const char *needle = "populated 1";
    for (const char *p = g_guard_buffer; *p != '\0'; ++p) {
        std::size_t k = 0;
        while (needle[k] != '\0' && p[k] == needle[k]) ++k;
        if (needle[k] == '\0') return true;
    }
    return false;
}

/// `sig` to the members of the entry's cgroup that are not in its process group (those got it
/// already). SIGKILL goes through cgroup.kill when the kernel has it.
void guardSignalCgroup(const Entry &e, int sig) {
    char path[kPathMax + 32];
    if (e.cgroup[0] == '\0') return;
    if (sig == SIGKILL && guardCgroupFile(e, "cgroup.kill", path, sizeof path)) {
        const int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            const bool done = write(fd, "1", 1) == 1;
            close(fd);
            if (done) return;
        }
    }
    if (!guardCgroupFile(e, "cgroup.procs", path, sizeof path) || guardReadSmall(path) <= 0) return;
    long pid = 0;
    for (const char *p = g_guard_buffer;; ++p) {
        if (*p >= '0' && *p <= '9') {
            pid = pid * 10 + (*p - '0');
            continue;
        }
        if (pid > 0 && (sig == SIGKILL || getpgid(static_cast<pid_t>(pid)) != e.pgid))
            kill(static_cast<pid_t>(pid), sig);
        pid = 0;
        if (*p == '\0') break;
    }
}

/// Whether the environment of `pid` holds "<marker>=" (at the start of one of its strings).
bool guardHoldsMarker(const char *pid_name, const char *marker) {
    char path[64];
    const char *prefix = "/proc/";
    std::size_t n = 0;
    for (const char *p = prefix; *p != '\0'; ++p) path[n++] = *p;
    for (const char *p = pid_name; *p != '\0' && n < 40; ++p) path[n++] = *p;
    for (const char *p = "/environ"; *p != '\0'; ++p) path[n++] = *p;
    path[n] = '\0';
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    std::size_t length = 0;
    while (marker[length] != '\0') ++length;
    // Matched so far of "\0<marker>=", the environment being read as if it began with a NUL.
    std::size_t matched = 1;
    bool found = false;
    char chunk[4096];
    for (ssize_t got; !found && (got = read(fd, chunk, sizeof chunk)) > 0;) {
        for (ssize_t i = 0; i < got && !found; ++i) {
            const char c = chunk[i];
            const char want = matched == 0 ? '\0' : (matched <= length ? marker[matched - 1] : '=');
            if (c == want) {
                if (++matched == length + 2) found = true;
            } else {
                matched = c == '\0' ? 1 : 0;
            }
        }
    }
    close(fd);
    return found;
}

struct GuardDirent64 {
    std::uint64_t d_ino;
    std::int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[1];
};

/// `sig` to every process holding the marker of an entry (outside the entry's group but for
/// SIGKILL); true when any was found.
bool guardSignalMarkers(int sig) {
    bool any_marker = false;
    for (int i = 0; i < g_entries; ++i) any_marker = any_marker || g_table[i].marker[0] != '\0';
    if (!any_marker) return false;
    const int dir = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return false;
    const pid_t self = getpid();
    bool found = false;
    alignas(8) char entries[8192];
    for (long got; (got = syscall(SYS_getdents64, dir, entries, sizeof entries)) > 0;) {
        for (long at = 0; at < got;) {
            const auto *d = reinterpret_cast<const GuardDirent64 *>(entries + at);
            at += d->d_reclen;
            if (d->d_name[0] < '1' || d->d_name[0] > '9') continue;
            long pid = 0;
            for (const char *p = d->d_name; *p >= '0' && *p <= '9'; ++p) pid = pid * 10 + (*p - '0');
            if (pid == self) continue;
            for (int i = 0; i < g_entries; ++i) {
                const Entry &e = g_table[i];
                if (e.marker[0] == '\0' || !guardHoldsMarker(d->d_name, e.marker)) continue;
                found = true;
                if (sig == SIGKILL || getpgid(static_cast<pid_t>(pid)) != e.pgid) kill(static_cast<pid_t>(pid), sig);
                break;
            }
        }
    }
    close(dir);
    return found;
}

bool anyAlive() {
    for (int i = 0; i < g_entries; ++i) {
        if (kill(-g_table[i].pgid, 0) == 0 || guardCgroupPopulated(g_table[i])) return true;
    }
    return false;
}

void signalAll(int sig) {
    for (int i = 0; i < g_entries; ++i) {
        kill(-g_table[i].pgid, sig);
        guardSignalCgroup(g_table[i], sig);
    }
    guardSignalMarkers(sig);
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
    // Processes outside the cgroups (only a marker found them) may have forked meanwhile: again
    // until none is found, then the job cgroups are removed once empty.
    for (int round = 0; round < kGraceSteps && guardSignalMarkers(SIGKILL); ++round) sleepMs(20);
    for (int step = 0; step < kGraceSteps && anyAlive(); ++step) sleepMs(20);
    for (int i = 0; i < g_entries; ++i) {
        if (g_table[i].cgroup[0] != '\0') rmdir(g_table[i].cgroup);
    }
    _exit(0);
}

std::mutex g_mutex;
int g_socket = -1;
pid_t g_guard = -1;
pid_t g_owner = -1;  // the process that started the guard; a fork of it needs its own
bool g_tried = false;

/// Starts the guard once per process; false when it is not running. A forked copy of the program
/// that starts jobs of its own gets its own guard: the inherited one watches its parent's death.
bool ensureGuard() {
    if (g_tried && g_owner == getpid()) return g_socket >= 0;
    if (g_socket >= 0) close(g_socket);  // the parent's connection, inherited by fork
    g_socket = -1;
    g_tried = true;
    g_owner = getpid();
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

void send(std::int32_t delta, pid_t pgid, const std::string &cgroup = {}, const std::string &marker = {}) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (!ensureGuard()) return;
    Message m{};
    m.delta = delta;
    m.pgid = static_cast<std::int32_t>(pgid);
    if (cgroup.size() < sizeof m.cgroup) guardCopyText(m.cgroup, cgroup.c_str(), sizeof m.cgroup);
    if (marker.size() < sizeof m.marker) guardCopyText(m.marker, marker.c_str(), sizeof m.marker);
    if (::send(g_socket, &m, sizeof m, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof m)) {
        close(g_socket);  // the guard died: nothing is guarded from here on (--resume still ends leftovers)
        g_socket = -1;
    }
}

}  // namespace

void guardGroup(pid_t pgid, const std::string &cgroup, const std::string &marker) { send(+1, pgid, cgroup, marker); }

void releaseGroup(pid_t pgid) { send(-1, pgid); }

pid_t orphanGuardPid() {
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_guard;
}

}  // namespace robometrics::system
