#pragma once
// Writes a benchmark's report files from its store: OUT/report.html (leaderboards, box plots,
// links to each run's report), OUT/results.csv and OUT/results.json. Used by `bench` at the end
// of a matrix and by `bench report` (docs/bench.md, Report).

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

struct BenchReportOptions {
    std::vector<std::string> compare;  ///< two cells (key or number), or empty
    std::string metric;                ///< metric for the table and --compare; empty = headline metrics
};

struct BenchReportWritten {
    std::string table;       ///< the results table (mean ± 95 % CI per cell and headline metric)
    std::string comparison;  ///< the comparison's sentence, when two cells were compared
    std::string report_path;
};

Result<BenchReportWritten> writeBenchReport(const std::string &out_dir, const BenchReportOptions &options = {});

/// `robometrics bench report`: writes the files and returns what it prints: the table, the
/// comparison's sentence when two cells were compared, and the report's path.
Result<std::string> benchReport(const std::string &out_dir, const BenchReportOptions &options);

}  // namespace robometrics::bench
