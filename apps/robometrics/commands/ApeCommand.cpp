// robometrics ape REF EST [--align ...] [--relation ...] [--json] [--errors] [-o DIR]
// Absolute pose error as evo_ape computes it: associate, align, (project), error per pose, statistics.

#include "Command.hpp"
#include "TrajectoryCommandSupport.hpp"

namespace robometrics::app {
namespace {

RunFn setupApe(CLI::App &cmd) {
    auto o = std::make_shared<TrajectoryOptions>();
    addTrajectoryOptions(cmd, *o, {"trans", "angle_deg", "angle_rad", "full", "rot_part", "point_distance"});
    return [o]() -> int {
        auto input = loadBoth(*o);
        if (!input) return fail("ape", input.error());
        auto result = slam::evaluateApe(input->ref, input->est, evalConfig(*o), *slam::parsePoseRelation(o->relation));
        if (!result) return fail("ape", result.error());
        const std::string unit = slam::poseRelationUnit(*slam::parsePoseRelation(o->relation));
        const std::string title = fmt::format("APE w.r.t. {}{} (alignment: {})", o->relation,
                                              unit.empty() ? "" : " (" + unit + ")", o->align);
        if (!o->out_dir.empty()) {
            Status written = writeEvaluationFiles(o->out_dir, "ape", title, unit, *result);
            if (!written.ok()) return fail("ape", written.error());
        }
        if (o->json) {
            nlohmann::json j = evaluationJson(*o, *result, *input);
            j["metric"] = "ape";
            fmt::print("{}\n", j.dump(2));
        } else {
            printEvaluation(title, *o, *result, *input);
        }
        return 0;
    };
}

const RegisterCommand registration("ape", "Absolute pose error of a trajectory against a reference (evo_ape)", setupApe,
                                   40);

}  // namespace
}  // namespace robometrics::app
