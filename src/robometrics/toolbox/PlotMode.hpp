#pragma once
// evo's `--plot_mode xy|xz|yx|yz|zx|zy|xyz`: the axes of the trajectory plot, the first one
// horizontal. `xyz` is evo's 3-D view (report/SvgPlot3d.hpp): `traj` draws traj_3d in place of
// the planes, ape/rpe their error-coloured trajectory in 3-D.

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace robometrics::toolbox {

/// The words --plot_mode takes.
const std::vector<std::string> &plotModes();

/// The horizontal and vertical axis (0 = x, 1 = y, 2 = z) of a two-axis mode; nullopt for "xyz"
/// and for an empty mode (not given).
std::optional<std::array<int, 2>> plotModeAxes(const std::string &mode);

}  // namespace robometrics::toolbox
