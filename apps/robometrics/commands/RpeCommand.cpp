// robometrics rpe REF EST [--delta D --delta-unit f|m|d|r] [--all-pairs] [--pairs-from-reference] [...]
// Relative pose error as evo_rpe computes it, on pairs of the associated (and aligned) poses.

#include "Command.hpp"
#include "TrajectoryArguments.hpp"
#include "TrajectoryChecks.hpp"
#include "TrajectoryCommandSupport.hpp"
#include "TrajectoryResults.hpp"

namespace robometrics::app {
namespace {

struct RpeOptions {
    TrajectoryOptions common;
    double delta = 1.0;
    std::string delta_unit = "f";
    double delta_tol = 0.1;
    bool all_pairs = false;
    bool pairs_from_reference = false;
};

RunFn setupRpe(CLI::App &cmd) {
    auto o = std::make_shared<RpeOptions>();
    addTrajectoryOptions(
        cmd, o->common,
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
    return [o]() -> int {
        TrajectoryOptions &c = o->common;
        if (int code = resolveTrajectoryArguments("rpe", c)) return code;
        auto input = loadBoth(c);
        if (!input) return fail("rpe", input.error());
        if (int code = resolveTimeOffset("rpe", c, *input)) return code;
        slam::RpeConfig rpe;
        rpe.relation = *slam::parsePoseRelation(c.relation);
        rpe.delta = o->delta;
        rpe.delta_unit = *slam::parseDeltaUnit(o->delta_unit);
        rpe.delta_tol = o->delta_tol;
        rpe.all_pairs = o->all_pairs;
        rpe.pairs_from_reference = o->pairs_from_reference;
        auto result = slam::evaluateRpe(input->ref, input->est, evalConfig(c), rpe);
        if (!result) return fail("rpe", result.error());
        checkAssociation("rpe", c, *result);
        const std::string unit = slam::poseRelationUnit(rpe.relation);
        const std::string title = fmt::format("RPE w.r.t. {}{} for delta = {} ({}){} (alignment: {})", c.relation,
                                              unit.empty() ? "" : " (" + unit + ")", o->delta, o->delta_unit,
                                              o->all_pairs ? ", all pairs" : "", c.align);
        nlohmann::json j = evaluationJson(c, *result, *input);
        j["metric"] = "rpe";
        j["delta"] = o->delta;
        j["delta_unit"] = o->delta_unit;
        j["delta_tol"] = o->delta_tol;
        j["all_pairs"] = o->all_pairs;
        j["pairs_from_reference"] = o->pairs_from_reference;
        Status written = writeTrajectoryOutputs("rpe", title, unit, c, *result, j);
        if (!written.ok()) return fail("rpe", written.error());
        if (c.json) {
            fmt::print("{}\n", j.dump(2));
        } else if (!c.silent) {
            printEvaluation(title, c, *result, *input);
        }
        return 0;
    };
}

const RegisterCommand registration("rpe", "Relative pose error of a trajectory against a reference (evo_rpe)", setupRpe,
                                   41, rewriteEvoArguments);

}  // namespace
}  // namespace robometrics::app
