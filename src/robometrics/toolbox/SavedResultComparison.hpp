#pragma once
// What `robometrics res` does with saved ape/rpe results (evo_res; docs/res.md): reads them, names
// them as evo does, warns about results that measure different things, writes the statistics
// table (CSV) and the comparison plots, and renders the table as text or JSON.

#include <functional>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/SavedResult.hpp"

namespace robometrics::toolbox {

/// The options of `robometrics res`, as on its command line.
struct SavedResultComparisonOptions {
    std::vector<std::string> files;
    bool use_filenames = false;
    std::string table;  ///< --save_table FILE.csv
    bool plot = false, json = false;
    std::string save_plot;  ///< evo's --save_plot PATH (toolbox/PlotFiles.hpp)
    std::string out_dir;  ///< -o DIR: -p's plots (empty: none, -p alone writes nothing)
};

/// evo's naming: the label, the estimate's name or the file's stem (the path with
/// `use_filenames`); repeats get _2, _3.
std::vector<std::string> savedResultNames(const std::vector<io::SavedResult> &results, bool use_filenames);

/// Runs `res`: warnings go to `warn` as they are found; returns what stdout shows (the table as
/// text, or the JSON document with --json). Errors name the file at fault.
Result<std::string> compareSavedResults(const SavedResultComparisonOptions &o,
                                        const std::function<void(const std::string &)> &warn);

}  // namespace robometrics::toolbox
