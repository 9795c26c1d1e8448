#pragma once
// The traversal node as the seed runs it: its rows appended to a CSV log file while the run goes
// on (the seed's 12 columns, or the extended ones); offline written aside and named when the run
// ends, live under its name from the start with every row flushed.
// `traversal` and `live traversal` both run this.

#include <string>

#include "robometrics/nodes/TraversalNode.hpp"
#include "robometrics/report/CsvFile.hpp"

namespace robometrics::nodes {

class TraversalCsvLog {
public:
    /// metric_logs/metrics_log_YYYYMMDD_HHMMSS.csv from the local wall time, as the seed names its logs.
    static std::string defaultPath();

    /// An empty `csv_path` means defaultPath().
    TraversalCsvLog(const traversal::TraversalConfig &config, std::string csv_path, bool extended,
                    traversal::TraversalMetrics::DebugSink debug = {});

    /// Opens the CSV and writes its header: atomic for a bag (named when complete), streaming
    /// live (report/CsvFile.hpp).
    Status open(report::CsvFile::Mode mode = report::CsvFile::Mode::atomic);
    TraversalNode &node() { return node_; }
    /// Also hands every row to `observer` once it is in the CSV (live traversal's diagnostics).
    void observeRows(traversal::TraversalMetrics::RowSink observer) { observer_ = std::move(observer); }
    const std::string &path() const { return path_; }
    /// After the node finished (node().finish()): closes the CSV and gives it its name.
    Result<traversal::TraversalSummary> finish();

private:
    std::string path_;
    bool extended_;
    report::CsvFile csv_;
    traversal::TraversalMetrics::RowSink observer_;
    TraversalNode node_;
};

}  // namespace robometrics::nodes
