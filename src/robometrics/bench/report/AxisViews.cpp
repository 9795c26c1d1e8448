#include "robometrics/bench/report/AxisViews.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "robometrics/bench/report/ResultsTable.hpp"
#include "robometrics/evaluate/MetricCatalogue.hpp"
#include "robometrics/report/SvgPlot.hpp"

namespace robometrics::bench {
namespace {

using Axes = std::vector<std::pair<std::string, std::vector<std::string>>>;

std::vector<std::pair<std::string, std::string>> splitKey(const std::string &key) {
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t start = 0;
    while (start < key.size()) {
        std::size_t end = key.find(',', start);
        if (end == std::string::npos) end = key.size();
        const std::string part = key.substr(start, end - start);
        const std::size_t eq = part.find('=');
        if (eq != std::string::npos) out.emplace_back(part.substr(0, eq), part.substr(eq + 1));
        start = end + 1;
    }
    return out;
}

bool numeric(const std::string &text, double &value) {
    char *end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return !text.empty() && end == text.c_str() + text.size() && std::isfinite(value);
}

/// The ranked headline metrics with values, ATE first when present (catalogue order).
std::vector<std::string> plottedMetrics(const BenchAggregates &aggregates, int max_metrics) {
    std::vector<std::string> out;
    for (const std::string &name : headlineMetrics(aggregates)) {
        if (static_cast<int>(out.size()) == max_metrics) break;
        if (evaluate::metricInfo(name).ranked()) out.push_back(name);
    }
    return out;
}

report::Section axisPlot(const BenchAggregates &aggregates, const Axes &axes, std::size_t axis,
                         const std::string &metric) {
    // One line per combination of the other axes' values, points ordered by the axis value.
    std::map<std::string, std::vector<std::pair<double, const SampleSummary *>>> lines;
    for (const CellAggregate &cell : aggregates.cells) {
        auto found = cell.metrics.find(metric);
        if (found == cell.metrics.end() || found->second.summary.n == 0) continue;
        std::string group;
        double x = NAN;
        for (const auto &[name, value] : splitKey(cell.key)) {
            if (name == axes[axis].first) {
                numeric(value, x);
            } else {
                group += fmt::format("{}{}={}", group.empty() ? "" : ",", name, value);
            }
        }
        lines[group.empty() ? metric : group].emplace_back(x, &found->second.summary);
    }
    const evaluate::MetricInfo &info = evaluate::metricInfo(metric);
    report::SvgPlot plot(fmt::format("{} against {}", metric, axes[axis].first), axes[axis].first,
                         fmt::format("{} [{}]", metric, info.unit));
    int index = 0;
    static const char *kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"};
    for (auto &[label, points] : lines) {
        std::sort(points.begin(), points.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        report::LineSeries mean{label, {}, {}, kColors[index++ % 6]};
        report::LineSeries low{label + " 95 % CI", {}, {}, mean.color, true};
        report::LineSeries high{"", {}, {}, mean.color, true};
        for (const auto &[x, s] : points) {
            mean.x.push_back(x);
            mean.y.push_back(s->mean);
            low.x.push_back(x);
            low.y.push_back(s->n > 1 ? s->ci_low : s->mean);
            high.x.push_back(x);
            high.y.push_back(s->n > 1 ? s->ci_high : s->mean);
        }
        plot.add(std::move(mean));
        plot.add(std::move(low));
        plot.add(std::move(high));
    }
    return {fmt::format("{} against {}", metric, axes[axis].first), plot.render(),
            fmt::format("mean over the done iterations of each cell (solid) and the 95 % confidence interval of the "
                        "mean (dashed), one line per combination of the other axes; {}",
                        evaluate::directionText(info.direction))};
}

/// Background from green (best) to red (worst) by the metric's direction.
std::string heatColor(double value, double lo, double hi, evaluate::Direction direction) {
    double t = hi > lo ? (value - lo) / (hi - lo) : 0.5;
    if (direction == evaluate::Direction::HigherIsBetter) t = 1 - t;
    const int red = static_cast<int>(120 + 135 * t), green = static_cast<int>(255 - 135 * t);
    return fmt::format("rgb({},{},140)", red, green);
}

report::Section heatMap(const BenchAggregates &aggregates, const Axes &axes, std::size_t row_axis,
                        std::size_t column_axis, const std::string &metric) {
    std::map<std::pair<std::string, std::string>, std::vector<double>> means;
    for (const CellAggregate &cell : aggregates.cells) {
        auto found = cell.metrics.find(metric);
        if (found == cell.metrics.end() || found->second.summary.n == 0) continue;
        std::string r, c;
        for (const auto &[name, value] : splitKey(cell.key)) {
            if (name == axes[row_axis].first) r = value;
            if (name == axes[column_axis].first) c = value;
        }
        means[{r, c}].push_back(found->second.summary.mean);
    }
    double lo = INFINITY, hi = -INFINITY;
    std::map<std::pair<std::string, std::string>, double> pooled;
    for (const auto &[at, values] : means) {
        double sum = 0;
        for (double v : values) sum += v;
        pooled[at] = sum / static_cast<double>(values.size());
        lo = std::min(lo, pooled[at]);
        hi = std::max(hi, pooled[at]);
    }
    const evaluate::MetricInfo &info = evaluate::metricInfo(metric);
    std::string html = fmt::format("<table data-fixed=\"1\"><tr><th>{} \\ {}</th>",
                                   report::escapeXml(axes[row_axis].first), report::escapeXml(axes[column_axis].first));
    for (const std::string &c : axes[column_axis].second) html += "<th>" + report::escapeXml(c) + "</th>";
    html += "</tr>\n";
    for (const std::string &r : axes[row_axis].second) {
        html += "<tr><th>" + report::escapeXml(r) + "</th>";
        for (const std::string &c : axes[column_axis].second) {
            auto v = pooled.find({r, c});
            html += v == pooled.end() ? std::string("<td>-</td>")
                                      : fmt::format("<td style=\"background:{}\">{:.4g}</td>",
                                                    heatColor(v->second, lo, hi, info.direction), v->second);
        }
        html += "</tr>\n";
    }
    html += "</table>\n";
    return {fmt::format("Heat map: {} over {} and {}", metric, axes[row_axis].first, axes[column_axis].first), html,
            fmt::format("mean of each cell ({}; green best, red worst); cells that differ only in other axes are "
                        "pooled as the mean of their means",
                        evaluate::directionText(info.direction))};
}

}  // namespace

Axes cellAxes(const BenchAggregates &aggregates) {
    Axes axes;
    for (const CellAggregate &cell : aggregates.cells) {
        for (const auto &part : splitKey(cell.key)) {
            const std::string &name = part.first, &value = part.second;  // clang 14: no lambda capture of a binding
            auto axis = std::find_if(axes.begin(), axes.end(), [&](const auto &a) { return a.first == name; });
            if (axis == axes.end()) axis = axes.insert(axes.end(), {name, {}});
            if (std::find(axis->second.begin(), axis->second.end(), value) == axis->second.end()) {
                axis->second.push_back(value);
            }
        }
    }
    return axes;
}

std::vector<report::Section> axisSections(const BenchAggregates &aggregates, int max_metrics) {
    const Axes axes = cellAxes(aggregates);
    const std::vector<std::string> metrics = plottedMetrics(aggregates, max_metrics);
    std::vector<report::Section> out;
    std::vector<std::size_t> varying;
    for (std::size_t a = 0; a < axes.size(); ++a) {
        if (axes[a].second.size() < 2) continue;
        varying.push_back(a);
        const bool all_numeric = std::all_of(axes[a].second.begin(), axes[a].second.end(), [](const std::string &v) {
            double x = 0;
            return numeric(v, x);
        });
        if (!all_numeric) continue;
        for (const std::string &metric : metrics) out.push_back(axisPlot(aggregates, axes, a, metric));
    }
    if (varying.size() >= 2 && !metrics.empty()) {
        out.push_back(heatMap(aggregates, axes, varying[0], varying[1], metrics.front()));
    }
    return out;
}

}  // namespace robometrics::bench
