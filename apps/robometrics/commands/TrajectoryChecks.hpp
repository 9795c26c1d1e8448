#pragma once
// What ape and rpe check around an evaluation beyond evo: the time offset (`--t-offset auto`
// estimates it), stamps on different clocks, and an association that matched few poses. Warnings
// go to stderr (unless --no_warnings) and into the --json output and the results file.

#include <string>

#include "TrajectoryCommandSupport.hpp"

namespace robometrics::app {

/// Sets o.t_offset from --t-offset (seconds, or "auto": estimated and reported on stderr), after
/// warning when one trajectory's stamps are epoch time and the other's start near zero.
/// Returns 0, or the exit code after printing why (2: not a number, 1: no estimate possible).
int resolveTimeOffset(const std::string &command, TrajectoryOptions &o, const io::TrajectoryPair &input);

/// Warns when the association matched fewer than half the poses it could have.
void checkAssociation(const std::string &command, TrajectoryOptions &o, const slam::TrajectoryErrorResult &r);

}  // namespace robometrics::app
