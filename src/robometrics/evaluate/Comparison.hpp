#pragma once
// `robometrics compare`: a table of headline metrics of several evaluated runs (read from their
// summary.json), one column per run, the best value of each row marked (lower or higher is
// better, as the metric catalogue says), like evo_res does for trajectories.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/evaluate/MetricCatalogue.hpp"

namespace robometrics::evaluate {

struct ComparedRun {
    std::string name;  ///< the output directory
    nlohmann::json summary;
};

struct ComparisonRow {
    std::string metric;
    Direction direction = Direction::None;      ///< from the metric catalogue
    std::vector<std::optional<double>> values;  ///< one per run; empty when the run lacks it
    std::vector<std::string> text;              ///< for non-numeric rows (verdict)
    std::optional<std::size_t> best;            ///< index of the best run
};

struct ComparisonTable {
    std::vector<std::string> runs;
    std::vector<ComparisonRow> rows;
};

ComparisonTable compareRuns(const std::vector<ComparedRun> &runs);

std::string comparisonMarkdown(const ComparisonTable &table);
std::string comparisonCsv(const ComparisonTable &table);
nlohmann::json comparisonJson(const ComparisonTable &table);

}  // namespace robometrics::evaluate
