#pragma once
// What a dead orchestrator or worker left running, found again later. A benchmark job writes one
// line per process group it starts into its folder ("host boot_id pgid start_ticks") and removes
// the file when the job is over; `bench --resume` reads the files of unfinished jobs and ends the
// groups that still run on this machine. The guard process (OrphanGuard.hpp) normally ends them
// first; this covers a guard that was killed too (a kill of every process, the OOM killer).

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace robometrics::system {

/// This machine's name, as the records and bench's worker names ("host:pid") carry it.
std::string hostName();

/// The record line of the group of `leader` (a process this program started), newline included.
std::string groupRecordLine(pid_t leader);

/// The group id a record line names; none when the line is not a record.
std::optional<pid_t> recordedGroupId(std::string_view line);

/// Ends the groups of the record lines in `text` that still run here (SIGINT, SIGTERM, SIGKILL
/// to all of them, `grace_s` apart); returns their ids. A group id is taken as the recorded group
/// when its leader runs with the recorded start time, or when the leader is gone and the group
/// still has members (Linux reuses an id only once its group is empty).
std::vector<pid_t> endRecordedGroups(std::string_view text, double grace_s);

}  // namespace robometrics::system
