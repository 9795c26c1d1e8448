#include "robometrics/system/JobContainment.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "robometrics/core/Text.hpp"

namespace robometrics::system {
namespace {

namespace fs = std::filesystem;

/// Where job cgroups are made: this process's own cgroup v2 directory, or why not.
struct CgroupParent {
    std::string path;  ///< empty when jobs get no cgroup
    std::string why_not;
};

/// "\040" in /proc/self/mountinfo stands for a space (and so for tab, newline, backslash).
std::string unescapeMount(const std::string &text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 3 < text.size()) {
            const std::string octal = text.substr(i + 1, 3);
            if (octal.size() == 3 &&
                std::all_of(octal.begin(), octal.end(), [](char c) { return c >= '0' && c <= '7'; })) {
                out += static_cast<char>(std::stoi(octal, nullptr, 8));
                i += 3;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

bool cgroupsOff() {
    const char *setting = std::getenv("ROBOMETRICS_CGROUP");
    return setting != nullptr && std::string(setting) == "off";
}

CgroupParent findCgroupParent() {
    std::string relative;
    {
        std::istringstream lines(readWholeFile("/proc/self/cgroup"));
        for (std::string line; std::getline(lines, line);) {
            if (line.rfind("0::", 0) == 0) relative = line.substr(3);
        }
    }
    if (relative.empty()) return {{}, "this process is in no cgroup v2 hierarchy (/proc/self/cgroup)"};
    std::string mount, root;
    {
        std::istringstream lines(readWholeFile("/proc/self/mountinfo"));
        for (std::string line; std::getline(lines, line);) {
            const std::size_t dash = line.find(" - ");
            if (dash == std::string::npos) continue;
            std::istringstream after(line.substr(dash + 3));
            std::string type;
            after >> type;
            if (type != "cgroup2") continue;
            std::istringstream before(line.substr(0, dash));
            std::string id, parent, device;
            before >> id >> parent >> device >> root >> mount;
            mount = unescapeMount(mount);
            root = unescapeMount(root);
            break;
        }
    }
    if (mount.empty()) return {{}, "no cgroup2 file system is mounted"};
    if (root != "/" && relative.rfind(root, 0) == 0) relative = relative.substr(root.size());
    const std::string path = (fs::path(mount) / fs::path(relative).relative_path()).lexically_normal().string();
    if (path.find_first_of(" \t\n") != std::string::npos) return {{}, path + ": a cgroup path with white space"};
    if (path.size() > 200) return {{}, path + ": a cgroup path too long for the guard's records"};
    if (access((fs::path(path) / "cgroup.procs").c_str(), W_OK) != 0 || access(path.c_str(), W_OK) != 0) {
        return {{},
                fmt::format("{}: not writable ({}): run as root or in a delegated cgroup", path, std::strerror(errno))};
    }
    return {path, {}};
}

std::mutex g_cgroup_mutex;
CgroupParent g_cgroup_parent;
bool g_cgroup_parent_known = false;
std::atomic<unsigned> g_cgroup_counter{0};

CgroupParent &cgroupParent() {
    if (!g_cgroup_parent_known) {
        g_cgroup_parent = findCgroupParent();
        g_cgroup_parent_known = true;
        if (!g_cgroup_parent.path.empty()) {
            // Empty job cgroups that a robometrics which died left behind (its processes ended by
            // its guard or --resume); one with processes in it is --resume's to end.
            std::error_code ec;
            for (const auto &entry : fs::directory_iterator(g_cgroup_parent.path, ec)) {
                const std::string name = entry.path().filename().string();
                if (name.rfind("robometrics-", 0) != 0) continue;
                const long pid = std::atol(name.c_str() + 12);
                if (pid > 0 && (kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)) continue;
                ::rmdir(entry.path().c_str());
            }
        }
    }
    return g_cgroup_parent;
}

std::string markerHex() {
    std::random_device device;
    std::uint64_t value = (static_cast<std::uint64_t>(device()) << 32) ^ device();
    value ^=
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) * 0x9e3779b97f4a7c15ULL;
    return fmt::format("{:016x}", value);
}

void collectCgroupMembers(const fs::path &dir, std::set<pid_t> &out, int depth = 0) {
    std::istringstream lines(readWholeFile((dir / "cgroup.procs").string()));
    for (std::string line; std::getline(lines, line);) {
        const long pid = std::atol(line.c_str());
        if (pid > 0) out.insert(static_cast<pid_t>(pid));
    }
    if (depth > 8) return;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        if (entry.is_directory(ec)) collectCgroupMembers(entry.path(), out, depth + 1);
    }
}

bool cgroupIsPopulated(const std::string &cgroup) {
    const std::string events = readWholeFile(cgroup + "/cgroup.events");
    if (events.empty()) return false;  // gone
    return events.find("populated 1") != std::string::npos;
}

bool writeCgroupFile(const std::string &path, const char *text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = ::write(fd, text, std::strlen(text)) == static_cast<ssize_t>(std::strlen(text));
    ::close(fd);
    return ok;
}

}  // namespace

bool holdsMarker(pid_t pid, const std::string &marker) {
    const std::string environ = readWholeFile(fmt::format("/proc/{}/environ", pid));
    const std::string needle = marker + "=";
    for (std::size_t at = environ.find(needle); at != std::string::npos; at = environ.find(needle, at + 1)) {
        if (at == 0 || environ[at - 1] == '\0') return true;
    }
    return false;
}

Containment newContainment() {
    Containment c;
    c.marker = "ROBOMETRICS_JOB_" + markerHex();
    if (cgroupsOff()) return c;
    std::lock_guard<std::mutex> lock(g_cgroup_mutex);
    CgroupParent &parent = cgroupParent();
    if (parent.path.empty()) return c;
    const std::string dir = fmt::format("{}/robometrics-{}-{}", parent.path, static_cast<long>(getpid()), g_cgroup_counter++);
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
        parent.why_not = fmt::format("{}: cannot create a job cgroup: {}", parent.path, std::strerror(errno));
        parent.path.clear();
        return c;
    }
    c.cgroup = dir;
    return c;
}

