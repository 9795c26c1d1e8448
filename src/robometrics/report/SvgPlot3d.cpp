#include "robometrics/report/SvgPlot3d.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>

#include "robometrics/report/PolylineThinning.hpp"
#include "robometrics/report/SvgPlot.hpp"

namespace robometrics::report {
namespace {

// matplotlib's default 3-D view: azimuth -60 degrees, elevation 30 degrees.
const double kSinAz = std::sin(60.0 * M_PI / 180.0), kCosAz = std::cos(60.0 * M_PI / 180.0);
const double kSinEl = std::sin(30.0 * M_PI / 180.0), kCosEl = std::cos(30.0 * M_PI / 180.0);

bool finite3(double x, double y, double z) { return std::isfinite(x) && std::isfinite(y) && std::isfinite(z); }

/// The cube the data are drawn in and where it lands on the page.
struct View {
    std::array<double, 3> centre{};
    double half = 1;        ///< half the cube's side, data units
    double scale = 1;       ///< pixels per data unit
    double cx = 0, cy = 0;  ///< the cube's centre on the page
    double X(double x, double y, double z) const {
        double right = 0, up = 0;
        SvgPlot3d::project(x - centre[0], y - centre[1], z - centre[2], right, up);
        return cx + scale * right;
    }
    double Y(double x, double y, double z) const {
        double right = 0, up = 0;
        SvgPlot3d::project(x - centre[0], y - centre[1], z - centre[2], right, up);
        return cy - scale * up;
    }
    double lo(int axis) const { return centre[axis] - half; }
    double hi(int axis) const { return centre[axis] + half; }
};

std::string segment(const View &v, const std::array<double, 3> &a, const std::array<double, 3> &b, const char *stroke) {
    return fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\"/>\n",
                       v.X(a[0], a[1], a[2]), v.Y(a[0], a[1], a[2]), v.X(b[0], b[1], b[2]), v.Y(b[0], b[1], b[2]),
                       stroke);
}

/// The three far panes (x = lo, y = hi, z = lo: their outward normals face away from the
/// viewer), with grid lines at the ticks, and the tick labels along the near edges.
std::string cubeAndTicks(const View &v, const std::string &unit) {
    std::string s;
    const double x0 = v.lo(0), x1 = v.hi(0), y0 = v.lo(1), y1 = v.hi(1), z0 = v.lo(2), z1 = v.hi(2);
    // Pane fills: the floor and the two far walls.
    auto pane = [&](std::array<std::array<double, 3>, 4> c) {
        s += "<polygon fill=\"#f4f4f4\" stroke=\"#bbb\" points=\"";
        for (const auto &p : c) s += fmt::format("{:.1f},{:.1f} ", v.X(p[0], p[1], p[2]), v.Y(p[0], p[1], p[2]));
        s += "\"/>\n";
    };
    pane({{{x0, y0, z0}, {x1, y0, z0}, {x1, y1, z0}, {x0, y1, z0}}});
    pane({{{x0, y0, z0}, {x0, y1, z0}, {x0, y1, z1}, {x0, y0, z1}}});
    pane({{{x0, y1, z0}, {x1, y1, z0}, {x1, y1, z1}, {x0, y1, z1}}});
    const char *grid = "#dedede";
    for (int axis = 0; axis < 3; ++axis) {
        const std::vector<double> ticks = niceTicks(v.lo(axis), v.hi(axis), 5);
        const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
        for (double t : ticks) {
            if (t < v.lo(axis) || t > v.hi(axis)) continue;
            std::array<double, 3> a{}, b{}, c{};
            std::string label = tickText(t, step);
            double lx = 0, ly = 0;
            const char *anchor = "middle";
            if (axis == 0) {  // on the floor towards y = hi, up the far wall y = hi; label at y = lo
                a = {t, y0, z0}, b = {t, y1, z0}, c = {t, y1, z1};
                lx = v.X(t, y0, z0) + 6, ly = v.Y(t, y0, z0) + 14;
            } else if (axis == 1) {  // on the floor towards x = lo, up the far wall x = lo; label at x = hi
                a = {x1, t, z0}, b = {x0, t, z0}, c = {x0, t, z1};
                lx = v.X(x1, t, z0) + 8, ly = v.Y(x1, t, z0) + 12;
                anchor = "start";
            } else {  // across both far walls; label left of the edge x = lo, y = lo
                a = {x0, y0, t}, b = {x0, y1, t}, c = {x1, y1, t};
                lx = v.X(x0, y0, t) - 6, ly = v.Y(x0, y0, t) + 4;
                anchor = "end";
            }
            s += segment(v, a, b, grid);
            s += segment(v, b, c, grid);
            s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\" fill=\"#444\">{}</text>\n", lx, ly,
                             anchor, label);
        }
    }
    // Axis names beside the middle of the labelled edges.
    const double xm = (x0 + x1) / 2, ym = (y0 + y1) / 2, zm = (z0 + z1) / 2;
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#222\">x [{}]</text>\n",
                     v.X(xm, y0, z0) - 10, v.Y(xm, y0, z0) + 34, escapeXml(unit));
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"start\" fill=\"#222\">y [{}]</text>\n",
                     v.X(x1, ym, z0) + 44, v.Y(x1, ym, z0) + 22, escapeXml(unit));
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#222\">z [{}]</text>\n",
                     v.X(x0, y0, zm) - 44, v.Y(x0, y0, zm) + 4, escapeXml(unit));
    return s;
}

