// robometrics ape REF EST [--align ...] [--relation ...] [--json] [--errors] [-o DIR], or evo_ape's command line
// Absolute pose error as evo_ape computes it: associate, align, (project), error per pose, statistics.

#include "Command.hpp"
#include "TrajectoryCommandSupport.hpp"
#include "robometrics/toolbox/TrajectoryArguments.hpp"

namespace robometrics::app {
namespace {

RunFn setupApe(CLI::App &cmd) {
    auto o = std::make_shared<toolbox::TrajectoryEvaluationOptions>();
    addTrajectoryOptions(cmd, *o, {"trans", "angle_deg", "angle_rad", "full", "rot_part", "point_distance"});
    return [o]() { return runTrajectoryCommand(*o); };
}

const RegisterCommand kApeRegistration("ape", "Absolute pose error of a trajectory against a reference (evo_ape)",
                                       setupApe, 40, toolbox::rewriteEvoArguments);

}  // namespace
}  // namespace robometrics::app
