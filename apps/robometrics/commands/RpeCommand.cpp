// robometrics rpe REF EST [--delta D --delta-unit f|m|d|r] [--all-pairs] [--pairs-from-reference] [...]
// Relative pose error as evo_rpe computes it, on pairs of the associated (and aligned) poses.

#include "Command.hpp"
#include "TrajectoryCommandSupport.hpp"
#include "robometrics/toolbox/TrajectoryArguments.hpp"

namespace robometrics::app {
namespace {

RunFn setupRpe(CLI::App &cmd) {
    auto o = std::make_shared<toolbox::TrajectoryEvaluationOptions>();
    o->metric = "rpe";
    addTrajectoryOptions(
        cmd, *o,
        {"trans", "angle_deg", "angle_rad", "full", "rot_part", "point_distance", "point_distance_error_ratio"});
    cmd.add_option("-d,--delta", o->delta, "Distance between the poses of a pair")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd.add_option("-u,--delta-unit,--delta_unit", o->delta_unit,
                   "Unit of --delta: f (frames), m (metres), d (degrees), r (radians)")
        ->check(CLI::IsMember({"f", "m", "d", "r"}))
        ->capture_default_str();
    cmd.add_option("--delta-tol,--delta_tol", o->delta_tol, "Relative tolerance of metre/angle pairs")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_flag("--all-pairs,--all_pairs", o->all_pairs, "Use every pair at the delta, not only consecutive ones");
    cmd.add_flag("--pairs-from-reference,--pairs_from_reference", o->pairs_from_reference,
                 "Choose the pairs on the reference (default: estimate)");
    return [o]() { return runTrajectoryCommand(*o); };
}

const RegisterCommand kRpeRegistration("rpe", "Relative pose error of a trajectory against a reference (evo_rpe)",
                                       setupRpe, 41, toolbox::rewriteEvoArguments);

}  // namespace
}  // namespace robometrics::app
