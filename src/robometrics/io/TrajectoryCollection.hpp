#pragma once
// What `robometrics traj` does with its inputs (evo_traj; docs/traj.md): bags named without a
// topic are listed; the other arguments are loaded as named trajectories (a reference first when
// there is one), shifted by --t_offset, optionally merged, related to the reference (associated,
// aligned, synced), described by their statistics, exported and plotted.

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::io {

/// The options of `robometrics traj`, as on its command line.
struct TrajectoryCollectionOptions {
    std::vector<std::string> inputs;
    std::string ref;
    std::string format = "auto";
    bool align = false, correct_scale = false, align_origin = false;
    std::size_t n_to_align = 0;
    double t_max_diff = 0.01, t_offset = 0.0;
    bool sync = false, merge = false;
    bool save_tum = false, save_kitti = false, save_euroc = false;
    bool plot = false, json = false;
    std::string out_dir = ".";
};

/// Runs `traj`: the text summary goes to `print` as it is made (nothing with json set); returns
/// the JSON document (`bags`, `trajectories`, `written`). Errors name the input at fault.
Result<nlohmann::ordered_json> describeTrajectories(const TrajectoryCollectionOptions &o,
                                                    const std::function<void(std::string_view)> &print);

}  // namespace robometrics::io
