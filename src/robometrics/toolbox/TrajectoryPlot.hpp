#pragma once
// The plots of `ape`/`rpe -o`, drawn with report::SvgPlot (numbered ticks on both axes):
// - the reference and the estimate seen from above (the axes evo's --plot_mode names, else the two
//   axes along which the reference spreads most; one metre as long on both), the estimate coloured by its error (blue =
//   min, red = max) with a colour bar; or in 3-D for --plot_mode xyz;
// - the error over time, on seconds since the first error's stamp (the pose index for
//   trajectories without stamps, such as KITTI files).
// Points closer than half a pixel are merged when drawn, so a million poses stay a small file.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::toolbox {

/// `errors[i]` colours estimate pose i; NaN leaves it uncoloured (grey). `error_label` names the
/// colour bar ("APE [m]"). `axes`: the horizontal and vertical axis (0 = x, 1 = y, 2 = z); by
/// default the two the reference spreads most along.
std::string trajectorySvg(const slam::Trajectory &ref, const slam::Trajectory &est, const std::vector<double> &errors,
                          const std::string &title, const std::string &error_label = "error",
                          std::optional<std::array<int, 2>> axes = std::nullopt);

/// The same in 3-D (evo's --plot_mode xyz; report/SvgPlot3d.hpp): the reference dashed grey, the
/// estimate coloured by its error.
std::string trajectorySvg3d(const slam::Trajectory &ref, const slam::Trajectory &est, const std::vector<double> &errors,
                            const std::string &title, const std::string &error_label = "error");

/// `errors[k]` at `stamps[k]` (seconds; pose indices when `timestamped` is false).
std::string errorOverTimeSvg(const std::vector<double> &stamps, const std::vector<double> &errors, bool timestamped,
                             const std::string &title, const std::string &error_label);

/// `index,timestamp,error` rows (full precision).
Status writeErrorCsv(const std::string &path, const std::vector<std::size_t> &indices,
                     const std::vector<double> &stamps, const std::vector<double> &errors);

}  // namespace robometrics::toolbox
