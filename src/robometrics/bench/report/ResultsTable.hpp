#pragma once
// The table printed at the end of `robometrics bench` and by `bench report`: one row per cell,
// its done/failed counts and, for a few headline metrics, "mean ± half-width of the 95 % CI".

#include <string>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"

namespace robometrics::bench {

/// The metrics worth a column: the metric catalogue's headline ones present, in its order (ATE,
/// map, collisions, clearance, lost, CPU, memory, run time), else the first few that are not
/// bookkeeping; `requested` (non-empty) wins.
std::vector<std::string> headlineMetrics(const BenchAggregates &aggregates, const std::string &requested = {});

/// The table's cells: a header row ("#", "cell", "done", "failed", metrics..., and "contract"
/// when a cell's runs were checked against a spec) then one row per cell (shared by the text
/// table and the HTML report).
std::vector<std::vector<std::string>> resultsRows(const BenchAggregates &aggregates,
                                                  const std::vector<std::string> &metrics);

/// Plain text, aligned columns, ends with a newline. Same rows give the same text, so two
/// executors' tables can be compared byte for byte.
std::string resultsTable(const BenchAggregates &aggregates, const std::vector<std::string> &metrics);

/// The store's rows straight to the table (for the end of a bench run).
std::string resultsTable(const std::vector<JobRecord> &jobs, const std::vector<MetricValue> &metrics);

/// "0.1234 ± 0.0056" ("0.1234" for one value, "-" for none).
std::string meanWithInterval(const SampleSummary &summary);
/// A 0/1 metric (unit "0/1", potential_failure) as its count of ones over its values: "3/3".
std::string shareCount(const SampleSummary &summary);

}  // namespace robometrics::bench
