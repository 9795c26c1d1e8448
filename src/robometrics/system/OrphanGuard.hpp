#pragma once
// Process groups that must not outlive this program. A benchmark job (a simulation, a navigation
// stack, a recorder) runs in its own process group, so killing robometrics with SIGKILL would
// leave it running: two simulations on one machine and a corrupted benchmark when the matrix is
// resumed. A small guard process, forked once, holds the other end of a socket; when this program
// ends in any way the socket closes and the guard stops every group still registered (SIGINT,
// SIGTERM, then SIGKILL, a second apart, as `ros2 launch` expects), then exits.
//
// Registration is counted per process group id, so a group id that is reused after its group
// ended cannot be forgotten by a late release of the old group.

#include <sys/types.h>

#include <string>

namespace robometrics::system {

/// Stop the process group `pgid` if this program ends before `releaseGroup(pgid)`, and with it
/// the members of `cgroup` and the holders of the environment `marker` when given
/// (JobContainment.hpp). Starts the guard on first use; if it cannot be started the group is
/// simply not guarded.
void guardGroup(pid_t pgid, const std::string &cgroup = {}, const std::string &marker = {});

/// The group `pgid` is over (or is meant to outlive this program): the guard forgets it.
void releaseGroup(pid_t pgid);

/// The guard's process id, or -1 when none was started (tests use it to simulate a guard that died).
pid_t orphanGuardPid();

}  // namespace robometrics::system
