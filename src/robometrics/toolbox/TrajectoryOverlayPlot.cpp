#include "robometrics/toolbox/TrajectoryOverlayPlot.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/report/SvgPlot.hpp"
#include "robometrics/report/SvgPlot3d.hpp"
#include "robometrics/report/SvgToPng.hpp"

namespace robometrics::toolbox {

namespace {

using Component = std::function<double(const slam::Trajectory &, std::size_t)>;

/// Static x-y-z Euler angles (R = Rz(yaw) Ry(pitch) Rx(roll)), in degrees, as evo plots them.
double rollDeg(const slam::Trajectory &t, std::size_t i) {
    const Eigen::Matrix3d r = t.rotation(i);
    return std::atan2(r(2, 1), r(2, 2)) * 180.0 / M_PI;
}
double pitchDeg(const slam::Trajectory &t, std::size_t i) {
    return std::asin(std::clamp(-t.rotation(i)(2, 0), -1.0, 1.0)) * 180.0 / M_PI;
}
double yawDeg(const slam::Trajectory &t, std::size_t i) {
    const Eigen::Matrix3d r = t.rotation(i);
    return std::atan2(r(1, 0), r(0, 0)) * 180.0 / M_PI;
}

struct Styler {
    const std::vector<NamedTrajectory> &all;
    std::optional<std::size_t> reference;
    report::LineSeries series(std::size_t k) const {
        report::LineSeries s;
        s.label = all[k].name;
        if (reference && *reference == k) {
            s.color = "#888888";
            s.dashed = true;
        } else {
            // Colours skip the reference so the first other trajectory is always blue.
            std::size_t slot = reference && k > *reference ? k - 1 : k;
            s.color = report::paletteColor(slot);
        }
        return s;
    }
};

OverlayPlot planePlot(const Styler &style, int ax, int ay) {
    const char *names = "xyz";
    const std::string stem = std::string("traj_") + names[ax] + names[ay];
    report::SvgPlot plot(std::string("trajectories, ") + names[ax] + names[ay] + " plane",
                         std::string(1, names[ax]) + " [m]", std::string(1, names[ay]) + " [m]", 800, 640);
    plot.setEqualAspect(true);
    plot.setEmptyMessage("no poses to draw");
    for (std::size_t k = 0; k < style.all.size(); ++k) {
        report::LineSeries s = style.series(k);
        const auto &positions = style.all[k].trajectory.positions;
        s.x.reserve(positions.size());
        s.y.reserve(positions.size());
        for (const auto &p : positions) {
            s.x.push_back(p[ax]);
            s.y.push_back(p[ay]);
        }
        plot.add(std::move(s));
    }
    return {stem, plot.render()};
}

/// evo's --plot_mode xyz: the trajectories in one 3-D view.
OverlayPlot viewPlot3d(const Styler &style) {
    report::SvgPlot3d plot("trajectories, 3-D view", "m", 800, 640);
    plot.setEmptyMessage("no poses to draw");
    for (std::size_t k = 0; k < style.all.size(); ++k) {
        const report::LineSeries s = style.series(k);
        report::Line3 line{s.label, {}, {}, {}, s.color, s.dashed};
        for (const auto &p : style.all[k].trajectory.positions) {
            line.x.push_back(p[0]);
            line.y.push_back(p[1]);
            line.z.push_back(p[2]);
        }
        plot.add(std::move(line));
    }
    return {"traj_3d", plot.render()};
}

OverlayPlot timePlot(const Styler &style, const std::string &name, const std::string &unit, const Component &value,
                     bool timed, double t0) {
    report::SvgPlot plot(name + " over time", timed ? "time since the first pose [s]" : "pose index",
                         name + " [" + unit + "]", 800, 320);
    plot.setEmptyMessage("no poses to draw");
    for (std::size_t k = 0; k < style.all.size(); ++k) {
        report::LineSeries s = style.series(k);
        const slam::Trajectory &t = style.all[k].trajectory;
        s.x.reserve(t.size());
        s.y.reserve(t.size());
        for (std::size_t i = 0; i < t.size(); ++i) {
            s.x.push_back(timed ? t.stamps[i] - t0 : static_cast<double>(i));
            s.y.push_back(value(t, i));
        }
        plot.add(std::move(s));
    }
    return {"traj_" + name, plot.render()};
}

}  // namespace

std::vector<OverlayPlot> trajectoryOverlayPlots(const std::vector<NamedTrajectory> &trajectories,
                                                std::optional<std::size_t> reference,
                                                std::optional<std::array<int, 2>> plane, bool view_3d) {
    const Styler style{trajectories, reference};
    // One time axis for all: seconds since the earliest stamp (pose indices if any has no stamps).
    bool timed = true;
    double t0 = INFINITY;
    for (const auto &n : trajectories) {
        timed = timed && n.trajectory.timestamped;
        if (!n.trajectory.empty())
            t0 = std::min(t0, *std::min_element(n.trajectory.stamps.begin(), n.trajectory.stamps.end()));
    }
    if (!std::isfinite(t0)) t0 = 0;
    std::vector<OverlayPlot> plots;
    if (view_3d) {
        plots.push_back(viewPlot3d(style));
    } else if (plane) {
        plots.push_back(planePlot(style, (*plane)[0], (*plane)[1]));
    } else {
        plots = {planePlot(style, 0, 1), planePlot(style, 0, 2), planePlot(style, 1, 2)};
    }
    const char *axes = "xyz";
    for (int a = 0; a < 3; ++a) {
        plots.push_back(timePlot(
            style, std::string(1, axes[a]), "m",
            [a](const slam::Trajectory &t, std::size_t i) { return t.positions[i][a]; }, timed, t0));
    }
    plots.push_back(timePlot(style, "roll", "deg", rollDeg, timed, t0));
    plots.push_back(timePlot(style, "pitch", "deg", pitchDeg, timed, t0));
    plots.push_back(timePlot(style, "yaw", "deg", yawDeg, timed, t0));
    return plots;
}

Result<std::vector<std::string>> writeOverlayPlots(const std::string &dir, const std::vector<OverlayPlot> &plots,
                                                   bool png) {
    std::vector<std::string> written;
    for (const OverlayPlot &plot : plots) {
        const std::string base = (std::filesystem::path(dir) / plot.stem).string();
        ROBOMETRICS_TRY(writeFileAtomically(base + ".svg", plot.svg));
        written.push_back(base + ".svg");
        if (png) {
            ROBOMETRICS_TRY(report::writeSvgAsPng(base + ".png", plot.svg));
            written.push_back(base + ".png");
        }
    }
    return written;
}

}  // namespace robometrics::toolbox
