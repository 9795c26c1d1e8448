#include "robometrics/report/SvgBoxPlot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "robometrics/report/SvgPlot.hpp"

namespace robometrics::report {
namespace {

/// Labels longer than fit under a box end in an ellipsis; the tooltip has the whole text.
std::string fitLabel(const std::string &label, double width_px) {
    const auto max_chars = static_cast<std::size_t>(std::max(3.0, width_px / 6.0));
    if (label.size() <= max_chars) return label;
    return label.substr(0, max_chars - 1) + "\u2026";
}

}  // namespace

SvgBoxPlot::SvgBoxPlot(std::string title, std::string y_label, int width, int height)
    : title_(std::move(title)), y_label_(std::move(y_label)), width_(width), height_(height) {}

bool SvgBoxPlot::hasData() const {
    return std::any_of(boxes_.begin(), boxes_.end(), [](const BoxSeries &b) { return std::isfinite(b.median); });
}

std::string SvgBoxPlot::render() const {
    const double left = 64, right = 16, top = 34, bottom = 46;
    const double pw = width_ - left - right, ph = height_ - top - bottom;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const BoxSeries &b : boxes_) {
        for (double v : {b.whisker_low, b.whisker_high, b.q1, b.q3, b.mean}) {
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
        }
        for (double v : b.outliers) {
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
        }
    }
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (hi - lo < 1e-12) {
        const double d = std::max(std::abs(lo) * 0.05, 0.5);
        lo -= d;
        hi += d;
    }
    const double margin = 0.06 * (hi - lo);
    lo -= margin;
    hi += margin;
    auto Y = [&](double v) { return top + ph - (v - lo) / (hi - lo) * ph; };

    std::string s = svgOpening(width_, height_, left, title_, "boxplot");
    if (!hasData()) {
        s += svgEmptyMessage(left + pw / 2, top + ph / 2, "no data");
    } else {
        const std::vector<double> ticks = niceTicks(lo, hi, 5);
        const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
        const int decimals = step >= 1 ? 0 : std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 6);
        for (double v : ticks) {
            s += fmt::format(
                "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#e5e5e5\"/>"
                "<text x=\"{3:.1f}\" y=\"{4:.1f}\" text-anchor=\"end\" fill=\"#444\">{5:.{6}f}</text>\n",
                left, Y(v), left + pw, left - 6, Y(v) + 4, std::abs(v) < step * 1e-9 ? 0.0 : v, decimals);
        }
        const double slot = pw / static_cast<double>(boxes_.size());
        const double bw = std::min(60.0, slot * 0.5);
        for (std::size_t i = 0; i < boxes_.size(); ++i) {
            const BoxSeries &b = boxes_[i];
            const double cx = left + slot * (static_cast<double>(i) + 0.5);
            const std::string color = b.color.empty() ? paletteColor(i) : b.color;
            s += fmt::format("<g><title>{} (n = {}): median {:.6g}, mean {:.6g}, quartiles {:.6g} .. {:.6g}</title>",
                             escapeXml(b.label), b.n, b.median, b.mean, b.q1, b.q3);
            if (std::isfinite(b.median)) {
                s += fmt::format(
                    "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#555\"/>"
                    "<line x1=\"{3:.1f}\" y1=\"{1:.1f}\" x2=\"{4:.1f}\" y2=\"{1:.1f}\" stroke=\"#555\"/>"
                    "<line x1=\"{3:.1f}\" y1=\"{2:.1f}\" x2=\"{4:.1f}\" y2=\"{2:.1f}\" stroke=\"#555\"/>\n",
                    cx, Y(b.whisker_low), Y(b.whisker_high), cx - bw / 4, cx + bw / 4);
                s += fmt::format(
                    "<rect class=\"box\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
                    "fill-opacity=\"0.35\" stroke=\"{}\" stroke-width=\"1.4\"/>\n",
                    cx - bw / 2, Y(b.q3), bw, std::max(1.0, Y(b.q1) - Y(b.q3)), color, color);
                s += fmt::format(
                    "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                    "stroke-width=\"2.4\"/>\n",
                    cx - bw / 2, Y(b.median), cx + bw / 2, Y(b.median), color);
                if (std::isfinite(b.mean)) {
                    const double my = Y(b.mean);
                    s += fmt::format("<path d=\"M{0:.1f},{1:.1f}l4,4l-4,4l-4,-4z\" fill=\"#fff\" stroke=\"#222\"/>\n",
                                     cx, my - 4);
                }
                for (double v : b.outliers) {
                    s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"none\" stroke=\"{}\"/>", cx,
                                     Y(v), color);
                }
            }
            s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#222\">{}</text></g>\n", cx,
                             top + ph + 14, escapeXml(fitLabel(b.label, slot)));
        }
    }
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\"/>\n", left, top,
                     pw, ph);
    s += fmt::format(
        "<text transform=\"translate(14,{:.1f}) rotate(-90)\" text-anchor=\"middle\" fill=\"#222\">{}</text>\n",
        top + ph / 2, escapeXml(y_label_));
    return s + "</svg>\n";
}

}  // namespace robometrics::report
