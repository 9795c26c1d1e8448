#include "robometrics/report/SvgPlot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <string_view>
#include <vector>

#include "robometrics/report/FixedDecimal.hpp"
#include "robometrics/report/PolylineThinning.hpp"

namespace robometrics::report {

namespace {

const char *kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

// Stands for the plot's id while the SVG is built. No text can produce it: escapeXml turns every
// '&' of a title or label into "&amp;".
constexpr std::string_view kIdMark = "&id;";
static_assert(kIdMark.size() < 17, "fillId grows the SVG: the mark is shorter than an id (\"p\" and 16 hex digits)");

// Colours of a ColoredPath are quantised so that runs of segments share one polyline (a 20000-pose
// trajectory is a few hundred elements, not 20000); 32 steps are finer than the eye separates.
constexpr int kColourLevels = 32;

// Shorter steps of a ColoredPath are merged: under the 2.2 px stroke they cannot be seen.
constexpr double kMinSegmentPx = 2.0;

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

/// The plot box and the data ranges it shows.
struct Axes {
    double left, top, pw, ph;
    Range xr, yr;
    double X(double v) const { return left + (v - xr.lo) / (xr.hi - xr.lo) * pw; }
    double Y(double v) const { return top + ph - (v - yr.lo) / (yr.hi - yr.lo) * ph; }
};

std::string formatTick(double v, double step) {
    if (std::abs(v) < step * 1e-9) v = 0;
    int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    return fmt::format("{:.{}f}", v, std::clamp(decimals, 0, 6));
}

bool anyFinitePoint(const std::vector<double> &x, const std::vector<double> &y) {
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        if (std::isfinite(x[i]) && std::isfinite(y[i])) return true;
    }
    return false;
}

/// FNV-1a of the SVG: the same plot always gets the same id, different plots different ids.
std::string contentId(const std::string &svg) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : svg) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return fmt::format("p{:016x}", h);
}

/// Puts `id` (contentId's, longer than the mark) in place of every kIdMark of `svg`, in place:
/// the string grown once and filled from the back, each byte moved once. Replacing one mark at a
/// time moved the whole rest of the SVG for every mark, and a long run's trajectory plot is
/// megabytes with a mark on every polyline.
void fillId(std::string &svg, const std::string &id) {
    std::vector<std::size_t> marks;
    for (std::size_t at = svg.find(kIdMark); at != std::string::npos; at = svg.find(kIdMark, at + kIdMark.size())) {
        marks.push_back(at);
    }
    const std::size_t grow = id.size() - kIdMark.size();
    std::size_t end = svg.size();
    svg.resize(svg.size() + marks.size() * grow);
    for (std::size_t k = marks.size(); k-- > 0;) {
        const std::size_t tail = marks[k] + kIdMark.size();
        std::memmove(svg.data() + tail + (k + 1) * grow, svg.data() + tail, end - tail);
        std::memcpy(svg.data() + marks[k] + k * grow, id.data(), id.size());
        end = marks[k];
    }
}

/// Appends `prefix` and the point as "x,y" to a tenth of a pixel (fmt's "{:.1f},{:.1f}", without
/// the temporary strings and twice as fast: a long run's trajectory has a point per pose).
void appendPoint(std::string &out, std::string_view prefix, double x, double y) {
    out += prefix;
    appendFixed(out, x, 1);
    out += ',';
    appendFixed(out, y, 1);
}

/// The `d` of a line: one move-to per finite stretch, thinned to what the pixels can show.
std::string linePathData(const LineSeries &l, const Axes &a) {
    std::string d;
    std::vector<PixelPoint> stretch;
    stretch.reserve(std::min(l.x.size(), l.y.size()));  // a long run's line is not held at twice its size
    auto flush = [&] {
        const auto kept = thinToPixelColumns(stretch);
        for (std::size_t k = 0; k < kept.size(); ++k) {
            if (l.step && k > 0) appendPoint(d, "L", kept[k].x, kept[k - 1].y);
            appendPoint(d, k == 0 ? "M" : "L", kept[k].x, kept[k].y);
        }
        stretch.clear();
    };
    for (std::size_t i = 0; i < std::min(l.x.size(), l.y.size()); ++i) {
        if (!std::isfinite(l.x[i]) || !std::isfinite(l.y[i])) {
            flush();
            continue;
        }
        stretch.push_back({a.X(l.x[i]), a.Y(l.y[i])});
    }
    flush();
    return d;
}

/// The quantised colour step of a value; -1 (drawn grey) when the value is unknown.
int colourLevel(double value, const Range &vr) {
    if (!std::isfinite(value)) return -1;
    const double t = std::clamp((value - vr.lo) / (vr.hi - vr.lo), 0.0, 1.0);
    return static_cast<int>(std::lround(t * (kColourLevels - 1)));
}

