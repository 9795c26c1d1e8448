#pragma once
// An ape or rpe run as the commands do it, from the command line's words to what they print:
// evo's arguments translated (TrajectoryArguments.hpp), both trajectories loaded, the time offset
// resolved (`--t-offset auto` estimates it), the metric evaluated (slam/TrajectoryMetrics.hpp),
// the checks beyond evo (slam/TrajectoryChecks.hpp), and the files asked for written
// (TrajectoryEvaluationReport.hpp). The command only binds the options and prints the run.

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::toolbox {

/// The options of `robometrics ape|rpe`, named and spelled as on the command line (docs/ape.md,
/// docs/rpe.md); the defaults are evo's.
struct TrajectoryEvaluationOptions {
    std::string metric = "ape";  ///< "ape" or "rpe"
    /// REF EST, or evo's `tum|kitti|euroc REF EST` / `bag|bag2 BAG REF_TOPIC EST_TOPIC` (the
    /// first two words in ref and est, the others in more_positionals).
    std::string ref, est;
    std::vector<std::string> more_positionals;
    std::string ref_format = "auto", est_format = "auto";
    double tf_lookup_frequency = 10.0;  ///< Hz, TF chains looked up as evo; 0: every stamp (TrajectoryInput.hpp)
    std::string tf_start = "tf";  ///< the lookups' first time: "tf" (first /tf stamp) or "bag" (first log time)
    std::string assoc = "nearest";
    double t_max_diff = 0.01;
    std::string t_offset = "0";  ///< seconds, or "auto" (estimated, see slam/TimeOffsetEstimator.hpp)
    std::string align = "none";
    bool evo_align = false, evo_correct_scale = false, evo_align_origin = false;  ///< evo's -a, -s, --align_origin
    std::size_t n_to_align = 0;
    std::string plane;  ///< --project-to-plane: xy, xz, yz or empty
    std::string relation = "trans";
    // rpe only
    double delta = 1.0;
    std::string delta_unit = "f";
    double delta_tol = 0.1;
    bool all_pairs = false, pairs_from_reference = false;
    // What to write and print
    bool json = false;
    bool errors = false;       ///< the per-pose errors and stamps in the JSON
    std::string out_dir;       ///< -o DIR
    bool plot = false;         ///< evo's -p/--plot: the plots to -o DIR, else here
    std::string save_plot;     ///< evo's --save_plot PATH: the format its extension names (toolbox/PlotFiles.hpp)
    std::string plot_mode;     ///< evo's --plot_mode: the axes of the trajectory plot (toolbox/PlotMode.hpp)
    std::string save_results;  ///< evo's --save_results FILE (a JSON results file for `robometrics res`)
    bool verbose = false, silent = false, no_warnings = false;
};

/// What a run prints. `messages` are the stderr lines after "robometrics CMD: " in order (notes
/// unless --silent, "warning: ..." unless --no_warnings); on a failure `exit_code` is 1 (while
/// running) or 2 (bad usage) and `error` says why.
struct TrajectoryEvaluationRun {
    int exit_code = 0;
    std::string error;
    std::vector<std::string> messages;
    nlohmann::json summary;  ///< what --json prints
    std::string text;        ///< what is printed without --json (and without --silent)
    /// The evaluation itself (associated and aligned poses, errors, statistics), when it ran.
    std::shared_ptr<const slam::TrajectoryErrorResult> result;

    /// The result to keep, moved out when this run is its only holder (no copy of the poses),
    /// else copied; `result` is empty afterwards. Only for a run that has a result.
    slam::TrajectoryErrorResult takeResult() {
        std::shared_ptr<const slam::TrajectoryErrorResult> held = std::move(result);
        // runTrajectoryEvaluation creates the result non-const, so it may be moved from.
        if (held.use_count() == 1) return std::move(*std::const_pointer_cast<slam::TrajectoryErrorResult>(held));
        return *held;
    }
};

/// With `loaded`, the trajectories are those instead of the files that `options.ref` and
/// `options.est` name (which then only name them in the outputs): the Python module's
/// Trajectory objects, and the result keeps every per-pose array for the caller. Without, the
/// run holds only what it prints or writes: `ape -r trans` that prints its statistics reads the
/// files' positions alone and keeps no per-pose errors (`result` has the statistics then).
TrajectoryEvaluationRun runTrajectoryEvaluation(TrajectoryEvaluationOptions options,
                                                std::optional<io::TrajectoryPair> loaded = std::nullopt);

}  // namespace robometrics::toolbox
