#pragma once
// One run's trajectories for the bench report's overlay: ground truth and the estimate after
// evaluate's SE(3) alignment, x/y in the ground truth's frame, read from the run's eval/ate.csv
// (docs/evaluate.md) and thinned to a few hundred points, so a report of many runs stays small
// and its memory does not grow with the length of the runs.

#include <cstddef>
#include <istream>
#include <optional>
#include <vector>

namespace robometrics::bench {

struct RunTrajectory {
    int job_index = 0;
    std::vector<double> ref_x, ref_y, est_x, est_y;
};

/// Points kept per run: enough for a smooth path in a plot a few hundred pixels wide.
constexpr std::size_t kOverlayPoints = 400;

/// The ref_x, ref_y, est_x, est_y columns of an ate.csv, every k-th row so that at most
/// `max_points` remain (the first and last row always). None when the header has no position
/// columns (an ate.csv of an older evaluate) or no row parses: the overlay is then left out, the
/// report is not failed for it. Rows with a non-numeric field are skipped.
std::optional<RunTrajectory> readRunTrajectory(std::istream &ate_csv, int job_index,
                                               std::size_t max_points = kOverlayPoints);

}  // namespace robometrics::bench
