#include "robometrics/report/TimeChart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

#include "robometrics/report/PolylineThinning.hpp"
#include "robometrics/report/SignificantDigits.hpp"
#include "robometrics/report/UplotAssets.hpp"

namespace robometrics::report {

namespace {

bool finitePoint(const LineSeries &l, std::size_t i) { return std::isfinite(l.x[i]) && std::isfinite(l.y[i]); }

bool anyFinite(const LineSeries &l) {
    for (std::size_t i = 0; i < std::min(l.x.size(), l.y.size()); ++i) {
        if (finitePoint(l, i)) return true;
    }
    return false;
}

/// A JSON string that is also safe inside <script>: "</" is written "<\/".
void appendJsonString(std::string &out, const std::string &text) {
    out += '"';
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '/' && i > 0 && text[i - 1] == '<') {
            out += "\\/";
        } else if (static_cast<unsigned char>(c) < 0x20) {
            fmt::format_to(std::back_inserter(out), "\\u{:04x}", c);
        } else {
            out += c;
        }
    }
    out += '"';
}

// Seven significant digits on the time axis (a 4-hour run to 0.01 s), six on values.
void appendNumber(std::string &out, double v, int digits) {
    if (!std::isfinite(v)) {
        out += "null";
        return;
    }
    appendSignificant(out, v, digits);
}

struct XRange {
    double lo = std::numeric_limits<double>::infinity(), hi = -std::numeric_limits<double>::infinity();
};

/// The series as [[x...],[y...]] after thinning; a non-finite value becomes one null, which
/// breaks the line there.
void appendThinnedSeries(std::string &out, const LineSeries &l, const XRange &xr) {
    const double width = xr.hi > xr.lo ? xr.hi - xr.lo : 1.0;
    const double per_column = kChartColumns / width;
    // The times go straight into `out`, the values aside until the times are closed.
    out += "[[";
    std::string ys = "[";
    bool first = true;
    auto push = [&](double x, double y) {
        if (!first) {
            out += ',';
            ys += ',';
        }
        first = false;
        appendNumber(out, x, 7);
        appendNumber(ys, y, 6);
    };
    std::vector<PixelPoint> stretch;
    auto flush = [&] {
        for (const PixelPoint &p : thinToPixelColumns(stretch)) push(xr.lo + p.x / per_column, p.y);
        stretch.clear();
    };
    bool gap_written = true;  // no null before the first point
    for (std::size_t i = 0; i < std::min(l.x.size(), l.y.size()); ++i) {
        if (!std::isfinite(l.x[i])) continue;
        if (!std::isfinite(l.y[i])) {
            flush();
            if (!gap_written) push(l.x[i], NAN);
            gap_written = true;
            continue;
        }
        gap_written = false;
        stretch.push_back({(l.x[i] - xr.lo) * per_column, l.y[i]});
    }
    flush();
    out += "],";
    out += ys;
    out += "]]";
}

}  // namespace

TimeChart::TimeChart(std::string title, std::string x_label, std::string y_label, std::string group)
    : title_(std::move(title)), x_label_(std::move(x_label)), y_label_(std::move(y_label)), group_(std::move(group)) {}

void TimeChart::add(LineSeries series) {
    if (series.color.empty()) series.color = paletteColor(lines_.size());
    // A series without a name would be an unexplained line: it is named by its place.
    if (series.label.empty()) series.label = fmt::format("series {}", lines_.size() + 1);
    lines_.push_back(std::move(series));
}

void TimeChart::setYRange(double lo, double hi) {
    fixed_y_ = true;
    y_ = {lo, hi};
}

bool TimeChart::hasData() const {
    return std::any_of(lines_.begin(), lines_.end(), [](const LineSeries &l) { return anyFinite(l); });
}

AxisRange TimeChart::yRange() const {
    if (fixed_y_) return y_;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const LineSeries &l : lines_) {
        for (std::size_t i = 0; i < std::min(l.x.size(), l.y.size()); ++i) {
            if (!finitePoint(l, i)) continue;
            lo = std::min(lo, l.y[i]);
            hi = std::max(hi, l.y[i]);
        }
    }
    return readableRange(lo, hi);
}

std::vector<std::string> TimeChart::legendLabels() const {
    std::vector<std::string> labels;
    for (const LineSeries &l : lines_) labels.push_back(anyFinite(l) ? l.label : l.label + " (no data)");
    return labels;
}

std::string TimeChart::render() const {
    XRange xr;
    for (const LineSeries &l : lines_) {
        for (std::size_t i = 0; i < std::min(l.x.size(), l.y.size()); ++i) {
            if (!finitePoint(l, i)) continue;
            xr.lo = std::min(xr.lo, l.x[i]);
            xr.hi = std::max(xr.hi, l.x[i]);
        }
    }
    std::string json = "{\"title\":";
    appendJsonString(json, title_);
    json += ",\"x\":";
    appendJsonString(json, x_label_);
    json += ",\"y\":";
    appendJsonString(json, y_label_);
    json += ",\"group\":";
    appendJsonString(json, group_);
    json += ",\"empty\":";
    appendJsonString(json, hasData() ? std::string() : empty_message_);
    const AxisRange y = yRange();
    json += ",\"range\":[";
    appendNumber(json, y.lo, 6);
    json += ',';
    appendNumber(json, y.hi, 6);
    json += "],\"series\":[";
    const std::vector<std::string> labels = legendLabels();
    for (std::size_t k = 0; k < lines_.size(); ++k) {
        const LineSeries &l = lines_[k];
        if (k > 0) json += ',';
        json += "{\"label\":";
        appendJsonString(json, labels[k]);
        json += ",\"color\":";
        appendJsonString(json, l.color);
        fmt::format_to(std::back_inserter(json), ",\"dash\":{},\"step\":{},\"data\":", l.dashed, l.step);
        appendThinnedSeries(json, l, xr);
        json += '}';
    }
    json += "],\"bands\":[";
    for (std::size_t k = 0; k < bands_.size(); ++k) {
        const EventBand &b = bands_[k];
        if (k > 0) json += ',';
        json += "{\"label\":";
        appendJsonString(json, b.label());
        json += ",\"color\":";
        appendJsonString(json, b.color);
        json += ",\"t0\":";
        appendNumber(json, b.start_s, 7);
        json += ",\"t1\":";
        appendNumber(json, b.end_s, 7);
        json += '}';
    }
    json += "]}";
    return "<figure class=\"tchart\"><script type=\"application/json\">" + json + "</script></figure>\n";
}

std::string timeChartStyle() { return assets::kUplotCss; }

std::string timeChartScript() { return std::string(assets::kUplotJs) + "\n" + assets::kTimeChartJs; }

}  // namespace robometrics::report
