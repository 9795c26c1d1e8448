#include "robometrics/toolbox/ResultComparisonPlot.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "robometrics/report/SvgPlot.hpp"
#include "robometrics/slam/BoxStatistics.hpp"
#include "robometrics/slam/ErrorDensity.hpp"

namespace robometrics::toolbox {

namespace {

std::string errorLabel(const std::vector<io::SavedResult> &results) {
    const io::SavedResult &first = results.front();
    std::string label = first.metric.empty() ? "error" : first.metric;
    if (!first.relation.empty()) label += " " + first.relation;
    if (!first.unit.empty()) label += " [" + first.unit + "]";
    return label;
}

/// A closed rectangle outline from (x0, y0) to (x1, y1), as one polyline.
void addOutline(report::LineSeries &s, double x0, double y0, double x1, double y1) {
    s.x.insert(s.x.end(), {x0, x0, x1, x1, x0, NAN});
    s.y.insert(s.y.end(), {y0, y1, y1, y0, y0, NAN});
}

void addSegment(report::LineSeries &s, double x0, double y0, double x1, double y1) {
    s.x.insert(s.x.end(), {x0, x1, NAN});
    s.y.insert(s.y.end(), {y0, y1, NAN});
}

OverlayPlot rawPlot(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names) {
    const bool timed = std::all_of(results.begin(), results.end(),
                                   [](const io::SavedResult &r) { return !r.seconds_from_start.empty(); });
    report::SvgPlot plot("error over time", timed ? "seconds from the first error [s]" : "error index",
                         errorLabel(results), 800, 360);
    plot.setEmptyMessage("no errors");
    for (std::size_t k = 0; k < results.size(); ++k) {
        report::LineSeries s{names[k], {}, results[k].errors, report::paletteColor(k), false, false};
        s.x.resize(s.y.size());
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            s.x[i] = timed ? results[k].seconds_from_start[i] : static_cast<double>(i);
        }
        plot.add(std::move(s));
    }
    return {"res_raw", plot.render()};
}

OverlayPlot boxPlot(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names) {
    report::SvgPlot plot("error distribution per result", "result (1, 2, ... in the legend's order)",
                         errorLabel(results), 800, 360);
    plot.setEmptyMessage("no errors");
    for (std::size_t k = 0; k < results.size(); ++k) {
        const slam::BoxStatistics b = slam::computeBoxStatistics(results[k].errors);
        report::LineSeries s{names[k], {}, {}, report::paletteColor(k), false, false};
        const double x = static_cast<double>(k + 1), half = 0.25;
        if (std::isfinite(b.median)) {
            addOutline(s, x - half, b.q1, x + half, b.q3);
            addSegment(s, x - half, b.median, x + half, b.median);
            addSegment(s, x, b.q3, x, b.whisker_high);
            addSegment(s, x, b.q1, x, b.whisker_low);
            addSegment(s, x - half / 2, b.whisker_high, x + half / 2, b.whisker_high);
            addSegment(s, x - half / 2, b.whisker_low, x + half / 2, b.whisker_low);
        }
        plot.add(std::move(s));
    }
    return {"res_box", plot.render()};
}

OverlayPlot statsPlot(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names) {
    report::SvgPlot plot("statistics per result",
                         "1 rmse, 2 mean, 3 median, 4 std, 5 min, 6 max (one bar per result in each group)",
                         errorLabel(results), 800, 360);
    plot.setEmptyMessage("no results");
    const double width = 0.8 / static_cast<double>(results.size());
    for (std::size_t k = 0; k < results.size(); ++k) {
        const slam::ErrorStatistics &st = results[k].stats;
        const std::array<double, 6> values = {st.rmse, st.mean, st.median, st.std, st.min, st.max};
        report::LineSeries s{names[k], {}, {}, report::paletteColor(k), false, false};
        for (std::size_t g = 0; g < values.size(); ++g) {
            const double x0 = static_cast<double>(g + 1) - 0.4 + width * static_cast<double>(k);
            if (std::isfinite(values[g])) addOutline(s, x0, 0.0, x0 + width, values[g]);
        }
        plot.add(std::move(s));
    }
    return {"res_stats", plot.render()};
}

OverlayPlot histogramPlot(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names) {
    report::SvgPlot plot("error histogram and density per result", errorLabel(results), "density", 800, 360);
    plot.setEmptyMessage("no errors");
    for (std::size_t k = 0; k < results.size(); ++k) {
        const std::vector<double> &errors = results[k].errors;
        // The histogram's outline: up the first edge, along each bin's top, down the last edge.
        const slam::DensityHistogram h = slam::densityHistogram(errors, slam::distplotBins(errors));
        report::LineSeries bars{names[k], {}, {}, report::paletteColor(k), false, false};
        if (!h.density.empty()) {
            bars.x.push_back(h.edges.front());
            bars.y.push_back(0.0);
            for (std::size_t i = 0; i < h.density.size(); ++i) {
                bars.x.insert(bars.x.end(), {h.edges[i], h.edges[i + 1]});
                bars.y.insert(bars.y.end(), {h.density[i], h.density[i]});
            }
            bars.x.push_back(h.edges.back());
            bars.y.push_back(0.0);
        }
        plot.add(std::move(bars));
        // distplot's curve: seaborn's kdeplot defaults, cut 3 and 200 points; no legend entry.
        const slam::DensityCurve curve = slam::gaussianDensity(errors, 3, 200);
        plot.add(report::LineSeries{"", curve.x, curve.density, report::paletteColor(k), false, false});
    }
    return {"res_histogram", plot.render()};
}

OverlayPlot violinPlot(const std::vector<io::SavedResult> &results, const std::vector<std::string> &names) {
    report::SvgPlot plot("error density per result (violins)", "result (1, 2, ... in the legend's order)",
                         errorLabel(results), 800, 360);
    plot.setEmptyMessage("no errors");
    // seaborn's violinplot defaults: cut 2, 100 points, width 0.8, "area": every density over the
    // largest peak of them all, so each violin has the same area.
    std::vector<slam::DensityCurve> curves;
    double peak = 0;
    for (const io::SavedResult &r : results) {
        curves.push_back(slam::gaussianDensity(r.errors, 2, 100));
        for (double d : curves.back().density) peak = std::max(peak, d);
    }
    constexpr double kHalfWidth = 0.4;
    for (std::size_t k = 0; k < results.size(); ++k) {
        const double x = static_cast<double>(k + 1);
        report::LineSeries s{names[k], {}, {}, report::paletteColor(k), false, false};
        const slam::DensityCurve &c = curves[k];
        if (!c.x.empty() && peak > 0) {
            for (std::size_t i = 0; i < c.x.size(); ++i) {
                s.x.push_back(x + kHalfWidth * c.density[i] / peak);
                s.y.push_back(c.x[i]);
            }
            for (std::size_t i = c.x.size(); i-- > 0;) {
                s.x.push_back(x - kHalfWidth * c.density[i] / peak);
                s.y.push_back(c.x[i]);
            }
            s.x.insert(s.x.end(), {s.x.front(), NAN});
            s.y.insert(s.y.end(), {s.y.front(), NAN});
        }
        // The inner box (inner="box"): whiskers, the quartiles' box, the median.
        const slam::BoxStatistics b = slam::computeBoxStatistics(results[k].errors);
        if (std::isfinite(b.median)) {
            const double half = 0.03;
            addSegment(s, x, b.whisker_low, x, b.whisker_high);
            addOutline(s, x - half, b.q1, x + half, b.q3);
            addSegment(s, x - 2 * half, b.median, x + 2 * half, b.median);
        }
        plot.add(std::move(s));
    }
    return {"res_violin", plot.render()};
}

}  // namespace

std::vector<OverlayPlot> resultComparisonPlots(const std::vector<io::SavedResult> &results,
                                               const std::vector<std::string> &names) {
    if (results.empty()) return {};
    return {rawPlot(results, names), boxPlot(results, names), statsPlot(results, names), histogramPlot(results, names),
            violinPlot(results, names)};
}

}  // namespace robometrics::toolbox
