#pragma once
// What kill -9 leaves behind. Every output is written under a temporary name beside its target
// (core/AtomicFile.hpp) and InterruptCleanup removes it on Ctrl-C, but SIGKILL (the OOM killer,
// a job scheduler's time limit, `kill -9`) ends a process with no chance to clean up: its
// temporary stays. The target itself is intact (the earlier file, or the new one if the rename
// came first), so the only harm is the clutter, and the next process that writes the same target
// removes it: a temporary of that target whose writer no longer exists.
//
// The name says whose it is: ".NAME.tmp-PID-N" (NAME the target's file name, shortened to 200
// characters; PID the writer's process id; N a counter within the process). A temporary is
// stale when kill(PID, 0) fails with ESRCH. A PID reused by an unrelated process makes a stale
// temporary look alive: it is then kept until a later run, never removed too early. Only names
// that match the pattern exactly, for the same target, are touched: other hidden files beside
// the target are never looked at.
//
// Assumption: the writers of a folder share this machine's process ids. A process writing the
// same target from another host or PID namespace (a folder shared over NFS) looks dead here;
// two writers of one target at once already race for the last rename, and the loser's rename
// then fails with an error instead of silently winning.

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace robometrics {

/// The path of the temporary number `serial` of process `pid` for `target`, in the target's
/// folder.
std::filesystem::path temporaryPath(const std::filesystem::path &target, pid_t pid, unsigned serial);

/// The writer's PID when `leaf` (a file name, no folder) is exactly the name of a temporary of
/// `target`, else nothing.
std::optional<pid_t> temporaryOwner(std::string_view leaf, const std::filesystem::path &target);

/// Removes, with their contents, the temporaries of `target` whose writer no longer exists;
/// returns how many. Best effort: an unreadable folder or a failed removal is skipped, since the
/// caller's own output does not depend on it.
int sweepStaleTemporaries(const std::filesystem::path &target);

}  // namespace robometrics
