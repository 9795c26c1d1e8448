#pragma once
// evo_traj's figures from traj's plots, for `--save_plot`: evo saves three figures, `trajectories`
// (the plane plot, or its 3-D view), `xyz` (x, y and z over time, three stacked axes) and `rpy`
// (roll, pitch and yaw), so `--save_plot p.png` writes p_trajectories.png, p_xyz.png and
// p_rpy.png. Our plane plots (the three planes, or the one --plot_mode names) are stacked into
// `trajectories` (there is no 3-D view), the coordinate and angle plots into the other two.

#include <vector>

#include "robometrics/toolbox/PlotFiles.hpp"
#include "robometrics/toolbox/TrajectoryOverlayPlot.hpp"

namespace robometrics::toolbox {

/// The three figures, in evo's order, from trajectoryOverlayPlots()'s plots.
Result<std::vector<NamedPlot>> evoTrajFigures(const std::vector<OverlayPlot> &plots);

}  // namespace robometrics::toolbox
