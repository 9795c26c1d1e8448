#include "robometrics/system/ProcessTreeSampler.hpp"

#include <dirent.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "robometrics/system/ProcParsers.hpp"

namespace robometrics::system {

namespace {

constexpr double kMinTicksForCpu = 5;  // a share over fewer clock ticks than this is not measured

std::string readSmall(const std::string &path) {
    std::ifstream in(path);
    if (!in) return {};
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

std::vector<ProcStat> allProcesses() {
    std::vector<ProcStat> out;
    DIR *dir = opendir("/proc");
    if (!dir) return out;
    while (dirent *entry = readdir(dir)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        auto stat = parseProcStat(readSmall(std::string("/proc/") + entry->d_name + "/stat"));
        if (stat.ok()) out.push_back(*stat);  // processes that vanished meanwhile are skipped
    }
    closedir(dir);
    return out;
}

double monotonicSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

ProcessTreeSampler::ProcessTreeSampler(pid_t root, std::string cgroup)
    : root_(root),
      cgroup_(std::move(cgroup)),
      ticks_per_second_(static_cast<double>(sysconf(_SC_CLK_TCK))),
      page_size_(sysconf(_SC_PAGESIZE)),
      start_time_s_(monotonicSeconds()),
      last_time_s_(start_time_s_) {}

namespace {

std::optional<ProcStat> statOf(long pid) {
    auto stat = parseProcStat(readSmall("/proc/" + std::to_string(pid) + "/stat"));
    if (!stat.ok()) return std::nullopt;  // gone meanwhile
    return *stat;
}

/// The pids in /proc/PID/task/*/children of `pid`; false when the kernel has no such file.
bool childrenOf(long pid, std::vector<long> &out) {
    const std::string task = "/proc/" + std::to_string(pid) + "/task";
    DIR *dir = opendir(task.c_str());
    if (!dir) return true;  // gone
    bool supported = true;
    while (dirent *entry = readdir(dir)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        std::ifstream in(task + "/" + entry->d_name + "/children");
        if (!in) {
            supported = access((task + "/" + entry->d_name).c_str(), F_OK) != 0;  // a thread that ended
            if (!supported) break;
            continue;
        }
        for (long child; in >> child;) out.push_back(child);
    }
    closedir(dir);
    return supported;
}

void cgroupMembers(const std::string &dir, std::vector<long> &out, int depth = 0) {
    std::istringstream lines(readSmall(dir + "/cgroup.procs"));
    for (long pid; lines >> pid;) out.push_back(pid);
    if (depth > 8) return;
    DIR *d = opendir(dir.c_str());
    if (!d) return;
    std::vector<std::string> subs;
    while (dirent *entry = readdir(d)) {
        if (entry->d_type == DT_DIR && entry->d_name[0] != '.') subs.push_back(dir + "/" + entry->d_name);
    }
    closedir(d);
    for (const std::string &sub : subs) cgroupMembers(sub, out, depth + 1);
}

}  // namespace

std::vector<ProcStat> ProcessTreeSampler::members() {
    std::vector<ProcStat> out;
    if (!cgroup_.empty()) {
        std::vector<long> pids;
        cgroupMembers(cgroup_, pids);
        for (long pid : pids) {
            if (auto stat = statOf(pid)) out.push_back(*stat);
        }
        return out;
    }
    // The tree from its root: only its own processes are read, not every process of the machine.
    std::vector<long> todo{root_};
    while (!todo.empty()) {
        const long pid = todo.back();
        todo.pop_back();
        auto stat = statOf(pid);
        if (!stat) continue;
        out.push_back(*stat);
        if (!childrenOf(pid, todo)) {
            out.clear();
            break;  // no children files: walk every process below
        }
    }
    if (!out.empty() || statOf(root_) == std::nullopt) return out;
    std::vector<ProcStat> processes = allProcesses();
    std::multimap<int, const ProcStat *> children;
    const ProcStat *root = nullptr;
    for (const ProcStat &p : processes) {
        children.emplace(p.ppid, &p);
        if (p.pid == root_) root = &p;
    }
    std::vector<const ProcStat *> stack;
    if (root) stack.push_back(root);
    while (!stack.empty()) {
        const ProcStat *p = stack.back();
        stack.pop_back();
        out.push_back(*p);
        auto range = children.equal_range(p->pid);
        for (auto it = range.first; it != range.second; ++it) stack.push_back(it->second);
    }
    return out;
}

ResourceSample ProcessTreeSampler::sample() {
    const std::vector<ProcStat> processes = members();
    double now = monotonicSeconds();
    ResourceSample s;
    s.elapsed_s = now - start_time_s_;
    std::map<pid_t, Seen> current;
    std::uint64_t delta_ticks = 0;
    std::uint64_t pss_kb = 0;
    bool pss_complete = true;
    for (const ProcStat &process : processes) {
        const ProcStat *p = &process;
        std::uint64_t ticks = p->utime_ticks + p->stime_ticks;
        current[p->pid] = Seen{p->start_ticks, ticks};
        // A process seen last time (same pid and start time) contributes its increase; a new one
        // contributes everything it used, since it started after the previous sample.
        auto prev = previous_.find(p->pid);
        if (prev != previous_.end() && prev->second.start_ticks == p->start_ticks) {
            delta_ticks += ticks >= prev->second.cpu_ticks ? ticks - prev->second.cpu_ticks : 0;
        } else {
            delta_ticks += ticks;
        }
        s.rss_bytes += static_cast<std::uint64_t>(p->rss_pages * page_size_);
        s.threads += p->num_threads;
        ++s.processes;
        auto pss = parsePssKb(readSmall("/proc/" + std::to_string(p->pid) + "/smaps_rollup"));
        if (pss) {
            pss_kb += *pss;
        } else {
            pss_complete = false;
        }
    }
    double interval = now - last_time_s_;
    // CPU time is counted in clock ticks, so over less than a few ticks a share is noise (one tick
    // in the 2 ms between spawning a command and its first sample reads 500 %): such a sample,
    // in practice only the first one, says 0 rather than a number that trips cpu_budget.
    if (interval * ticks_per_second_ >= kMinTicksForCpu) {
        s.cpu_percent = 100.0 * static_cast<double>(delta_ticks) / ticks_per_second_ / interval;
    }
    if (pss_complete && s.processes > 0) s.pss_bytes = pss_kb * 1024;
    previous_ = std::move(current);
    last_time_s_ = now;
    return s;
}

}  // namespace robometrics::system
