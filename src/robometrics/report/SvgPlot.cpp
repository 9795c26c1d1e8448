#include "robometrics/report/SvgPlot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::report {

namespace {

const char *kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

struct Range {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    void add(double v) {
        if (!std::isfinite(v)) return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool valid() const { return lo <= hi; }
    void pad() {
        if (!valid()) {
            lo = 0;
            hi = 1;
        } else if (hi - lo < 1e-12) {
            double d = std::max(std::abs(lo) * 0.05, 0.5);
            lo -= d;
            hi += d;
        }
    }
};

std::string formatTick(double v, double step) {
    if (std::abs(v) < step * 1e-9) v = 0;
    int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    return fmt::format("{:.{}f}", v, std::clamp(decimals, 0, 6));
}

}  // namespace

std::string escapeXml(const std::string &text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string heatColor(double t) {
    if (!std::isfinite(t)) t = 0;
    t = std::clamp(t, 0.0, 1.0);
    // Piecewise-linear through blue, cyan-green, yellow, red: readable and colour-blind tolerable.
    const double stops[4][3] = {{49, 54, 149}, {69, 174, 120}, {250, 210, 60}, {215, 40, 40}};
    double pos = t * 3.0;
    int i = std::min(static_cast<int>(pos), 2);
    double f = pos - i;
    auto mix = [&](int k) { return static_cast<int>(std::lround(stops[i][k] + f * (stops[i + 1][k] - stops[i][k]))); };
    return fmt::format("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2));
}

std::vector<double> niceTicks(double lo, double hi, int target_count) {
    std::vector<double> ticks;
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return ticks;
    double raw = (hi - lo) / std::max(target_count, 2);
    double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    // Of the 1-2-5 steps around the raw step, take the one whose tick count is nearest the target.
    double step = magnitude;
    double best = std::numeric_limits<double>::infinity();
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        double candidate = m * magnitude;
        double count = std::floor(hi / candidate + 1e-9) - std::ceil(lo / candidate - 1e-9) + 1;
        double miss = std::abs(count - target_count);
        if (miss < best) {
            best = miss;
            step = candidate;
        }
    }
    for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push_back(v);
    return ticks;
}

SvgPlot::SvgPlot(std::string title, std::string x_label, std::string y_label, int width, int height)
    : title_(std::move(title)), x_label_(std::move(x_label)), y_label_(std::move(y_label)), width_(width), height_(height) {}

void SvgPlot::add(LineSeries series) {
    if (series.color.empty()) series.color = kPalette[lines_.size() % std::size(kPalette)];
    lines_.push_back(std::move(series));
}

void SvgPlot::add(ColoredPath path) { paths_.push_back(std::move(path)); }

void SvgPlot::setYRange(double lo, double hi) {
    fixed_y_ = true;
    y_lo_ = lo;
    y_hi_ = hi;
}

std::string SvgPlot::render() const {
    // Title on the first row, legend on the second, then the plot area.
    const double left = 64, right = paths_.empty() ? 16 : 70, top = 46, bottom = 46;
    double pw = width_ - left - right, ph = height_ - top - bottom;

    Range xr, yr;
    for (const auto &l : lines_) {
        for (double v : l.x) xr.add(v);
        for (double v : l.y) yr.add(v);
    }
    for (const auto &p : paths_) {
        for (double v : p.x) xr.add(v);
        for (double v : p.y) yr.add(v);
    }
    for (const auto &b : bands_) {
        xr.add(b.x0);
        xr.add(b.x1);
    }
    for (const auto &m : markers_) xr.add(m.x);
    if (!underlay_.png_base64.empty()) {
        xr.add(underlay_.x0);
        xr.add(underlay_.x1);
        yr.add(underlay_.y0);
        yr.add(underlay_.y1);
    }
    xr.pad();
    yr.pad();
    // A margin above and below the data so lines at the extremes do not hide under the frame.
    double margin = 0.04 * (yr.hi - yr.lo);
    yr.lo -= margin;
    yr.hi += margin;
    if (fixed_y_) {
        yr.lo = y_lo_;
        yr.hi = y_hi_;
    }
    if (equal_aspect_) {
        // Grow the smaller extent so one metre is the same length on both axes.
        double sx = (xr.hi - xr.lo) / pw, sy = (yr.hi - yr.lo) / ph;
        double s = std::max(sx, sy) * 1.04;
        double cx = (xr.lo + xr.hi) / 2, cy = (yr.lo + yr.hi) / 2;
        xr.lo = cx - s * pw / 2;
        xr.hi = cx + s * pw / 2;
        yr.lo = cy - s * ph / 2;
        yr.hi = cy + s * ph / 2;
    }
    auto X = [&](double v) { return left + (v - xr.lo) / (xr.hi - xr.lo) * pw; };
    auto Y = [&](double v) { return top + ph - (v - yr.lo) / (yr.hi - yr.lo) * ph; };

    std::string s = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" "
        "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        "<text x=\"{}\" y=\"20\" font-size=\"13\" font-weight=\"bold\" fill=\"#222\">{}</text>\n",
        width_, height_, width_, height_, left, escapeXml(title_));
    s += fmt::format("<defs><clipPath id=\"plot{0}\"><rect x=\"{1}\" y=\"{2}\" width=\"{3}\" height=\"{4}\"/></clipPath></defs>\n",
                     reinterpret_cast<std::uintptr_t>(this) % 100000, left, top, pw, ph);
    std::string clip = fmt::format("clip-path=\"url(#plot{})\"", reinterpret_cast<std::uintptr_t>(this) % 100000);

    // Grid and ticks.
    std::vector<double> xt = niceTicks(xr.lo, xr.hi), yt = niceTicks(yr.lo, yr.hi, 5);
    double xstep = xt.size() > 1 ? xt[1] - xt[0] : 1, ystep = yt.size() > 1 ? yt[1] - yt[0] : 1;
    for (double v : xt) {
        s += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#e5e5e5\"/>"
                         "<text x=\"{0:.1f}\" y=\"{3:.1f}\" text-anchor=\"middle\" fill=\"#444\">{4}</text>\n",
                         X(v), top, top + ph, top + ph + 14, formatTick(v, xstep));
    }
    for (double v : yt) {
        s += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#e5e5e5\"/>"
                         "<text x=\"{3:.1f}\" y=\"{4:.1f}\" text-anchor=\"end\" fill=\"#444\">{5}</text>\n",
                         left, Y(v), left + pw, left - 6, Y(v) + 4, formatTick(v, ystep));
    }
    if (!underlay_.png_base64.empty()) {
        s += fmt::format("<image {} x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                         "preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" "
                         "href=\"data:image/png;base64,{}\"/>\n",
                         clip, X(underlay_.x0), Y(underlay_.y1), X(underlay_.x1) - X(underlay_.x0),
                         Y(underlay_.y0) - Y(underlay_.y1), underlay_.png_base64);
    }
    for (const Band &b : bands_) {
        s += fmt::format("<rect {} x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
                         "fill-opacity=\"0.25\"><title>{}</title></rect>\n",
                         clip, X(b.x0), top, std::max(1.0, X(b.x1) - X(b.x0)), ph, b.color, escapeXml(b.label));
    }
    for (const auto &l : lines_) {
        std::string d;
        bool pen_up = true;
        double prev_y = 0;
        for (size_t i = 0; i < std::min(l.x.size(), l.y.size()); ++i) {
            if (!std::isfinite(l.x[i]) || !std::isfinite(l.y[i])) {
                pen_up = true;
                continue;
            }
            if (l.step && !pen_up) d += fmt::format("L{:.1f},{:.1f}", X(l.x[i]), Y(prev_y));
            d += fmt::format("{}{:.1f},{:.1f}", pen_up ? "M" : "L", X(l.x[i]), Y(l.y[i]));
            pen_up = false;
            prev_y = l.y[i];
        }
        s += fmt::format("<path {} d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.6\"{}/>\n", clip, d, l.color,
                         l.dashed ? " stroke-dasharray=\"5,3\"" : "");
    }
    for (const auto &p : paths_) {
        Range vr;
        for (double v : p.value) vr.add(v);
        vr.pad();
        for (size_t i = 1; i < std::min({p.x.size(), p.y.size(), p.value.size()}); ++i) {
            double t = (p.value[i] - vr.lo) / (vr.hi - vr.lo);
            s += fmt::format("<line {} x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                             "stroke-width=\"2.2\" stroke-linecap=\"round\"/>\n",
                             clip, X(p.x[i - 1]), Y(p.y[i - 1]), X(p.x[i]), Y(p.y[i]), heatColor(t));
        }
        // Colour bar on the right.
        double bx = left + pw + 18, bh = ph;
        for (int k = 0; k < 40; ++k) {
            s += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"12\" height=\"{:.2f}\" fill=\"{}\"/>", bx,
                             top + bh - (k + 1) * bh / 40, bh / 40 + 0.5, heatColor((k + 0.5) / 40));
        }
        s += fmt::format("\n<text x=\"{0:.1f}\" y=\"{1:.1f}\" fill=\"#444\">{2:.3g}</text>"
                         "<text x=\"{0:.1f}\" y=\"{3:.1f}\" fill=\"#444\">{4:.3g}</text>"
                         "<text x=\"{0:.1f}\" y=\"{5:.1f}\" fill=\"#444\" text-anchor=\"middle\">{6}</text>\n",
                         bx + 14, top + 9, vr.hi, top + ph, vr.lo, top - 14, escapeXml(p.label));
    }
    for (const Marker &m : markers_) {
        s += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" "
                         "stroke-dasharray=\"3,3\"/><text x=\"{4:.1f}\" y=\"{5:.1f}\" fill=\"{3}\" "
                         "font-size=\"10\">{6}</text>\n",
                         X(m.x), top, top + ph, m.color, X(m.x) + 3, top + 10, escapeXml(m.label));
    }
    // Frame, axis labels, legend.
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\"/>\n", left,
                     top, pw, ph);
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#222\">{}</text>\n", left + pw / 2,
                     height_ - 10.0, escapeXml(x_label_));
    s += fmt::format("<text transform=\"translate(14,{:.1f}) rotate(-90)\" text-anchor=\"middle\" fill=\"#222\">{}</text>\n",
                     top + ph / 2, escapeXml(y_label_));
    double lx = left, ly = 36;
    for (auto it = lines_.begin(); it != lines_.end(); ++it) {
        if (it->label.empty()) continue;
        double w = 26 + 6.2 * static_cast<double>(it->label.size());
        if (lx + w > width_ - 4.0) break;  // no room: the rest stays unlabelled rather than overlapping
        s += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"{3}\" stroke-width=\"2\"{4}/>"
                         "<text x=\"{5:.1f}\" y=\"{6:.1f}\" fill=\"#222\">{7}</text>\n",
                         lx, ly - 4, lx + 16, it->color, it->dashed ? " stroke-dasharray=\"5,3\"" : "", lx + 20, ly,
                         escapeXml(it->label));
        lx += w;
    }
    s += "</svg>\n";
    return s;
}

}  // namespace robometrics::report
