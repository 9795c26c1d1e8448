#include "robometrics/bench/RegressionGate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::bench {
namespace {

/// The metrics to gate on: the asked ones, else the headline metrics with a direction that both
/// benchmarks have values for.
std::vector<std::string> gatedMetrics(const BenchAggregates &base, const BenchAggregates &next,
                                      const GateOptions &options) {
    if (!options.metrics.empty()) return options.metrics;
    std::vector<std::string> out;
    for (const std::string &name : base.metric_names) {
        const evaluate::MetricInfo &info = evaluate::metricInfo(name);
        if (info.tier != evaluate::MetricTier::Headline || !info.ranked()) continue;
        const auto &other = next.metric_names;
        if (std::find(other.begin(), other.end(), name) != other.end()) out.push_back(name);
    }
    return evaluate::inCatalogueOrder(out);
}

GateRow gate(const CellAggregate &base, const CellAggregate &next, const std::string &metric, const GateOptions &o) {
    GateRow row;
    row.cell = base.key == next.key ? base.key : base.key + " -> " + next.key;
    row.comparison = compareCells(next, base, metric);
    const CellComparison &c = row.comparison;
    const double change = c.a.mean - c.b.mean;
    row.relative = c.b.mean != 0 ? change / std::abs(c.b.mean) : NAN;
    if (c.a.n < 2 || c.b.n < 2) {
        row.verdict = GateVerdict::NotEnoughRuns;
        return row;
    }
    const double threshold = std::max(o.min_absolute, o.min_relative * std::abs(c.b.mean));
    const bool significant = c.welch.p_value < o.alpha && std::abs(change) >= threshold && change != 0;
    if (!significant) {
        row.verdict = GateVerdict::NoSignificantChange;
    } else if (evaluate::better(c.a.mean, c.b.mean, c.direction)) {
        row.verdict = GateVerdict::Improvement;
    } else {
        row.verdict = GateVerdict::Regression;
    }
    return row;
}

std::string number(double v) { return std::isfinite(v) ? fmt::format("{:.4g}", v) : std::string("-"); }

}  // namespace

const char *gateVerdictText(GateVerdict verdict) {
    switch (verdict) {
        case GateVerdict::Regression:
            return "regression";
        case GateVerdict::Improvement:
            return "improvement";
        case GateVerdict::NotEnoughRuns:
            return "not enough runs";
        case GateVerdict::NoSignificantChange:
            break;
    }
    return "no significant change";
}

GateResult compareBenchmarks(const BenchAggregates &base, const BenchAggregates &next, const GateOptions &options) {
    GateResult result;
    std::vector<std::pair<const CellAggregate *, const CellAggregate *>> pairs;
    if (!options.base_cell.empty() || !options.new_cell.empty()) {
        pairs.emplace_back(base.findCell(options.base_cell), next.findCell(options.new_cell));
        if (pairs.back().first == nullptr) result.only_in_base.push_back(options.base_cell);
        if (pairs.back().second == nullptr) result.only_in_new.push_back(options.new_cell);
        if (pairs.back().first == nullptr || pairs.back().second == nullptr) pairs.clear();
    } else {
        for (const CellAggregate &cell : base.cells) {
            const CellAggregate *match = next.findCell(cell.key);
            if (match != nullptr && match->key == cell.key) {
                pairs.emplace_back(&cell, match);
            } else {
                result.only_in_base.push_back(cell.key);
            }
        }
        for (const CellAggregate &cell : next.cells) {
            const CellAggregate *match = base.findCell(cell.key);
            if (match == nullptr || match->key != cell.key) result.only_in_new.push_back(cell.key);
        }
    }
    const std::vector<std::string> metrics = gatedMetrics(base, next, options);
    for (const auto &[b, n] : pairs) {
        for (const std::string &metric : metrics) {
            result.rows.push_back(gate(*b, *n, metric, options));
            result.regressions += result.rows.back().verdict == GateVerdict::Regression ? 1 : 0;
        }
    }
    return result;
}

std::string GateResult::markdown(const std::string &base_name, const std::string &new_name) const {
    std::string out = fmt::format("### robometrics bench compare: {} vs {}\n\n", new_name, base_name);
    const auto improvements =
        std::count_if(rows.begin(), rows.end(), [](const GateRow &r) { return r.verdict == GateVerdict::Improvement; });
    out += regressions > 0 ? fmt::format("**{} regression{}**", regressions, regressions == 1 ? "" : "s")
                           : std::string("**No significant regression**");
    out += fmt::format(", {} improvement{}, {} comparison{}.\n\n", improvements, improvements == 1 ? "" : "s",
                       rows.size(), rows.size() == 1 ? "" : "s");
    out += "| cell | metric | base mean | new mean | change (95 % CI) | Welch p | verdict |\n";
    out += "|---|---|---:|---:|---:|---:|---|\n";
    for (const GateRow &r : rows) {
        const CellComparison &c = r.comparison;
        const std::string relative = std::isfinite(r.relative) ? fmt::format(" ({:+.1f} %)", 100 * r.relative) : "";
        out += fmt::format(
            "| {} | {} | {} (n {}) | {} (n {}) | {}{} [{}, {}] | {} | {}{} |\n", r.cell, c.metric, number(c.b.mean),
            c.b.n, number(c.a.mean), c.a.n, number(c.a.mean - c.b.mean), relative, number(c.bootstrap.ci_low),
            number(c.bootstrap.ci_high), number(c.welch.p_value),
            r.verdict == GateVerdict::Regression ? "**regression**" : gateVerdictText(r.verdict),
            c.direction == evaluate::Direction::None ? "" : fmt::format(" ({})", evaluate::directionText(c.direction)));
    }
    for (const std::string &cell : only_in_base) out += fmt::format("\nOnly in {}: {}\n", base_name, cell);
    for (const std::string &cell : only_in_new) out += fmt::format("\nOnly in {}: {}\n", new_name, cell);
    return out;
}

}  // namespace robometrics::bench
