#pragma once
// The command line of ape and rpe (evo's spellings too, docs/ape.md): binds the options of
// toolbox::TrajectoryEvaluationOptions, runs them and prints what the run reports.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/PlotMode.hpp"
#include "robometrics/toolbox/TrajectoryEvaluation.hpp"

namespace robometrics::app {

inline void addTrajectoryOptions(CLI::App &cmd, toolbox::TrajectoryEvaluationOptions &o,
                                 std::vector<std::string> relations) {
    cmd.add_option("REF", o.ref, "Reference trajectory: a TUM/KITTI/EuRoC file, BAG:TOPIC or BAG:tf:PARENT:CHILD")
        ->required();
    cmd.add_option("EST", o.est, "Estimated trajectory (same forms)")->required();
    // evo's `tum REF EST` / `bag BAG REF_TOPIC EST_TOPIC`: the first positional is then the format.
    cmd.add_option("EVO_POSITIONALS", o.more_positionals)->expected(0, 2)->group("");
    const std::vector<std::string> formats = {"auto", "tum", "kitti", "euroc", "bag"};
    cmd.add_option("--ref-format", o.ref_format, "Reference format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--est-format", o.est_format, "Estimate format (default: detected)")->check(CLI::IsMember(formats));
    cmd.add_option("--tf_lookup_frequency,--tf-lookup-frequency,--tf_cache_lookup_frequency", o.tf_lookup_frequency,
                   "TF chains: look the chain up at this rate from --tf_start on, as evo (its "
                   "tf_cache_lookup_frequency); 0: at every stamp of a moving link")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--tf_start,--tf-start", o.tf_start,
                   "TF chains: where the lookups start: tf = the first /tf transform's stamp (evo >= 1.36.4), "
                   "bag = the bag's first log time (evo before 1.36.4)")
        ->check(CLI::IsMember({"tf", "bag"}))
        ->capture_default_str();
    cmd.add_option("--assoc", o.assoc, "Timestamp association: nearest (evo) or one-to-one (TUM tools)")
        ->check(CLI::IsMember({"nearest", "one-to-one"}))
        ->capture_default_str();
    cmd.add_option("--t-max-diff,--t_max_diff", o.t_max_diff, "Largest stamp difference of a pair [s]")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--t-offset,--t_offset", o.t_offset,
                   "Added to the estimate's stamps [s], or 'auto' to estimate it from the motion")
        ->capture_default_str();
    CLI::Option *align = cmd.add_option("--align", o.align, "Alignment: none, origin, se3, sim3, scale, posyaw")
                             ->check(CLI::IsMember({"none", "origin", "se3", "sim3", "scale", "posyaw"}))
                             ->capture_default_str();
    // evo's flag: `-a` and `--align` without a mode arrive here (toolbox::rewriteEvoArguments).
    cmd.add_flag("-a,--evo-align", o.evo_align,
                 "evo's -a/--align flag: SE(3) alignment, Sim(3) with -s (the same as --align se3)");
    // `-a --align none` must not silently run SE(3): an explicit mode that evo's flags contradict.
    cmd.parse_complete_callback([&o, align] {
        if (align->count() == 0 || o.align != "none") return;
        if (o.evo_align || o.evo_correct_scale || o.evo_align_origin)
            throw CLI::ValidationError(
                "--align none contradicts evo's alignment flags (-a/--align, -s, --align_origin): give one of them");
    });
    cmd.add_flag("-s,--correct_scale", o.evo_correct_scale, "evo: scale correction (with -a: --align sim3)");
    cmd.add_flag("--align_origin", o.evo_align_origin, "evo: --align origin");
    cmd.add_option("--n-to-align,--n_to_align", o.n_to_align,
                   "Align on the first N associated poses only (default: all)")
        ->check(CLI::PositiveNumber);
    cmd.add_option("--project-to-plane,--project_to_plane", o.plane,
                   "Project both trajectories to a plane after alignment")
        ->check(CLI::IsMember({"xy", "xz", "yz"}));
    relations.push_back("trans_part");  // evo's name of trans
    cmd.add_option("-r,--relation,--pose_relation", o.relation, "Pose relation of the error")
        ->check(CLI::IsMember(relations))
        ->capture_default_str();
    cmd.add_flag("--json", o.json, "Print JSON on stdout");
    cmd.add_flag("--errors", o.errors, "Include the per-pose errors and timestamps in the JSON");
    cmd.add_option("-o,--output", o.out_dir,
                   "Write the aligned estimate (TUM), the errors (CSV) and a plot (SVG) here");
    cmd.add_flag("-p,--plot", o.plot,
                 "Plot: evo's window is not shown here; the plots go to -o DIR or --save_plot PATH");
    cmd.add_option("--save_plot", o.save_plot,
                   "Write the plots as PATH_map.EXT and PATH_raw.EXT (EXT svg or png), or both pages in PATH.pdf");
    cmd.add_option("--plot_mode", o.plot_mode,
                   "Axes of the trajectory plot: xy, xz, yx, yz, zx, zy, or xyz (a 3-D view)")
        ->check(CLI::IsMember(toolbox::plotModes()));
    cmd.add_option("--save_results", o.save_results, "Write a results file (JSON, docs/ape.md) for 'robometrics res'");
    cmd.add_flag("-v,--verbose", o.verbose, "Accepted for evo (the summary always has the association count)");
    cmd.add_flag("--silent", o.silent, "No summary on stdout");
    cmd.add_flag("--no_warnings", o.no_warnings, "No warnings on stderr");
    cmd.add_flag("--debug", o.verbose, "Accepted for evo, as --verbose");
}

inline int runTrajectoryCommand(const toolbox::TrajectoryEvaluationOptions &o) {
    const toolbox::TrajectoryEvaluationRun run = toolbox::runTrajectoryEvaluation(o);
    for (const std::string &line : run.messages) fmt::print(stderr, "robometrics {}: {}\n", o.metric, line);
    if (auto note = toolbox::plotWithoutWindowNote(o.plot, o.out_dir, o.save_plot); note && run.exit_code == 0)
        fmt::print(stderr, "robometrics {}: {}\n", o.metric, *note);
    if (run.exit_code != 0) fmt::print(stderr, "robometrics {}: error: {}\n", o.metric, run.error);
    if (run.exit_code != 0) return run.exit_code;
    if (o.json) {
        fmt::print("{}\n", run.summary.dump(2));
    } else if (!o.silent) {
        fmt::print("{}", run.text);
    }
    return 0;
}

}  // namespace robometrics::app
