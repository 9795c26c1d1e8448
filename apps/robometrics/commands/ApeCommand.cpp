// robometrics ape REF EST [--align ...] [--relation ...] [--json] [--errors] [-o DIR], or evo_ape's command line
// Absolute pose error as evo_ape computes it: associate, align, (project), error per pose, statistics.

#include "Command.hpp"
#include "TrajectoryArguments.hpp"
#include "TrajectoryChecks.hpp"
#include "TrajectoryCommandSupport.hpp"
#include "TrajectoryResults.hpp"

namespace robometrics::app {
namespace {

RunFn setupApe(CLI::App &cmd) {
    auto o = std::make_shared<TrajectoryOptions>();
    addTrajectoryOptions(cmd, *o, {"trans", "angle_deg", "angle_rad", "full", "rot_part", "point_distance"});
    return [o]() -> int {
        if (int code = resolveTrajectoryArguments("ape", *o)) return code;
        auto input = loadBoth(*o);
        if (!input) return fail("ape", input.error());
        if (int code = resolveTimeOffset("ape", *o, *input)) return code;
        auto result = slam::evaluateApe(input->ref, input->est, evalConfig(*o), *slam::parsePoseRelation(o->relation));
        if (!result) return fail("ape", result.error());
        checkAssociation("ape", *o, *result);
        const std::string unit = slam::poseRelationUnit(*slam::parsePoseRelation(o->relation));
        const std::string title = fmt::format("APE w.r.t. {}{} (alignment: {})", o->relation,
                                              unit.empty() ? "" : " (" + unit + ")", o->align);
        nlohmann::json j = evaluationJson(*o, *result, *input);
        j["metric"] = "ape";
        Status written = writeTrajectoryOutputs("ape", title, unit, *o, *result, j);
        if (!written.ok()) return fail("ape", written.error());
        if (o->json) {
            fmt::print("{}\n", j.dump(2));
        } else if (!o->silent) {
            printEvaluation(title, *o, *result, *input);
        }
        return 0;
    };
}

const RegisterCommand registration("ape", "Absolute pose error of a trajectory against a reference (evo_ape)", setupApe,
                                   40, rewriteEvoArguments);

}  // namespace
}  // namespace robometrics::app