std::string levelColour(int level) {
    return level < 0 ? "#999999" : heatColor(static_cast<double>(level) / (kColourLevels - 1));
}

struct ColouredSegment {
    PixelPoint from, to;
    int level;
    bool joined;  ///< continues the previous segment (same stretch of finite points)
};

/// The path as drawn: segments of at least kMinSegmentPx (shorter steps are merged, so a pose every
/// centimetre on a 100 m map costs nothing), each coloured by the largest value it spans (a
/// spike of error is never averaged away). Non-finite points (on the page) break the path.
std::vector<ColouredSegment> colouredSegments(const std::vector<PixelPoint> &points, const std::vector<double> &values,
                                              const Range &vr) {
    std::vector<ColouredSegment> out;
    const std::size_t n = std::min(points.size(), values.size());
    auto finite = [&](std::size_t i) { return std::isfinite(points[i].x) && std::isfinite(points[i].y); };
    bool open = false, joined = false;
    PixelPoint anchor;
    double group_max = -INFINITY;  // over the finite values since the anchor
    for (std::size_t i = 0; i < n; ++i) {
        if (!finite(i)) {
            open = false;
            continue;
        }
        const PixelPoint here = points[i];
        if (!open) {
            open = true;
            joined = false;
            anchor = here;
            group_max = -INFINITY;
            continue;
        }
        if (std::isfinite(values[i])) group_max = std::max(group_max, values[i]);
        const bool last = i + 1 >= n || !finite(i + 1);
        if (std::hypot(here.x - anchor.x, here.y - anchor.y) < kMinSegmentPx && !last) continue;
        out.push_back({anchor, here, colourLevel(group_max, vr), joined});
        anchor = here;
        group_max = -INFINITY;
        joined = true;
    }
    return out;
}

/// Consecutive joined segments of one colour become one polyline.
std::string colouredPathElements(const std::vector<PixelPoint> &points, const std::vector<double> &values,
                                 const Range &vr, const std::string &clip) {
    std::string out, line;
    int level = 0;
    auto flush = [&] {
        if (!line.empty()) {
            out += fmt::format(
                "<polyline {} points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.2\" "
                "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
                clip, line, levelColour(level));
        }
        line.clear();
    };
    for (const ColouredSegment &seg : colouredSegments(points, values, vr)) {
        if (line.empty() || !seg.joined || seg.level != level) {
            flush();
            level = seg.level;
            appendPoint(line, "", seg.from.x, seg.from.y);
        }
        appendPoint(line, " ", seg.to.x, seg.to.y);
    }
    flush();
    return out;
}

/// The colour scale at `bx`, from `top` down over `bh`, with its extremes and `label` above it.
std::string colourBar(const std::string &label, const Range &vr, double bx, double top, double bh) {
    std::string s;
    for (int k = 0; k < 40; ++k) {
        s += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"12\" height=\"{:.2f}\" fill=\"{}\"/>", bx,
                         top + bh - (k + 1) * bh / 40, bh / 40 + 0.5, heatColor((k + 0.5) / 40));
    }
    s += fmt::format(
        "\n<text x=\"{0:.1f}\" y=\"{1:.1f}\" fill=\"#444\">{2:.3g}</text>"
        "<text x=\"{0:.1f}\" y=\"{3:.1f}\" fill=\"#444\">{4:.3g}</text>"
        "<text x=\"{0:.1f}\" y=\"{5:.1f}\" fill=\"#444\" text-anchor=\"middle\">{6}</text>\n",
        bx + 14, top + 9, vr.hi, top + bh, vr.lo, top - 14, escapeXml(label));
    return s;
}

std::string gridAndTicks(const Axes &a) {
    std::string s;
    std::vector<double> xt = niceTicks(a.xr.lo, a.xr.hi), yt = niceTicks(a.yr.lo, a.yr.hi, 5);
    double xstep = xt.size() > 1 ? xt[1] - xt[0] : 1, ystep = yt.size() > 1 ? yt[1] - yt[0] : 1;
    for (double v : xt) {
        s += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#e5e5e5\"/>"
            "<text x=\"{0:.1f}\" y=\"{3:.1f}\" text-anchor=\"middle\" fill=\"#444\">{4}</text>\n",
            a.X(v), a.top, a.top + a.ph, a.top + a.ph + 14, formatTick(v, xstep));
    }
    for (double v : yt) {
        s += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#e5e5e5\"/>"
            "<text x=\"{3:.1f}\" y=\"{4:.1f}\" text-anchor=\"end\" fill=\"#444\">{5}</text>\n",
            a.left, a.Y(v), a.left + a.pw, a.left - 6, a.Y(v) + 4, formatTick(v, ystep));
    }
    return s;
}

