#pragma once
// The plots of `robometrics traj`: several trajectories drawn together (the reference, if any,
// dashed grey; the others in the palette's colours, labelled by name):
//   traj_xy, traj_xz, traj_yz           the positions seen along each axis, one metre as long on both axes
//                                       (or traj_3d, the 3-D view, for evo's --plot_mode xyz)
//   traj_x, traj_y, traj_z              each coordinate over time
//   traj_roll, traj_pitch, traj_yaw     the orientation as static x-y-z Euler angles (degrees) over time
// Time is seconds since the earliest first stamp of all trajectories (one axis for all of them);
// the pose index when a trajectory has no stamps (KITTI). Each plot is an SVG and, on request, a
// PNG of the same SVG rendered with its text (report/SvgToPng.hpp).

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::toolbox {

struct NamedTrajectory {
    std::string name;
    slam::Trajectory trajectory;
};

struct OverlayPlot {
    std::string stem;  ///< file name without extension ("traj_xy")
    std::string svg;
};

/// The nine plots; `reference` is the index of the reference trajectory in `trajectories`. With
/// `plane` (evo's --plot_mode: horizontal and vertical axis) the one plane plot on those axes
/// (`traj_yx`...) replaces the three, so seven plots; with `view_3d` (--plot_mode xyz) one 3-D
/// view, `traj_3d` (report/SvgPlot3d.hpp), does.
std::vector<OverlayPlot> trajectoryOverlayPlots(const std::vector<NamedTrajectory> &trajectories,
                                                std::optional<std::size_t> reference = std::nullopt,
                                                std::optional<std::array<int, 2>> plane = std::nullopt,
                                                bool view_3d = false);

/// Writes `<dir>/<stem>.svg` for each plot, and `<dir>/<stem>.png` too when `png` is set. Returns
/// the paths written.
Result<std::vector<std::string>> writeOverlayPlots(const std::string &dir, const std::vector<OverlayPlot> &plots,
                                                   bool png);

}  // namespace robometrics::toolbox
