#include "robometrics/toolbox/EvoTrajFigures.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "robometrics/report/SvgStack.hpp"

namespace robometrics::toolbox {

Result<std::vector<NamedPlot>> evoTrajFigures(const std::vector<OverlayPlot> &plots) {
    const std::vector<std::string> coordinates = {"traj_x", "traj_y", "traj_z"};
    const std::vector<std::string> angles = {"traj_roll", "traj_pitch", "traj_yaw"};
    std::vector<std::string> planes, xyz, rpy;
    for (const OverlayPlot &plot : plots) {
        const auto in = [&plot](const std::vector<std::string> &stems) {
            return std::find(stems.begin(), stems.end(), plot.stem) != stems.end();
        };
        (in(coordinates) ? xyz : in(angles) ? rpy : planes).push_back(plot.svg);
    }
    std::vector<NamedPlot> figures;
    const std::pair<const char *, const std::vector<std::string> *> groups[] = {
        {"trajectories", &planes}, {"xyz", &xyz}, {"rpy", &rpy}};
    for (const auto &[name, parts] : groups) {
        if (parts->empty()) continue;
        auto svg = report::stackSvgs(*parts);
        if (!svg) return svg.error();
        figures.push_back({name, std::move(*svg)});
    }
    return figures;
}

}  // namespace robometrics::toolbox