/// The `d` of a line: one move-to per finite stretch, thinned to the pixels as SvgPlot's lines.
std::string pathData(const Line3 &l, const View &v) {
    std::string d;
    std::vector<PixelPoint> stretch;
    auto flush = [&] {
        const std::vector<PixelPoint> kept = thinToPixelColumns(stretch);
        for (std::size_t k = 0; k < kept.size(); ++k)
            d += fmt::format("{}{:.1f},{:.1f}", k == 0 ? "M" : "L", kept[k].x, kept[k].y);
        stretch.clear();
    };
    const std::size_t n = std::min({l.x.size(), l.y.size(), l.z.size()});
    for (std::size_t i = 0; i < n; ++i) {
        if (!finite3(l.x[i], l.y[i], l.z[i])) {
            flush();
            continue;
        }
        stretch.push_back({v.X(l.x[i], l.y[i], l.z[i]), v.Y(l.x[i], l.y[i], l.z[i])});
    }
    flush();
    return d;
}

}  // namespace

void SvgPlot3d::project(double dx, double dy, double dz, double &right, double &up) {
    right = dx * kSinAz + dy * kCosAz;
    up = -dx * kCosAz * kSinEl + dy * kSinAz * kSinEl + dz * kCosEl;
}

SvgPlot3d::SvgPlot3d(std::string title, std::string unit, int width, int height)
    : title_(std::move(title)), unit_(std::move(unit)), width_(width), height_(height) {}

namespace {

/// Calls `f(x, y, z)` with every point finite in all three of every line and path.
template <class F>
void eachFinitePoint(const std::vector<Line3> &lines, const std::vector<ColoredPath3> &paths, F &&f) {
    auto visit = [&](const std::vector<double> &x, const std::vector<double> &y, const std::vector<double> &z) {
        const std::size_t n = std::min({x.size(), y.size(), z.size()});
        for (std::size_t i = 0; i < n; ++i) {
            if (finite3(x[i], y[i], z[i])) f(x[i], y[i], z[i]);
        }
    };
    for (const Line3 &l : lines) visit(l.x, l.y, l.z);
    for (const ColoredPath3 &p : paths) visit(p.x, p.y, p.z);
}

}  // namespace

bool SvgPlot3d::hasData() const {
    bool any = false;
    eachFinitePoint(lines_, paths_, [&](double, double, double) { any = true; });
    return any;
}

