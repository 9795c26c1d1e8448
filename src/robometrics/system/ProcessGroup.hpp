#pragma once
// Starting a command in its own process group and stopping the whole group the way `ros2 launch`
// expects (SIGINT, then SIGTERM, then SIGKILL, each after a grace period). Shared by
// `robometrics run` and the benchmark's job runner so both supervise processes the same way.

#include <sys/resource.h>
#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/system/JobContainment.hpp"

namespace robometrics::system {

struct SpawnOptions {
    std::vector<int> cpus;                   ///< pin the leader (and so its children) to these CPUs; empty = no pinning
    std::optional<std::string> stdout_path;  ///< redirect (truncating) instead of inheriting
    std::optional<std::string> stderr_path;
    std::optional<std::string> cwd;  ///< the command's working directory; unset = ours
    /// Also find what leaves the group (JobContainment.hpp): a cgroup and an environment marker.
    /// stopGroup and killGroupLeftovers then reach those processes too, and so does the guard.
    bool contain = false;
    /// Who says so when the command cannot be started: "NAME: error: cannot start 'x': why" on
    /// the command's stderr (the command line's `robometrics CMD` for a user's command).
    std::string program = "robometrics";
};

/// Starts `argv` (no shell) as the leader of a new process group (clone with CLONE_VM and
/// CLONE_VFORK, as posix_spawn: no copy of our memory). The child does only async-signal-safe
/// work before exec, so this is safe from a multi-threaded program. A command that cannot be
/// executed exits 127 with a message on its stderr, from `options.program`. The group (and its containment) is guarded
/// (OrphanGuard.hpp): it is stopped if this program dies before `finishGroup(pid)`.
Result<pid_t> spawnInGroup(const std::vector<std::string> &argv, const SpawnOptions &options = {});

/// Waits up to `seconds` for `pid` to exit; true (and its wait status) if it did. `usage`, when
/// given, receives the resources it and the descendants it waited for used (wait4).
bool waitForExit(pid_t pid, double seconds, int &status, rusage *usage = nullptr);

/// SIGINT, then SIGTERM, then SIGKILL to the whole group of leader `pid` (and to what left it,
/// when contained), each after `grace_s`; reaps the leader, ends what is left and sets
/// `stop_signal` to the signal that ended it. Returns its wait status.
int stopGroup(pid_t pid, double grace_s, int &stop_signal, rusage *usage = nullptr);

/// SIGKILL to whatever is left of the group of an already reaped leader (children it left behind)
/// and, when contained, to every process of its containment (a daemon it started included).
void killGroupLeftovers(pid_t pid);

/// The group of `pid` is over, or what is left of it is meant to outlive this program: the guard
/// forgets it (releaseGroup) and its cgroup directory is removed when empty.
void finishGroup(pid_t pid);

/// The containment of the group of `pid` (empty when it was not spawned with `contain`).
Containment groupContainment(pid_t pid);

}  // namespace robometrics::system
