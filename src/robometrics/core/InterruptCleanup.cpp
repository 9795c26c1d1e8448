#include "robometrics/core/InterruptCleanup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstddef>
#include <cstring>
#include <filesystem>

namespace robometrics {

namespace {

enum SlotState : int { kFree = 0, kFilling = 1, kFile = 2, kDirectory = 3 };

struct Slot {
    std::atomic<int> state{kFree};
    char path[PATH_MAX];
};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler reads slot states without locks");

// More than any command holds at once (one output file, or one folder, plus decompressed inputs).
constexpr int kSlots = 64;
Slot g_slots[kSlots];

// The fixed head of a getdents64 record (glibc declares no type for it); the name follows
// d_type as a NUL-terminated string.
struct DirentHead {
    ino64_t d_ino;
    off64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
};
constexpr std::size_t kDirentName = offsetof(DirentHead, d_type) + 1;

bool isDotOrDotDot(const char *name) { return name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)); }

// Removes `name` under the folder `parent` with its contents, using only async-signal-safe
// calls (no opendir: it allocates). Our temporary folders are shallow; the depth limit only
// bounds the stack.
void removeTreeAt(int parent, const char *name, int depth) {
    const int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        unlinkat(parent, name, 0);  // not a folder: a file or a link
        return;
    }
    alignas(8) char buffer[2048];
    // Entries removed while listing can shift the listing, so list again until a pass is empty.
    for (int pass = 0; pass < 8; ++pass) {
        bool any = false;
        lseek(fd, 0, SEEK_SET);
        long n = 0;
        while ((n = syscall(SYS_getdents64, fd, buffer, sizeof buffer)) > 0) {
            for (long offset = 0; offset < n;) {
                const auto *entry = reinterpret_cast<const DirentHead *>(buffer + offset);
                const char *entry_name = buffer + offset + kDirentName;
                offset += entry->d_reclen;
                if (isDotOrDotDot(entry_name)) continue;
                any = true;
                if (unlinkat(fd, entry_name, 0) != 0 && (errno == EISDIR || errno == EPERM) && depth < 8) {
                    removeTreeAt(fd, entry_name, depth + 1);
                }
            }
        }
        if (!any) break;
    }
    close(fd);
    unlinkat(parent, name, AT_REMOVEDIR);
}

void writeStderr(const char *text) {
    ssize_t ignored = write(STDERR_FILENO, text, std::strlen(text));
    (void)ignored;
}

extern "C" void onInterrupt(int signal_number) {
    bool removed = false;
    for (Slot &slot : g_slots) {
        const int state = slot.state.load(std::memory_order_acquire);
        if (state == kFile) {
            unlink(slot.path);
            removed = true;
        } else if (state == kDirectory) {
            removeTreeAt(AT_FDCWD, slot.path, 0);
            removed = true;
        }
    }
    if (removed) writeStderr("robometrics: interrupted; the unfinished output was removed\n");
    // Die of the same signal, so the parent (a shell loop, make) sees an interrupted child.
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);  // delivered as soon as the handler returns
}

}  // namespace

void installInterruptCleanup() {
    for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction old {};
        if (sigaction(signal_number, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;  // e.g. nohup
        struct sigaction action {};
        action.sa_handler = onInterrupt;
        sigemptyset(&action.sa_mask);
        // Block the other two while cleaning, so a second Ctrl-C does not cut the cleanup short.
        for (int other : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&action.sa_mask, other);
        sigaction(signal_number, &action, nullptr);
    }
}

int registerCleanup(const std::string &path, bool directory) {
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    if (ec || absolute.size() >= PATH_MAX) return -1;
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (!g_slots[i].state.compare_exchange_strong(expected, kFilling, std::memory_order_acq_rel)) continue;
        std::memcpy(g_slots[i].path, absolute.c_str(), absolute.size() + 1);
        g_slots[i].state.store(directory ? kDirectory : kFile, std::memory_order_release);
        return i;
    }
    return -1;
}

void unregisterCleanup(int slot) {
    if (slot >= 0 && slot < kSlots) g_slots[slot].state.store(kFree, std::memory_order_release);
}

}  // namespace robometrics