std::string SvgPlot3d::render() const {
    const double left = 64;
    // The legend's series: the lines' names and styles (their 2-D points only say "no data").
    std::vector<LineSeries> named;
    for (std::size_t k = 0; k < lines_.size(); ++k) {
        const Line3 &l = lines_[k];
        LineSeries s{l.label, {}, {}, l.color.empty() ? paletteColor(k) : l.color, l.dashed, false};
        const std::size_t n = std::min({l.x.size(), l.y.size(), l.z.size()});
        for (std::size_t i = 0; i < n && s.x.empty(); ++i) {
            if (finite3(l.x[i], l.y[i], l.z[i])) s.x.push_back(0), s.y.push_back(0);
        }
        named.push_back(std::move(s));
    }
    double legend_end = 36;
    const std::string legend = legendSvg(named, left, width_, legend_end);
    const double top = legend_end + 14, bottom = 50, right_margin = 90, left_margin = 90;

    std::string s = svgOpening(width_, height_, left, title_, "plot3d");
    if (!hasData()) return s + svgEmptyMessage(width_ / 2.0, height_ / 2.0, empty_message_) + "</svg>\n";
    // The cube: centred on the data's extent, its side the largest extent (equal axes), 4 % more.
    std::array<double, 3> lo{}, hi{};
    lo.fill(std::numeric_limits<double>::infinity());
    hi.fill(-std::numeric_limits<double>::infinity());
    eachFinitePoint(lines_, paths_, [&](double x, double y, double z) {
        const std::array<double, 3> p{x, y, z};
        for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], p[a]), hi[a] = std::max(hi[a], p[a]);
    });
    View v;
    double side = 0;
    for (int a = 0; a < 3; ++a) {
        v.centre[a] = (lo[a] + hi[a]) / 2;
        side = std::max(side, hi[a] - lo[a]);
    }
    v.half = side > 0 ? side * 0.52 : 0.5;
    // The cube's outline on the page, at one data unit to one pixel: its width and height.
    double min_r = 0, max_r = 0, min_u = 0, max_u = 0;
    for (int corner = 0; corner < 8; ++corner) {
        double r = 0, u = 0;
        project(corner & 1 ? v.half : -v.half, corner & 2 ? v.half : -v.half, corner & 4 ? v.half : -v.half, r, u);
        min_r = std::min(min_r, r), max_r = std::max(max_r, r), min_u = std::min(min_u, u), max_u = std::max(max_u, u);
    }
    const double pw = width_ - left_margin - right_margin, ph = height_ - top - bottom;
    v.scale = std::min(pw / (max_r - min_r), ph / (max_u - min_u));
    v.cx = left_margin + pw / 2 - v.scale * (max_r + min_r) / 2;
    v.cy = top + ph / 2 + v.scale * (max_u + min_u) / 2;
    s += cubeAndTicks(v, unit_);
    for (std::size_t k = 0; k < lines_.size(); ++k) {
        s += fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.6\"{}/>\n",
                         pathData(lines_[k], v), named[k].color, lines_[k].dashed ? " stroke-dasharray=\"5,3\"" : "");
    }
    for (const ColoredPath3 &p : paths_) {
        const std::size_t n = std::min({p.x.size(), p.y.size(), p.z.size()});
        std::vector<PixelPoint> points(n);
        for (std::size_t i = 0; i < n; ++i) {
            points[i] = finite3(p.x[i], p.y[i], p.z[i])
                            ? PixelPoint{v.X(p.x[i], p.y[i], p.z[i]), v.Y(p.x[i], p.y[i], p.z[i])}
                            : PixelPoint{NAN, NAN};
        }
        s += colouredPathSvg(points, p.value, p.label, width_ - right_margin + 24, top + 20,
                             height_ - top - bottom - 40);
    }
    s += legend;
    s += "</svg>\n";
    return s;
}

}  // namespace robometrics::report
