// robometrics traj [tum|kitti|euroc|bag|bag2|mcap] INPUT... [--ref REF] [-a] [-s] [--align_origin] [--n_to_align N]
//                 [--sync] [--t_offset S] [--merge] [--save_as_tum|--save_as_kitti|--save_as_euroc] [--full_check]
//                 [-p] [--plot_mode M] [--save_plot PATH] [-o DIR] [--json] [-v]
// evo_traj: statistics, export, alignment to a reference and plots of several trajectories; a bag
// given alone lists the trajectories it holds (toolbox/TrajectoryCollection.hpp does the work). evo's
// format word before the inputs is read by toolbox/TrajectoryArguments.hpp, as for ape and rpe.

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/PlotMode.hpp"
#include "robometrics/toolbox/TrajectoryArguments.hpp"
#include "robometrics/toolbox/TrajectoryCollection.hpp"

namespace robometrics::app {
namespace {

RunFn setupTraj(CLI::App &cmd) {
    auto o = std::make_shared<toolbox::TrajectoryCollectionOptions>();
    cmd.add_option("INPUT", o->inputs,
                   "Trajectories: TUM/KITTI/EuRoC files, BAG:TOPIC, BAG:tf:PARENT:CHILD; a bag alone lists its "
                   "trajectories. evo's 'tum|kitti|euroc FILE...' and 'bag|bag2|mcap BAG TOPIC...' too")
        ->required();
    auto *ref = cmd.add_option("--ref", o->ref, "Reference trajectory (same forms): the others are compared to it");
    cmd.add_option("--format", o->format, "Format of the inputs (default: detected)")
        ->check(CLI::IsMember({"auto", "tum", "kitti", "euroc", "bag"}));
    cmd.add_option("--tf_lookup_frequency,--tf-lookup-frequency,--tf_cache_lookup_frequency", o->tf_lookup_frequency,
                   "TF chains: look the chain up at this rate from --tf_start on, as evo (its "
                   "tf_cache_lookup_frequency); 0: at every stamp of a moving link")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--tf_start,--tf-start", o->tf_start,
                   "TF chains: where the lookups start: tf = the first /tf transform's stamp (evo >= 1.36.4), "
                   "bag = the bag's first log time (evo before 1.36.4)")
        ->check(CLI::IsMember({"tf", "bag"}))
        ->capture_default_str();
    auto *align = cmd.add_flag("-a,--align", o->align, "Align each trajectory to the reference (SE(3) Umeyama)");
    auto *scale = cmd.add_flag("-s,--correct_scale", o->correct_scale, "Correct the scale (with -a: Sim(3))");
    auto *origin = cmd.add_flag("--align_origin,--align-origin", o->align_origin,
                                "Align the first poses (full SE(3) of the first pose)");
    auto *n_to_align =
        cmd.add_option("--n_to_align,--n-to-align", o->n_to_align, "Align on the first N associated poses only")
            ->check(CLI::PositiveNumber);
    auto *sync = cmd.add_flag("--sync", o->sync, "Keep only the poses associated with the reference");
    for (CLI::Option *needs_ref : {align, scale, origin, n_to_align, sync}) needs_ref->needs(ref);
    origin->excludes(align);
    cmd.add_option("--t_max_diff,--t-max-diff", o->t_max_diff, "Largest stamp difference of an association [s]")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd.add_option("--t_offset,--t-offset", o->t_offset, "Added to the stamps of every input but the reference [s]")
        ->capture_default_str();
    cmd.add_flag("--all_topics,--all-topics", o->all_topics,
                 "A bag named alone: read all its pose topics (evo's --all_topics) instead of listing them");
    cmd.add_flag("--merge", o->merge, "Concatenate the inputs (not the reference) into one trajectory, by stamp");
    cmd.add_flag("--save_as_tum,--save-as-tum", o->save_tum, "Write each trajectory as DIR/NAME.tum");
    cmd.add_flag("--save_as_kitti,--save-as-kitti", o->save_kitti, "Write each trajectory as DIR/NAME.kitti");
    cmd.add_flag("--save_as_euroc,--save-as-euroc", o->save_euroc, "Write each trajectory as DIR/NAME.csv (EuRoC)");
    cmd.add_flag("--full_check,--full-check", o->full_check,
                 "Check every pose is SE(3) and the stamps ascend (evo's validity check)");
    cmd.add_flag("-p,--plot", o->plot, "Plot: evo's window is not shown here; traj_*.svg and .png go to -o DIR");
    cmd.add_option("--plot_mode,--plot-mode", o->plot_mode,
                   "Axes of the trajectory plot: xy, xz, yx, yz, zx, zy, or xyz (a 3-D view)")
        ->check(CLI::IsMember(toolbox::plotModes()));
    cmd.add_option("--save_plot,--save-plot", o->save_plot,
                   "Write the plots as PATH_NAME.EXT (EXT svg or png), or all as pages of PATH.pdf");
    cmd.add_flag("-v,--verbose", o->verbose, "Accepted for evo (the summary always has everything)");
    cmd.add_option("-o,--output", o->out_dir,
                   "Folder of the exported files (default: the current one) and of -p's plots");
    cmd.add_flag("--json", o->json, "Print JSON on stdout");
    return [o]() -> int {
        auto typed = toolbox::resolveTrajectoryListArguments({o->inputs, o->ref, o->format});
        if (!typed) return usage("traj", typed.status());
        o->inputs = typed->inputs;
        o->ref = typed->ref;
        o->format = typed->format;
        if (!o->save_plot.empty()) {
            if (Status s = toolbox::checkSavePlotPath(o->save_plot); !s.ok()) return usage("traj", s);
        }
        auto out = toolbox::describeTrajectories(*o, [](std::string_view text) { fmt::print("{}", text); });
        if (!out) return fail("traj", out.error());
        if (auto note = toolbox::plotWithoutWindowNote(o->plot, o->out_dir, o->save_plot))
            fmt::print(stderr, "robometrics traj: {}\n", *note);
        if (o->json) fmt::print("{}\n", out->dump(2));
        return 0;
    };
}

const RegisterCommand kTrajRegistration("traj", "Statistics, export, alignment and plots of trajectories (evo_traj)",
                                        setupTraj, 42);

}  // namespace
}  // namespace robometrics::app
