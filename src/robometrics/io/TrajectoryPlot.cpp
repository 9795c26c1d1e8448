#include "robometrics/io/TrajectoryPlot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>

namespace robometrics::io {

namespace {

constexpr double kWidth = 800, kHeight = 640, kMargin = 40, kBarWidth = 16;
constexpr std::size_t kMaxPoints = 20000;

std::string escapeXml(const std::string &text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '&':
                out += "&amp;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

/// Blue (0) -> cyan -> yellow -> red (1).
std::string colourAt(double f) {
    f = std::clamp(f, 0.0, 1.0);
    static constexpr std::array<std::array<double, 3>, 4> kStops = {
        {{40, 60, 220}, {40, 200, 220}, {240, 200, 40}, {220, 40, 40}}};
    double x = f * 3.0;
    int k = std::min(2, static_cast<int>(x));
    double u = x - k;
    int rgb[3];
    for (int c = 0; c < 3; ++c)
        rgb[c] = static_cast<int>(std::lround(kStops[k][c] + u * (kStops[k + 1][c] - kStops[k][c])));
    return fmt::format("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
}

}  // namespace

Status writeTrajectorySvg(const std::string &path, const slam::Trajectory &ref, const slam::Trajectory &est,
                          const std::vector<double> &errors, const std::string &title) {
    // The two axes along which the reference (or the estimate, when the reference is empty) spreads most.
    const slam::Trajectory &basis = ref.empty() ? est : ref;
    Eigen::Vector3d lo = Eigen::Vector3d::Constant(INFINITY), hi = Eigen::Vector3d::Constant(-INFINITY);
    for (const auto &p : basis.positions) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    Eigen::Vector3d extent = hi - lo;
    std::array<int, 3> axes = {0, 1, 2};
    std::sort(axes.begin(), axes.end(), [&](int a, int b) { return extent[a] > extent[b]; });
    int ax = std::min(axes[0], axes[1]), ay = std::max(axes[0], axes[1]);
    // Bounds over both trajectories on the chosen axes.
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const auto *t : {&ref, &est}) {
        for (const auto &p : t->positions) {
            x0 = std::min(x0, p[ax]);
            x1 = std::max(x1, p[ax]);
            y0 = std::min(y0, p[ay]);
            y1 = std::max(y1, p[ay]);
        }
    }
    if (!std::isfinite(x0)) x0 = x1 = y0 = y1 = 0.0;
    const double span = std::max({x1 - x0, y1 - y0, 1e-9});
    const double plot_w = kWidth - 3 * kMargin - kBarWidth, plot_h = kHeight - 2 * kMargin;
    const double scale = std::min(plot_w, plot_h) / span;
    auto sx = [&](const Eigen::Vector3d &p) { return kMargin + (p[ax] - x0) * scale; };
    auto sy = [&](const Eigen::Vector3d &p) { return kHeight - kMargin - (p[ay] - y0) * scale; };

    double e_min = INFINITY, e_max = -INFINITY;
    for (double e : errors) {
        if (std::isfinite(e)) {
            e_min = std::min(e_min, e);
            e_max = std::max(e_max, e);
        }
    }
    const bool coloured = std::isfinite(e_min);

    std::ofstream out(path);
    if (!out) return Error{path + ": cannot open for writing"};
    const char *names = "xyz";
    out << fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}">)"
                       "\n",
                       kWidth, kHeight, kWidth, kHeight);
    out << R"(<rect width="100%" height="100%" fill="white"/>)"
           "\n";
    out << fmt::format(R"(<text x="{}" y="20" font-family="sans-serif" font-size="14">{}</text>)"
                       "\n",
                       kMargin, escapeXml(title));
    out << fmt::format(
        R"(<text x="{}" y="{}" font-family="sans-serif" font-size="11">{} [m] horizontal, {} [m] vertical; )"
        R"(scale bar {:.3g} m</text>)"
        "\n",
        kMargin, kHeight - 12, names[ax], names[ay], span / 5);
    out << fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="black" stroke-width="2"/>)"
                       "\n",
                       kWidth - 2 * kMargin - kBarWidth - span / 5 * scale, kHeight - 16,
                       kWidth - 2 * kMargin - kBarWidth, kHeight - 16);

    const std::size_t ref_step = std::max<std::size_t>(1, ref.size() / kMaxPoints);
    out << R"(<polyline fill="none" stroke="#888888" stroke-width="1.5" stroke-dasharray="4 2" points=")";
    for (std::size_t i = 0; i < ref.size(); i += ref_step)
        out << fmt::format("{:.2f},{:.2f} ", sx(ref.positions[i]), sy(ref.positions[i]));
    out << "\"/>\n";

    // The estimate: runs of segments with the same colour become one polyline.
    const std::size_t est_step = std::max<std::size_t>(1, est.size() / kMaxPoints);
    auto colourOf = [&](std::size_t i) {
        if (!coloured || i >= errors.size() || !std::isfinite(errors[i])) return std::string("#444444");
        double f = e_max > e_min ? (errors[i] - e_min) / (e_max - e_min) : 0.0;
        return colourAt(std::round(f * 31.0) / 31.0);
    };
    std::string current;
    for (std::size_t i = 0; i < est.size(); i += est_step) {
        std::string colour = colourOf(i);
        if (colour != current) {
            if (!current.empty()) out << fmt::format("{:.2f},{:.2f}\"/>\n", sx(est.positions[i]), sy(est.positions[i]));
            out << fmt::format(R"(<polyline fill="none" stroke="{}" stroke-width="2" points=")", colour);
            current = colour;
        }
        out << fmt::format("{:.2f},{:.2f} ", sx(est.positions[i]), sy(est.positions[i]));
    }
    if (!current.empty()) out << "\"/>\n";

    if (coloured) {
        const double bx = kWidth - kMargin - kBarWidth, by = kMargin;
        out << "<defs><linearGradient id=\"bar\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">";
        for (int k = 0; k <= 8; ++k)
            out << fmt::format(R"(<stop offset="{}" stop-color="{}"/>)", k / 8.0, colourAt(k / 8.0));
        out << "</linearGradient></defs>\n";
        out << fmt::format(R"svg(<rect x="{}" y="{}" width="{}" height="{}" fill="url(#bar)" stroke="black"/>)svg"
                           "\n",
                           bx, by, kBarWidth, plot_h);
        out << fmt::format(
            R"(<text x="{}" y="{}" font-family="sans-serif" font-size="11" text-anchor="end">{:.4g}</text>)"
            "\n",
            bx - 4, by + 10, e_max);
        out << fmt::format(
            R"(<text x="{}" y="{}" font-family="sans-serif" font-size="11" text-anchor="end">{:.4g}</text>)"
            "\n",
            bx - 4, by + plot_h, e_min);
    }
    out << fmt::format(
        R"(<text x="{}" y="36" font-family="sans-serif" font-size="11" fill="#888888">- - reference</text>)"
        "\n",
        kMargin);
    out << "</svg>\n";
    if (!out) return Error{path + ": write error"};
    return Status::Ok();
}

Status writeErrorCsv(const std::string &path, const std::vector<std::size_t> &indices,
                     const std::vector<double> &stamps, const std::vector<double> &errors) {
    std::ofstream out(path);
    if (!out) return Error{path + ": cannot open for writing"};
    out << "index,timestamp,error\n";
    for (std::size_t i = 0; i < errors.size(); ++i) {
        out << fmt::format("{},{},{}\n", i < indices.size() ? indices[i] : i, i < stamps.size() ? stamps[i] : NAN,
                           errors[i]);
    }
    if (!out) return Error{path + ": write error"};
    return Status::Ok();
}

}  // namespace robometrics::io
