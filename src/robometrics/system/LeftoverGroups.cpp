#include "robometrics/system/LeftoverGroups.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

#include "robometrics/core/Text.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"

namespace robometrics::system {
namespace {

/// Changes at every boot, so a record from before a reboot never matches a process of now.
std::string bootId() {
    const std::string id(trimmed(readWholeFile("/proc/sys/kernel/random/boot_id")));
    return id.empty() ? "unknown" : id;
}

struct Record {
    std::string host, boot;
    pid_t pgid = 0;
    std::uint64_t start_ticks = 0;
};

bool parseRecord(std::string_view line, Record &r) {
    std::istringstream in{std::string(line)};
    return static_cast<bool>(in >> r.host >> r.boot >> r.pgid >> r.start_ticks) && r.pgid > 1;
}

bool runsHere(const Record &r) {
    if (r.host != hostName() || r.boot != bootId()) return false;
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
    return fmt::format("{} {} {} {}\n", hostName(), bootId(), leader, stat ? stat->start_ticks : 0);
}

std::optional<pid_t> recordedGroupId(std::string_view line) {
    Record r;
    if (!parseRecord(line, r)) return std::nullopt;
    return r.pgid;
}

std::vector<pid_t> endRecordedGroups(std::string_view text, double grace_s) {
    std::vector<pid_t> groups;
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);) {
        Record r;
        if (parseRecord(line, r) && runsHere(r)) groups.push_back(r.pgid);
    }
    auto anyAlive = [&] { return std::any_of(groups.begin(), groups.end(), groupAlive); };
    // All groups at once, each step: a dead benchmark may have left many jobs.
    for (int sig : {SIGINT, SIGTERM, SIGKILL}) {
        for (pid_t g : groups) kill(-g, sig);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(grace_s);
        while (anyAlive() && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        if (!anyAlive()) break;
    }
    return groups;
}

}  // namespace robometrics::system
