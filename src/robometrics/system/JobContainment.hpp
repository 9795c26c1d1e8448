#pragma once
// Every process a job starts, also those that leave its process group: a daemon (fork, setsid,
// fork), a simulator launcher that detaches its server, a `setsid` child. Killing the job's
// process group misses them; two ways find them again:
//
// - a cgroup v2 directory per job, created below this process's own cgroup; the job's first
//   process joins it before it executes the command, and everything it starts stays in it (a
//   process cannot leave a cgroup without write access to another one). Its members are
//   `cgroup.procs`; `cgroup.kill` (Linux 5.14) ends them all at once. Needs write access to this
//   process's cgroup directory: root, or a delegated subtree (a systemd unit with Delegate=yes,
//   `systemd-run --user --scope -p Delegate=yes robometrics bench ...`, a container with its own
//   cgroup namespace mounted read-write).
// - always, a marker in the environment of the job's first process, inherited by everything it
//   starts: `ROBOMETRICS_JOB_<16 hex digits>=1`. The processes whose /proc/PID/environ holds it
//   are the job's. Needs no privilege (a process's environ is readable by its user); misses a
//   process that clears its environment (`env -i`) or one of another user (`sudo`).
//
// Both survive the death of robometrics: the guard (OrphanGuard.hpp) and `bench --resume`
// (LeftoverGroups.hpp) end the members of a recorded cgroup and the holders of a recorded marker.
// docs/bench.md, "Every process a job starts".

#include <sys/types.h>

#include <string>
#include <vector>

namespace robometrics::system {

struct Containment {
    std::string cgroup;  ///< absolute path of the job's cgroup v2 directory; empty: none
    std::string marker;  ///< the environment variable's name, "ROBOMETRICS_JOB_0123456789abcdef"

    bool empty() const { return cgroup.empty() && marker.empty(); }
};

/// A fresh containment for one job: a new marker, and a new cgroup directory when this process
/// may create one (not while the environment has ROBOMETRICS_CGROUP=off).
Containment newContainment();

/// How jobs are contained in this process: "cgroup v2 (<parent folder>) and environment marker",
/// or "environment marker (no cgroup: <why>)".
std::string containmentMethod();

/// The cgroup is no longer used (its directory could not take the job's process): marker only.
void dropCgroup(Containment &containment);

/// The processes contained now (members of the cgroup and its sub-cgroups, holders of the
/// marker), without this process.
std::vector<pid_t> containedProcesses(const Containment &containment);

/// Sends `sig` to every contained process but the members of process group `except_group` (which
/// the caller signals as a group: a launcher must not see a second SIGINT, which it may take as
/// "stop now").
void signalContained(const Containment &containment, int sig, pid_t except_group = 0);

/// SIGKILL to every contained process (cgroup.kill when there is one), until none is left or
/// `timeout_s` passed; then removes the cgroup directory. True when nothing is left.
bool endContained(const Containment &containment, double timeout_s = 2.0);

/// Removes the cgroup directory (and sub-cgroups a nested robometrics left) when empty.
void removeCgroup(const Containment &containment);

/// Whether /proc/PID/environ of `pid` holds `marker`=...
bool holdsMarker(pid_t pid, const std::string &marker);

}  // namespace robometrics::system