std::string containmentMethod() {
    if (cgroupsOff()) return "environment marker (no cgroup: ROBOMETRICS_CGROUP=off)";
    std::lock_guard<std::mutex> lock(g_cgroup_mutex);
    const CgroupParent &parent = cgroupParent();
    if (!parent.path.empty()) return fmt::format("cgroup v2 ({}) and environment marker", parent.path);
    return fmt::format("environment marker (no cgroup: {})", parent.why_not);
}

void dropCgroup(Containment &containment) {
    if (containment.cgroup.empty()) return;
    ::rmdir(containment.cgroup.c_str());
    std::lock_guard<std::mutex> lock(g_cgroup_mutex);
    CgroupParent &parent = cgroupParent();
    if (!parent.path.empty()) {
        parent.why_not = fmt::format("{}: a process could not join a job cgroup there", parent.path);
        parent.path.clear();
    }
    containment.cgroup.clear();
}

std::vector<pid_t> containedProcesses(const Containment &containment) {
    std::set<pid_t> found;
    if (!containment.cgroup.empty()) collectCgroupMembers(containment.cgroup, found);
    if (!containment.marker.empty()) {
        DIR *proc = opendir("/proc");
        while (proc != nullptr) {
            const dirent *entry = readdir(proc);
            if (entry == nullptr) break;
            if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
            const pid_t pid = static_cast<pid_t>(std::atol(entry->d_name));
            if (holdsMarker(pid, containment.marker)) found.insert(pid);
        }
        if (proc != nullptr) closedir(proc);
    }
    found.erase(getpid());
    return {found.begin(), found.end()};
}

void signalContained(const Containment &containment, int sig, pid_t except_group) {
    for (pid_t pid : containedProcesses(containment)) {
        if (except_group <= 0 || getpgid(pid) != except_group) kill(pid, sig);
    }
}

bool endContained(const Containment &containment, double timeout_s) {
    if (containment.empty()) return true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    bool left = true;
    while (true) {
        bool any = false;
        if (!containment.cgroup.empty() && cgroupIsPopulated(containment.cgroup)) {
            any = true;
            if (!writeCgroupFile(containment.cgroup + "/cgroup.kill", "1")) {  // before Linux 5.14: one by one
                std::set<pid_t> members;
                collectCgroupMembers(containment.cgroup, members);
                for (pid_t pid : members) kill(pid, SIGKILL);
            }
        }
        // A process that left the cgroup cannot be without privilege; without a cgroup the marker
        // is all there is.
        if (containment.cgroup.empty()) {
            const std::vector<pid_t> holders = containedProcesses(containment);
            for (pid_t pid : holders) kill(pid, SIGKILL);
            any = any || !holders.empty();
        }
        if (!any) {
            left = false;
            break;
        }
        if (std::chrono::steady_clock::now() >= deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    removeCgroup(containment);
    return !left;
}

void removeCgroup(const Containment &containment) {
    if (containment.cgroup.empty()) return;
    if (::rmdir(containment.cgroup.c_str()) == 0 || errno == ENOENT) return;  // the usual case: empty
    // Depth first: a nested robometrics may have left its own job cgroups inside.
    std::error_code ec;
    std::vector<fs::path> dirs;
    for (auto it = fs::recursive_directory_iterator(containment.cgroup, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_directory(ec)) dirs.push_back(it->path());
    }
    std::sort(dirs.begin(), dirs.end(),
              [](const fs::path &a, const fs::path &b) { return a.string().size() > b.string().size(); });
    for (const fs::path &d : dirs) ::rmdir(d.c_str());
    ::rmdir(containment.cgroup.c_str());
}

}  // namespace robometrics::system
