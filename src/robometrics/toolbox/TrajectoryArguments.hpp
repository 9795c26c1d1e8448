#pragma once
// evo's command lines for ape and rpe, translated into ours (docs/ape.md has the mapping table).
// Before CLI11 parses: evo's `-a`/`--align` flag beside our `--align MODE` becomes `--evo-align`,
// and combined short flags (`-as`, `-va`, `-vas`) are split. After it: the positionals
// (`tum REF EST`, `bag BAG REF_TOPIC EST_TOPIC`, evo's `/tf:PARENT.CHILD`) become our REF and EST
// with their formats, and evo's alignment flags our --align mode.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::toolbox {

/// The arguments after `ape`/`rpe` with evo's `-a`/`--align` flag as `--evo-align` and combined
/// short flags split. `--align` takes a mode when the next word is one, or is neither an option,
/// a path nor a bag argument.
std::vector<std::string> rewriteEvoArguments(std::vector<std::string> args);

/// The trajectory arguments as typed: REF EST, or evo's `tum|kitti|euroc REF EST` and
/// `bag|bag2|mcap BAG REF_TOPIC EST_TOPIC`.
struct TrajectoryArguments {
    std::vector<std::string> positionals;
    std::string ref_format = "auto", est_format = "auto";
};

struct ResolvedTrajectoryArguments {
    std::string ref, est;
    std::string ref_format, est_format;
};

/// REF and EST with their formats; the error (bad usage) says what was expected.
Result<ResolvedTrajectoryArguments> resolveTrajectoryArguments(const TrajectoryArguments &arguments);

/// The trajectories of `traj` (evo_traj): the inputs, the --ref and the --format.
struct TrajectoryListArguments {
    std::vector<std::string> inputs;
    std::string ref;
    std::string format = "auto";
};

/// evo_traj's `tum|kitti|euroc FILE... [--ref FILE]` (the word sets the format of every file, the
/// reference too) and `bag|bag2|mcap BAG TOPIC... [--ref TOPIC]` (the topics and the reference
/// become BAG:TOPIC, evo's `/tf:PARENT.CHILD` BAG:tf:PARENT:CHILD; a bag with no topic stays a bag: listed, or read
/// whole with --all_topics). Without a format word the arguments are returned as typed. The error (bad usage) says what
/// was expected.
Result<TrajectoryListArguments> resolveTrajectoryListArguments(const TrajectoryListArguments &typed);

/// Our --align mode from it and evo's flags, as evo combines them: -a SE(3), -a -s Sim(3), -s
/// alone scale only, --align_origin origin. The error (bad usage) names the contradiction.
Result<std::string> resolveAlignMode(const std::string &align, bool evo_align, bool evo_correct_scale,
                                     bool evo_align_origin);

/// When `argument` (read as `format`) is a bag named without a topic: the message that says so and
/// lists the trajectories it holds, one per line (an Error when the bag cannot be read); else
/// an empty string.
Result<std::string> bagWithoutTopicMessage(const std::string &argument, const std::string &format);

}  // namespace robometrics::toolbox
