#include "robometrics/toolbox/TrajectoryEvaluation.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/slam/TrajectoryChecks.hpp"
#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/TrajectoryArguments.hpp"
#include "robometrics/toolbox/TrajectoryEvaluationReport.hpp"

namespace robometrics::toolbox {

namespace {

/// The run stopped: `code` 1 (while running) or 2 (bad usage), with the messages so far.
TrajectoryEvaluationRun stopped(TrajectoryEvaluationRun &run, int code, std::string why) {
    run.exit_code = code;
    run.error = std::move(why);
    return std::move(run);
}

/// A warning: on stderr unless --no_warnings, in the JSON always.
void warn(TrajectoryEvaluationRun &run, TrajectoryEvaluationContext &c, std::string message) {
    if (!c.options.no_warnings) run.messages.push_back("warning: " + message);
    c.warnings.push_back(std::move(message));
}

/// Whether a file is asked for (-o DIR, --plot, --save_plot, --save_results): each holds poses
/// or per-pose errors.
bool writesFiles(const TrajectoryEvaluationOptions &o) {
    return !o.out_dir.empty() || o.plot || !o.save_plot.empty() || !o.save_results.empty();
}

/// Whether the run reads the rotations of the poses. APE's translation error under no alignment
/// or one of positions (se3, sim3, scale) does not, unless the offset is estimated (from the
/// angular rate too), a plane projection keeps the rotation about its normal, or a file is
/// written; then the files are read for their positions only (half a TUM trajectory's memory).
bool needsRotations(const TrajectoryEvaluationOptions &o) {
    const bool translation = o.relation == "trans" || o.relation == "point_distance";
    const bool of_positions = o.align == "none" || o.align == "se3" || o.align == "sim3" || o.align == "scale";
    return o.metric != "ape" || !translation || !of_positions || o.t_offset == "auto" || !o.plane.empty() ||
           writesFiles(o);
}

/// `per_pose`: the result keeps its per-pose arrays (slam::TrajectoryEvalConfig::per_pose).
slam::TrajectoryEvalConfig evalConfig(const TrajectoryEvaluationContext &c, bool per_pose) {
    const TrajectoryEvaluationOptions &o = c.options;
    slam::TrajectoryEvalConfig config;
    config.per_pose = per_pose;
    config.association.method = *slam::parseAssociationMethod(o.assoc);
    config.association.t_max_diff = o.t_max_diff;
    config.association.t_offset = c.t_offset;
    config.align = *slam::parseAlignMode(o.align);
    config.n_to_align = o.n_to_align;
    if (!o.plane.empty()) config.plane = *slam::parsePlane(o.plane);
    return config;
}

Result<slam::TrajectoryErrorResult> evaluate(const TrajectoryEvaluationContext &c, io::TrajectoryPair input,
                                             bool per_pose) {
    const TrajectoryEvaluationOptions &o = c.options;
    const slam::PoseRelation relation = *slam::parsePoseRelation(o.relation);
    const slam::TrajectoryEvalConfig config = evalConfig(c, per_pose);
    if (o.metric == "ape") return slam::evaluateApe(std::move(input.ref), std::move(input.est), config, relation);
    const slam::RpeConfig rpe{relation,    o.delta,     *slam::parseDeltaUnit(o.delta_unit),
                              o.delta_tol, o.all_pairs, o.pairs_from_reference};
    return slam::evaluateRpe(std::move(input.ref), std::move(input.est), config, rpe);
}

}  // namespace

TrajectoryEvaluationRun runTrajectoryEvaluation(TrajectoryEvaluationOptions options,
                                                std::optional<io::TrajectoryPair> loaded) {
    TrajectoryEvaluationRun run;
    TrajectoryEvaluationContext c{std::move(options), {}, {}, 0.0, std::nullopt, {}};
    TrajectoryEvaluationOptions &o = c.options;
    ResolvedTrajectoryArguments arguments{o.ref, o.est, "auto", "auto"};
    if (!loaded) {
        std::vector<std::string> positionals{o.ref, o.est};
        positionals.insert(positionals.end(), o.more_positionals.begin(), o.more_positionals.end());
        auto resolved = resolveTrajectoryArguments({positionals, o.ref_format, o.est_format});
        if (!resolved) return stopped(run, 2, resolved.message());
        arguments = std::move(*resolved);
        const std::pair<std::string, std::string> trajectories[] = {{arguments.ref, arguments.ref_format},
                                                                    {arguments.est, arguments.est_format}};
        for (const auto &[argument, format] : trajectories) {
            auto bag = bagWithoutTopicMessage(argument, format);
            if (!bag) return stopped(run, 1, bag.message());
            if (!bag->empty()) return stopped(run, 2, *bag);
        }
    }
    c.ref = arguments.ref;
    c.est = arguments.est;
    if (!o.save_plot.empty()) {
        if (Status s = checkSavePlotPath(o.save_plot); !s.ok()) return stopped(run, 2, s.message());
    }
    auto align = resolveAlignMode(o.align, o.evo_align, o.evo_correct_scale, o.evo_align_origin);
    if (!align) return stopped(run, 2, align.message());
    o.align = *align;
    if (o.relation == "trans_part") o.relation = "trans";

    // A caller that gives the trajectories takes the result whole (the Python module); the
    // command keeps per pose only what it prints or writes.
    const bool per_pose = loaded.has_value() || o.errors || writesFiles(o);
    if (!loaded) {
        io::TrajectoryLoadOptions load{o.tf_lookup_frequency, io::tfLookupAnchor(o.tf_start)};
        if (!needsRotations(o)) load.fields = io::PoseFields::PositionsOnly;
        auto pair = io::loadTrajectoryPair(c.ref, arguments.ref_format, c.est, arguments.est_format, load);
        if (!pair) return stopped(run, 1, pair.message());
        loaded = std::move(*pair);
    }
    io::TrajectoryPair *input = &*loaded;
    if (o.t_offset != "auto") {
        if (auto warning = slam::clockMismatchWarning(input->ref, input->est)) warn(run, c, *warning);
        char *end = nullptr;
        c.t_offset = std::strtod(o.t_offset.c_str(), &end);
        if (o.t_offset.empty() || *end != '\0' || !std::isfinite(c.t_offset)) {
            return stopped(run, 2,
                           fmt::format("--t-offset: '{}' is neither a number of seconds nor 'auto'", o.t_offset));
        }
    } else {
        auto estimate = slam::estimateTimeOffset(input->ref, input->est);
        if (!estimate) return stopped(run, 1, estimate.message() + " (give --t-offset SECONDS instead)");
        c.t_offset = estimate->offset;
        c.offset_estimate = *estimate;
        if (!o.silent) {
            run.messages.push_back(fmt::format(
                "estimated time offset {:+.4f} s (confidence {:.2f}: correlation {:.2f}, sharpness {:.2f}, on the {}; "
                "{})",
                estimate->offset, estimate->confidence, estimate->peak, estimate->sharpness,
                estimate->signal == "speed" ? "speed" : "angular rate",
                estimate->refined ? "refined on the position residual" : "correlation only"));
        }
        if (auto warning = slam::lowConfidenceWarning(*estimate)) warn(run, c, *warning);
    }

    auto result = evaluate(c, std::move(*input), per_pose);
    if (!result) return stopped(run, 1, result.message());
    const auto &prepared = result->prepared;
    if (auto w = slam::sparseAssociationWarning(prepared.association, prepared.est.timestamped, o.t_max_diff)) {
        warn(run, c, *w);
    }
    run.summary = evaluationJson(c, *result);
    if (Status written = writeEvaluationOutputs(c, *result, run.summary); !written.ok()) {
        return stopped(run, 1, written.message());
    }
    run.text = evaluationText(c, *result);
    // Made non-const (and handed out as const): the one holder of a run may take its poses
    // (TrajectoryEvaluationRun::takeResult) instead of copying a million of them.
    run.result = std::make_shared<slam::TrajectoryErrorResult>(std::move(*result));
    return run;
}

}  // namespace robometrics::toolbox
