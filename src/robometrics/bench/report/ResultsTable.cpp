#include "robometrics/bench/report/ResultsTable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::bench {
namespace {

constexpr std::size_t kMaxFallback = 4;

/// Display width of UTF-8 text (the ± is one column, two bytes).
std::size_t columns(const std::string &text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

std::vector<std::string> headlineMetrics(const BenchAggregates &aggregates, const std::string &requested) {
    if (!requested.empty()) return {requested};
    std::vector<std::string> out;
    for (const std::string &name : evaluate::inCatalogueOrder(aggregates.metric_names)) {
        if (evaluate::metricInfo(name).tier == evaluate::MetricTier::Headline) out.push_back(name);
    }
    if (!out.empty()) return out;
    for (const std::string &name : aggregates.metric_names) {
        if (out.size() == kMaxFallback) break;
        if (evaluate::metricInfo(name).tier != evaluate::MetricTier::Bookkeeping) out.push_back(name);
    }
    return out;
}

std::string shareCount(const SampleSummary &summary) {
    if (summary.n == 0) return "-";
    return fmt::format("{}/{}", static_cast<long long>(std::llround(summary.mean * static_cast<double>(summary.n))),
                       summary.n);
}

std::string meanWithInterval(const SampleSummary &summary) {
    if (summary.n == 0) return "-";
    if (summary.n == 1) return fmt::format("{:.4g}", summary.mean);
    return fmt::format("{:.4g} ± {:.2g}", summary.mean, summary.ci_high - summary.mean);
}

std::vector<std::vector<std::string>> resultsRows(const BenchAggregates &aggregates,
                                                  const std::vector<std::string> &metrics) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header{"#", "cell", "done", "failed"};
    header.insert(header.end(), metrics.begin(), metrics.end());
    const bool checked = std::any_of(aggregates.cells.begin(), aggregates.cells.end(),
                                     [](const CellAggregate &cell) { return cell.check.has_value(); });
    if (checked) header.push_back("contract");
    rows.push_back(header);
    for (std::size_t i = 0; i < aggregates.cells.size(); ++i) {
        const CellAggregate &cell = aggregates.cells[i];
        std::vector<std::string> row{std::to_string(i + 1), cell.key, std::to_string(cell.done),
                                     std::to_string(cell.failed)};
        for (const std::string &m : metrics) {
            auto it = cell.metrics.find(m);
            const bool share = evaluate::metricInfo(m).unit == "0/1";  // "3/3", not "1 ± 0"
            row.push_back(it == cell.metrics.end() ? "-"
                          : share                  ? shareCount(it->second.summary)
                                                   : meanWithInterval(it->second.summary));
        }
        if (checked) row.push_back(cell.check ? cell.check->text() : "-");
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string resultsTable(const BenchAggregates &aggregates, const std::vector<std::string> &metrics) {
    const std::vector<std::vector<std::string>> rows = resultsRows(aggregates, metrics);
    std::vector<std::size_t> width(rows.front().size(), 0);
    for (const auto &row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], columns(row[c]));
    }
    std::string out;
    for (const auto &row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c] + std::string(width[c] - columns(row[c]) + (c + 1 < row.size() ? 2 : 0), ' ');
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

std::string resultsTable(const std::vector<JobRecord> &jobs, const std::vector<MetricValue> &metrics) {
    const BenchAggregates aggregates = aggregate(jobs, metrics);
    return resultsTable(aggregates, headlineMetrics(aggregates));
}

}  // namespace robometrics::bench