constexpr double kLegendRow = 15;  // px between legend rows

/// A series' legend entry: its text, and its width at the 11 px font.
struct LegendEntry {
    const LineSeries *line;
    std::string text;
    double x, y;
};

/// Every named series gets an entry: a row that is full continues on the next row (dropping the
/// rest, as before, drew six lines under a five-entry legend).
std::vector<LegendEntry> legendLayout(const std::vector<LineSeries> &lines, double left, int width) {
    std::vector<LegendEntry> out;
    double lx = left, ly = 36;
    for (const auto &l : lines) {
        if (l.label.empty()) continue;
        // A series that never had a value says so rather than leaving the reader to look for it.
        std::string label = anyFinitePoint(l.x, l.y) ? l.label : l.label + " (no data)";
        const double w = 26 + 6.8 * static_cast<double>(label.size());  // 6.8 px: wide glyphs of the 11 px font
        if (lx > left && lx + w > width - 4.0) {
            lx = left;
            ly += kLegendRow;
        }
        out.push_back({&l, std::move(label), lx, ly});
        lx += w;
    }
    return out;
}

std::string legend(const std::vector<LegendEntry> &entries) {
    std::string s;
    for (const LegendEntry &e : entries) {
        s += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"{3}\" "
            "stroke-width=\"2\"{4}/><text x=\"{5:.1f}\" y=\"{6:.1f}\" fill=\"#222\">{7}</text>\n",
            e.x, e.y - 4, e.x + 16, e.line->color, e.line->dashed ? " stroke-dasharray=\"5,3\"" : "", e.x + 20, e.y,
            escapeXml(e.text));
    }
    return s;
}

}  // namespace

std::string legendSvg(const std::vector<LineSeries> &lines, double left, int width, double &last_row_y) {
    const std::vector<LegendEntry> entries = legendLayout(lines, left, width);
    last_row_y = entries.empty() ? 36 : entries.back().y;
    return legend(entries);
}

std::string tickText(double value, double step) { return formatTick(value, step); }

std::string colouredPathSvg(const std::vector<PixelPoint> &points, const std::vector<double> &values,
                            const std::string &label, double bar_x, double top, double height) {
    Range vr;
    for (double v : values) vr.add(v);
    vr.pad();
    return colouredPathElements(points, values, vr, "") + colourBar(label, vr, bar_x, top, height);
}

std::string svgOpening(int width, int height, double title_x, const std::string &title, const std::string &css_class) {
    return fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" "
        "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\"{2}>\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        "<text x=\"{3}\" y=\"20\" font-size=\"13\" font-weight=\"bold\" fill=\"#222\">{4}</text>\n",
        width, height, css_class.empty() ? "" : " class=\"" + css_class + "\"", title_x, escapeXml(title));
}

std::string svgEmptyMessage(double x, double y, const std::string &message) {
    return fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" font-size=\"13\" fill=\"#777\">{}</text>\n", x, y,
        escapeXml(message));
}

