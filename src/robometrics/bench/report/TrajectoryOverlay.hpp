#pragma once
// The bench report's "Trajectories per cell": for each cell one plot of its runs, ground truth
// in grey and each run's estimate (after evaluate's SE(3) alignment) in its own colour, so a
// team sees where in the world the runs of a configuration go wrong, not only by how much.

#include <optional>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/bench/report/RunTrajectory.hpp"
#include "robometrics/report/HtmlReport.hpp"

namespace robometrics::bench {

/// Runs drawn per cell: more lines than this are a tangle, and the report stays small.
constexpr int kOverlayRunsPerCell = 10;

/// The first kOverlayRunsPerCell done jobs of each cell: those whose trajectories are read.
std::vector<int> overlayJobs(const BenchAggregates &aggregates, const std::vector<JobRecord> &jobs);

/// One plot per cell that has a trajectory in `runs`; none when no cell has one (no ground
/// truth in this benchmark).
std::optional<report::Section> trajectoryOverlaySection(const BenchAggregates &aggregates,
                                                        const std::vector<RunTrajectory> &runs);

}  // namespace robometrics::bench
