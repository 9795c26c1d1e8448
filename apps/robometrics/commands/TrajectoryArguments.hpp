#pragma once
// evo's command lines for ape and rpe: the spellings CLI11 cannot declare are rewritten before it
// parses (evo's `-a`/`--align` flag beside our `--align MODE`, combined short flags such as `-as`),
// and after parsing the positionals (`tum REF EST`, `bag BAG REF_TOPIC EST_TOPIC`) and the evo
// alignment flags are turned into our options. docs/ape.md has the mapping table.

#include <string>
#include <vector>

#include "TrajectoryCommandSupport.hpp"

namespace robometrics::app {

/// The arguments after `ape`/`rpe` with evo's `-a`/`--align` flag as `--evo-align` and combined
/// short flags (`-as`, `-va`, `-vas`, ...) split.
std::vector<std::string> rewriteEvoArguments(std::vector<std::string> args);

/// Fills ref/est, their formats and the alignment mode from the positionals and the evo flags.
/// A bag given without a topic is listed (its trajectory topics and TF chains). Returns 0, or the
/// exit code (2: bad usage) after printing why.
int resolveTrajectoryArguments(const std::string &command, TrajectoryOptions &o);

}  // namespace robometrics::app
