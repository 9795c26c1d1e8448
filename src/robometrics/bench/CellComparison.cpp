#include "robometrics/bench/CellComparison.hpp"

#include <fmt/format.h>

#include <vector>

#include "robometrics/bench/report/Leaderboard.hpp"

namespace robometrics::bench {
namespace {

const std::vector<double> &valuesOf(const CellAggregate &cell, const std::string &metric) {
    static const std::vector<double> kNone;
    auto it = cell.metrics.find(metric);
    return it == cell.metrics.end() ? kNone : it->second.values;
}

}  // namespace

CellComparison compareCells(const CellAggregate &a, const CellAggregate &b, const std::string &metric,
                            const BootstrapOptions &options) {
    CellComparison c;
    c.metric = metric;
    c.cell_a = a.key;
    c.cell_b = b.key;
    c.direction = evaluate::metricInfo(metric).direction;
    const auto &va = valuesOf(a, metric);
    const auto &vb = valuesOf(b, metric);
    c.a = summarize(va);
    c.b = summarize(vb);
    c.welch = welchTest(va, vb);
    c.bootstrap = bootstrapDifference(va, vb, options);
    c.welch_significant = c.welch.p_value < kAlpha;
    c.bootstrap_significant = c.bootstrap.ci_low > 0 || c.bootstrap.ci_high < 0;
    if (evaluate::better(c.a.mean, c.b.mean, c.direction)) c.better = c.cell_a;
    if (evaluate::better(c.b.mean, c.a.mean, c.direction)) c.better = c.cell_b;
    return c;
}

std::string CellComparison::sentence() const {
    if (a.n == 0 || b.n == 0) {
        return fmt::format("{}: no values for {} in {}", metric, a.n == 0 ? cell_a : cell_b,
                           a.n == 0 && b.n == 0 ? "either cell" : "one cell");
    }
    const double diff = a.mean - b.mean;
    std::string head;
    if (diff == 0) {
        head = fmt::format("{} and {} have the same mean {} ({:.6g})", cell_a, cell_b, metric, a.mean);
    } else if (better.empty()) {
        head = fmt::format("{} minus {} on {} is {:.4g} (not ranked: no direction in the metric catalogue)", cell_a,
                           cell_b, metric, diff);
    } else {
        head = fmt::format("{} is better on {} ({}) by {:.4g}", better, metric, evaluate::directionText(direction),
                           std::abs(diff));
    }
    std::string verdict;
    if (welch_significant && bootstrap_significant) {
        verdict = "the difference is significant at 5 %";
    } else if (welch_significant || bootstrap_significant) {
        verdict = "the tests disagree: treat the difference as uncertain";
    } else {
        verdict = "the difference is not significant at 5 %";
    }
    return fmt::format("{}; {} (Welch p = {:.3g}, bootstrap 95 % CI of A - B {:.4g} .. {:.4g})", head, verdict,
                       welch.p_value, bootstrap.ci_low, bootstrap.ci_high);
}

}  // namespace robometrics::bench
