#include "robometrics/system/LeftoverGroups.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

#include "robometrics/core/Text.hpp"
#include "robometrics/system/JobContainment.hpp"
#include "robometrics/system/ProcessGroup.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"

namespace robometrics::system {
namespace {

/// Changes at every boot, so a record from before a reboot never matches a process of now.
const std::string &bootId() {
    static const std::string id = [] {
        const std::string text(trimmed(readWholeFile("/proc/sys/kernel/random/boot_id")));
        return text.empty() ? std::string("unknown") : text;
    }();
    return id;
}

struct Record {
    std::string host, boot;
    pid_t pgid = 0;
    std::uint64_t start_ticks = 0;
    Containment containment;  ///< "cgroup=PATH" and "marker=NAME" after the four fields
};

bool parseRecord(std::string_view line, Record &r) {
    std::istringstream in{std::string(line)};
    if (!(in >> r.host >> r.boot >> r.pgid >> r.start_ticks) || r.pgid <= 1) return false;
    for (std::string word; in >> word;) {
        if (word.rfind("cgroup=", 0) == 0) r.containment.cgroup = word.substr(7);
        if (word.rfind("marker=", 0) == 0) r.containment.marker = word.substr(7);
    }
    // Only a job cgroup of ours, and only our marker: a damaged file must not end anything else.
    if (r.containment.cgroup.find("/robometrics-") == std::string::npos) r.containment.cgroup.clear();
    if (r.containment.marker.rfind("ROBOMETRICS_JOB_", 0) != 0) r.containment.marker.clear();
    return true;
}

bool runsHere(const Record &r) {
    if (r.host != hostName() || r.boot != bootId()) return false;
    // What left the group: its cgroup still holds processes, or a process holds its marker.
    if (!r.containment.empty() && !containedProcesses(r.containment).empty()) return true;
    bool leader_seen = false, members = false;
    for (const ProcStat &p : allProcesses()) {
        if (p.pid == r.pgid) {
            leader_seen = true;
            if (p.start_ticks != r.start_ticks || p.pgrp != r.pgid) return false;  // another process now
        }
        members = members || p.pgrp == r.pgid;
    }
    return leader_seen || members;
}

bool groupAlive(pid_t pgid) { return kill(-pgid, 0) == 0; }

}  // namespace

std::string hostName() {
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    return host;
}

std::string groupRecordLine(pid_t leader) {
    // The leader's own stat, not a walk of /proc: this runs at every job's start.
    auto stat = parseProcStat(readWholeFile(fmt::format("/proc/{}/stat", leader)));
    std::string line = fmt::format("{} {} {} {}", hostName(), bootId(), leader, stat ? stat->start_ticks : 0);
    const Containment containment = groupContainment(leader);
    if (!containment.cgroup.empty()) line += " cgroup=" + containment.cgroup;
    if (!containment.marker.empty()) line += " marker=" + containment.marker;
    return line + "\n";
}

std::optional<pid_t> recordedGroupId(std::string_view line) {
    Record r;
    if (!parseRecord(line, r)) return std::nullopt;
    return r.pgid;
}

std::vector<pid_t> endRecordedGroups(std::string_view text, double grace_s) {
    std::vector<pid_t> groups;
    std::vector<std::pair<pid_t, Containment>> contained;  // and the group each belongs to
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);) {
        Record r;
        if (parseRecord(line, r) && runsHere(r)) {
            groups.push_back(r.pgid);
            if (!r.containment.empty()) contained.emplace_back(r.pgid, r.containment);
        }
    }
    auto anyAlive = [&] {
        return std::any_of(groups.begin(), groups.end(), groupAlive) ||
               std::any_of(contained.begin(), contained.end(),
                           [](const auto &c) { return !containedProcesses(c.second).empty(); });
    };
    // All groups at once, each step: a dead benchmark may have left many jobs.
    for (int sig : {SIGINT, SIGTERM, SIGKILL}) {
        for (pid_t g : groups) kill(-g, sig);
        for (const auto &[group, c] : contained) signalContained(c, sig, sig == SIGKILL ? 0 : group);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(grace_s);
        while (anyAlive() && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (!anyAlive()) break;
    }
    for (const auto &c : contained) endContained(c.second);
    return groups;
}

}  // namespace robometrics::system
