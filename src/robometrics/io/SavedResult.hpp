#pragma once
// Reading the results file that `ape`/`rpe --save_results` write (schema in docs/ape.md): a JSON
// object with the statistics (n, rmse, mean, median, std, min, max, sse), the metric, relation and
// unit, an `info` block (title, ref_name, est_name, label) and the per-error arrays `errors`,
// `timestamps`, `seconds_from_start`; or evo's result zip (EvoResultZip.hpp), told apart by its
// first bytes whatever the file is called. `robometrics res` compares several of them.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/ErrorStatistics.hpp"

namespace robometrics::io {

struct SavedResult {
    std::string path;
    std::string title, metric, relation, unit;
    std::string ref_name, est_name, label;
    slam::ErrorStatistics stats;  ///< as stored (not recomputed)
    std::vector<double> errors;
    std::vector<double> seconds_from_start;  ///< empty when the file has none
};

/// Errors name the file and the missing or malformed field.
Result<SavedResult> readSavedResult(const std::string &path);

}  // namespace robometrics::io
