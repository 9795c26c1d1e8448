#pragma once
// evaluate's output folder holds its own files and whatever else the user keeps there (notes, a
// screenshot of the report, the bag itself). A re-run replaces only evaluate's own files and never
// deletes another file; a folder holding a file of one of those names that evaluate did not write
// (no summary.json beside it) is refused, so a mistyped -o overwrites nothing.
//
// The new folder still replaces the earlier one in one atomic exchange (AtomicDirectory), so a kill
// at any moment leaves one run's files or the other's, never a mix: the user's files are carried
// into the new folder beforehand as hard links (a copy where the file system has none), which
// leaves the originals where they are until the exchange and costs no copy.

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

/// Puts every entry of the existing folder `target` that is not one of evaluationFileNames() into
/// `staging` (the new output, beside it): folders recreated, files hard-linked (copied where
/// links fail), symbolic links copied as links. evaluate's own files of an earlier run are left
/// behind, so none survives that this run did not write (a stale ate.csv would contradict
/// summary.json).
Status carryForeignFiles(const std::filesystem::path &target, const std::filesystem::path &staging);

}  // namespace robometrics::evaluate
