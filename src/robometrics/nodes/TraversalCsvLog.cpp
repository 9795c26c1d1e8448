#include "robometrics/nodes/TraversalCsvLog.hpp"

#include <fmt/format.h>

#include <ctime>
#include <filesystem>

#include "robometrics/traversal/TraversalCsv.hpp"

namespace robometrics::nodes {

std::string TraversalCsvLog::defaultPath() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d_%H%M%S", &local);
    return (std::filesystem::path("metric_logs") / fmt::format("metrics_log_{}.csv", stamp)).string();
}

TraversalCsvLog::TraversalCsvLog(const traversal::TraversalConfig &config, std::string csv_path, bool extended,
                                 traversal::TraversalMetrics::DebugSink debug)
    : path_(csv_path.empty() ? defaultPath() : std::move(csv_path)),
      extended_(extended),
      node_(
          config,
          [this](const traversal::TraversalRow &row) {
              csv_.write(traversal::TraversalCsv::row(row, extended_));
              if (observer_) observer_(row);
          },
          std::move(debug)) {}

Status TraversalCsvLog::open(report::CsvFile::Mode mode) {
    ROBOMETRICS_TRY(csv_.open(path_, mode));
    csv_.write(traversal::TraversalCsv::header(extended_));
    return Status::Ok();
}

Result<traversal::TraversalSummary> TraversalCsvLog::finish() {
    ROBOMETRICS_TRY(csv_.commit());
    return node_.summary();
}

}  // namespace robometrics::nodes
