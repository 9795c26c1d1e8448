#pragma once
// evaluate's output folder holds its own files and whatever else the user keeps there (notes, a
// screenshot of the report, the bag itself). A re-run replaces only evaluate's own files, by name,
// and never deletes another file; a folder holding a file of one of those names that evaluate did
// not write (no summary.json beside it) is refused, so a mistyped -o overwrites nothing.

#include <filesystem>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::evaluate {

/// Every file name evaluate may write into its folder (not every run writes each).
const std::vector<std::string> &evaluationFileNames();

/// Whether `out_dir` may receive evaluate's files: absent, a folder without any of
/// evaluationFileNames(), or an earlier evaluate output (it holds summary.json).
Status checkOutputFolder(const std::string &out_dir);

/// Moves the files of `staging` (a complete run's output) into the existing folder `target`, each
/// by one rename that replaces evaluate's earlier file of that name; evaluate's earlier files that
/// this run did not write are removed first (a stale ate.csv would contradict summary.json), and
/// summary.json moves last. Files of other names in `target` are not touched.
Status moveOutputInto(const std::filesystem::path &staging, const std::filesystem::path &target);

}  // namespace robometrics::evaluate
