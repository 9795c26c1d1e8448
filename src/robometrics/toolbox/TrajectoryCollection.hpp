#pragma once
// What `robometrics traj` does with its inputs (evo_traj; docs/traj.md): bags named without a
// topic are listed; the other arguments are loaded as named trajectories (a reference first when
// there is one), shifted by --t_offset, optionally merged, related to the reference (associated,
// aligned, synced; aligned ones keep only their matched poses, as in evo), described by their
// statistics (and checked with --full_check), exported and plotted.

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::toolbox {

/// The options of `robometrics traj`, as on its command line.
struct TrajectoryCollectionOptions {
    std::vector<std::string> inputs;
    std::string ref;
    std::string format = "auto";
    double tf_lookup_frequency = 10.0;  ///< Hz, TF chains looked up as evo; 0: every stamp (TrajectoryInput.hpp)
    std::string tf_start = "tf";  ///< the lookups' first time: "tf" (first /tf stamp) or "bag" (first log time)
    bool align = false, correct_scale = false, align_origin = false;
    std::size_t n_to_align = 0;
    double t_max_diff = 0.01, t_offset = 0.0;
    bool sync = false, merge = false;
    bool all_topics = false;  ///< evo's --all_topics: a bag named alone gives all its pose topics, not a listing
    bool save_tum = false, save_kitti = false, save_euroc = false;
    bool plot = false, json = false;
    bool verbose = false;     ///< evo's -v: accepted, the summary always has everything
    bool full_check = false;  ///< evo's --full_check: say whether each trajectory is valid
    std::string plot_mode;    ///< evo's --plot_mode (toolbox/PlotMode.hpp): the plane(s) drawn
    std::string save_plot;    ///< evo's --save_plot PATH (toolbox/PlotFiles.hpp)
    std::string out_dir;  ///< -o DIR: exports (empty: the current folder) and -p's plots (empty: none)
};

/// Runs `traj`: the text summary goes to `print` as it is made (nothing with json set); returns
/// the JSON document (`bags`, `trajectories`, `written`). Errors name the input at fault.
Result<nlohmann::ordered_json> describeTrajectories(const TrajectoryCollectionOptions &o,
                                                    const std::function<void(std::string_view)> &print);

}  // namespace robometrics::toolbox