std::string escapeXml(const std::string &text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
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

std::string paletteColor(std::size_t i) { return kPalette[i % std::size(kPalette)]; }

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
    : title_(std::move(title)),
      x_label_(std::move(x_label)),
      y_label_(std::move(y_label)),
      width_(width),
      height_(height) {}

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

bool SvgPlot::hasData() const {
    if (!underlay_.png_base64.empty()) return true;
    for (const auto &l : lines_) {
        if (anyFinitePoint(l.x, l.y)) return true;
    }
    for (const auto &p : paths_) {
        if (anyFinitePoint(p.x, p.y)) return true;
    }
    return false;
}

std::string SvgPlot::render() const {
    // Title on the first row, legend on the second, then the plot area.
    const bool has_data = hasData();
    const double left = 64, right = paths_.empty() || !has_data ? 16 : 70, bottom = 46;
    const std::vector<LegendEntry> entries = legendLayout(lines_, left, width_);
    // Further legend rows push the plot down (its height shrinks; the SVG keeps its size).
    const double top = 46 + (entries.empty() ? 0 : entries.back().y - 36);
    Axes a{left, top, width_ - left - right, height_ - top - bottom, {}, {}};

    for (const auto &l : lines_) {
        for (double v : l.x) a.xr.add(v);
        for (double v : l.y) a.yr.add(v);
    }
    for (const auto &p : paths_) {
        for (double v : p.x) a.xr.add(v);
        for (double v : p.y) a.yr.add(v);
    }
    for (const auto &b : bands_) {
        a.xr.add(b.x0);
        a.xr.add(b.x1);
    }
    for (const auto &m : markers_) a.xr.add(m.x);
    if (!underlay_.png_base64.empty()) {
        a.xr.add(underlay_.x0);
        a.xr.add(underlay_.x1);
        a.yr.add(underlay_.y0);
        a.yr.add(underlay_.y1);
    }
    a.xr.pad();
    a.yr.pad();
    // A margin above and below the data so lines at the extremes do not hide under the frame.
    double margin = 0.04 * (a.yr.hi - a.yr.lo);
    a.yr.lo -= margin;
    a.yr.hi += margin;
    if (fixed_y_) {
        a.yr.lo = y_lo_;
        a.yr.hi = y_hi_;
    }
    if (equal_aspect_) {
        // Grow the smaller extent so one metre is the same length on both axes.
        double sx = (a.xr.hi - a.xr.lo) / a.pw, sy = (a.yr.hi - a.yr.lo) / a.ph;
        double s = std::max(sx, sy) * 1.04;
        double cx = (a.xr.lo + a.xr.hi) / 2, cy = (a.yr.lo + a.yr.hi) / 2;
        a.xr.lo = cx - s * a.pw / 2;
        a.xr.hi = cx + s * a.pw / 2;
        a.yr.lo = cy - s * a.ph / 2;
        a.yr.hi = cy + s * a.ph / 2;
    }

    std::string s = svgOpening(width_, height_, left, title_);
    s += fmt::format(
        "<defs><clipPath id=\"{}-clip\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath></defs>\n",
        kIdMark, a.left, a.top, a.pw, a.ph);
    const std::string clip = fmt::format("clip-path=\"url(#{}-clip)\"", kIdMark);

    if (!has_data) {
        // Ticks on an empty frame would invent a range; the message says why it is empty.
        s += svgEmptyMessage(a.left + a.pw / 2, a.top + a.ph / 2 + 4, empty_message_);
    } else {
        s += gridAndTicks(a);
        if (!underlay_.png_base64.empty()) {
            s += fmt::format(
                "<image {} x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                "preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" "
                "href=\"data:image/png;base64,{}\"/>\n",
                clip, a.X(underlay_.x0), a.Y(underlay_.y1), a.X(underlay_.x1) - a.X(underlay_.x0),
                a.Y(underlay_.y0) - a.Y(underlay_.y1), underlay_.png_base64);
        }
        for (const Band &b : bands_) {
            s += fmt::format(
                "<rect {} x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
                "fill-opacity=\"0.25\"><title>{}</title></rect>\n",
                clip, a.X(b.x0), a.top, std::max(1.0, a.X(b.x1) - a.X(b.x0)), a.ph, b.color, escapeXml(b.label));
        }
        for (const auto &l : lines_) {
            fmt::format_to(std::back_inserter(s),
                           "<path {} d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.6\"{}/>\n", clip,
                           linePathData(l, a), l.color, l.dashed ? " stroke-dasharray=\"5,3\"" : "");
        }
        for (const auto &p : paths_) {
            Range vr;
            for (double v : p.value) vr.add(v);
            vr.pad();
            std::vector<PixelPoint> points(std::min(p.x.size(), p.y.size()));
            for (std::size_t i = 0; i < points.size(); ++i) points[i] = {a.X(p.x[i]), a.Y(p.y[i])};
            s += colouredPathElements(points, p.value, vr, clip);
            s += colourBar(p.label, vr, a.left + a.pw + 18, a.top, a.ph);
        }
        for (const Marker &m : markers_) {
            s += fmt::format(
                "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" "
                "stroke-dasharray=\"3,3\"/><text x=\"{4:.1f}\" y=\"{5:.1f}\" fill=\"{3}\" "
                "font-size=\"10\">{6}</text>\n",
                a.X(m.x), a.top, a.top + a.ph, m.color, a.X(m.x) + 3, a.top + 10, escapeXml(m.label));
        }
        s += legend(entries);
    }
    // Frame and axis labels.
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\"/>\n", a.left,
                     a.top, a.pw, a.ph);
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#222\">{}</text>\n",
                     a.left + a.pw / 2, height_ - 10.0, escapeXml(x_label_));
    s += fmt::format(
        "<text transform=\"translate(14,{:.1f}) rotate(-90)\" text-anchor=\"middle\" fill=\"#222\">{}</text>\n",
        a.top + a.ph / 2, escapeXml(y_label_));
    s += "</svg>\n";
    fillId(s, contentId(s));
    return s;
}

}  // namespace robometrics::report
