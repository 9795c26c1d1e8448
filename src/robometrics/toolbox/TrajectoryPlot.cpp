#include "robometrics/toolbox/TrajectoryPlot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/report/SvgPlot.hpp"
#include "robometrics/report/SvgPlot3d.hpp"

namespace robometrics::toolbox {

namespace {

/// The two axes (0 = x, 1 = y, 2 = z) along which `t` spreads most, in x-y-z order.
std::array<int, 2> viewAxes(const slam::Trajectory &t) {
    Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY), hi = Eigen::Vector3d::Constant(-INFINITY);
    for (const auto &p : t.positions) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    Eigen::Vector3d extent = hi - lo;
    std::array<int, 3> axes = {0, 1, 2};
    // Stable, so a flat trajectory (or a single pose) is seen from above: x and y.
    std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) { return extent[a] > extent[b]; });
    return {std::min(axes[0], axes[1]), std::max(axes[0], axes[1])};
}

}  // namespace

std::string trajectorySvg(const slam::Trajectory &ref, const slam::Trajectory &est, const std::vector<double> &errors,
                          const std::string &title, const std::string &error_label,
                          std::optional<std::array<int, 2>> axes) {
    const auto [ax, ay] = axes ? *axes : viewAxes(ref.empty() ? est : ref);
    const char *names = "xyz";
    report::SvgPlot plot(title, fmt::format("{} [m]", names[ax]), fmt::format("{} [m]", names[ay]), 800, 640);
    plot.setEqualAspect(true);
    plot.setEmptyMessage("no poses to draw");
    report::LineSeries reference{"reference", {}, {}, "#888888", true, false};
    for (const auto &p : ref.positions) {
        reference.x.push_back(p[ax]);
        reference.y.push_back(p[ay]);
    }
    plot.add(std::move(reference));
    const bool coloured = std::any_of(errors.begin(), errors.end(), [](double e) { return std::isfinite(e); });
    std::vector<double> x, y;
    for (const auto &p : est.positions) {
        x.push_back(p[ax]);
        y.push_back(p[ay]);
    }
    if (coloured) {
        std::vector<double> value(errors);
        value.resize(x.size(), NAN);
        plot.add(report::ColoredPath{error_label, std::move(x), std::move(y), std::move(value)});
    } else {
        plot.add(report::LineSeries{"estimate", std::move(x), std::move(y), "#444444", false, false});
    }
    return plot.render();
}

std::string trajectorySvg3d(const slam::Trajectory &ref, const slam::Trajectory &est, const std::vector<double> &errors,
                            const std::string &title, const std::string &error_label) {
    report::SvgPlot3d plot(title, "m", 800, 640);
    plot.setEmptyMessage("no poses to draw");
    report::Line3 reference{"reference", {}, {}, {}, "#888888", true};
    for (const auto &p : ref.positions) {
        reference.x.push_back(p[0]);
        reference.y.push_back(p[1]);
        reference.z.push_back(p[2]);
    }
    plot.add(std::move(reference));
    std::vector<double> x, y, z;
    for (const auto &p : est.positions) {
        x.push_back(p[0]);
        y.push_back(p[1]);
        z.push_back(p[2]);
    }
    if (std::any_of(errors.begin(), errors.end(), [](double e) { return std::isfinite(e); })) {
        std::vector<double> value(errors);
        value.resize(x.size(), NAN);
        plot.add(report::ColoredPath3{error_label, std::move(x), std::move(y), std::move(z), std::move(value)});
    } else {
        plot.add(report::Line3{"estimate", std::move(x), std::move(y), std::move(z), "#444444", false});
    }
    return plot.render();
}

std::string errorOverTimeSvg(const std::vector<double> &stamps, const std::vector<double> &errors, bool timestamped,
                             const std::string &title, const std::string &error_label) {
    // Seconds since the first stamp: epoch stamps would make every tick a ten-digit number.
    double t0 = 0;
    if (timestamped) {
        t0 = INFINITY;
        for (double t : stamps) {
            if (std::isfinite(t)) t0 = std::min(t0, t);
        }
        if (!std::isfinite(t0)) t0 = 0;
    }
    report::SvgPlot plot(title + ": error over time",
                         timestamped ? "time since the first matched pose [s], estimate stamps" : "pose index",
                         error_label, 800, 360);
    plot.setEmptyMessage("no matched poses");
    report::LineSeries series{"", {}, errors, "#1f77b4", false, false};
    series.y.resize(std::min(errors.size(), stamps.size()));
    for (std::size_t k = 0; k < series.y.size(); ++k) series.x.push_back(stamps[k] - t0);
    plot.add(std::move(series));
    return plot.render();
}

Status writeErrorCsv(const std::string &path, const std::vector<std::size_t> &indices,
                     const std::vector<double> &stamps, const std::vector<double> &errors) {
    fmt::memory_buffer out;
    fmt::format_to(std::back_inserter(out), "index,timestamp,error\n");
    for (std::size_t i = 0; i < errors.size(); ++i) {
        fmt::format_to(std::back_inserter(out), "{},{},{}\n", i < indices.size() ? indices[i] : i,
                       i < stamps.size() ? stamps[i] : NAN, errors[i]);
    }
    return writeFileAtomically(path, {out.data(), out.size()});
}

}  // namespace robometrics::toolbox
