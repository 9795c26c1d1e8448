#pragma once
// The plots of `robometrics res`, comparing saved ape/rpe results (one colour per result, labelled
// by its name):
//   res_raw    each result's error over time, overlaid (seconds from its first error; the error
//              index when a result has no stamps)
//   res_box    a box plot per result: box q1..q3, median line, whiskers to the last value within
//              1.5 IQR (slam/BoxStatistics.hpp); outliers are counted, not drawn
//   res_stats  grouped bars of rmse, mean, median, std, min and max (groups 1..6 on the x axis in
//              that order), one bar per result in each group
//   res_histogram  per result, the outline of its density histogram and the kernel density
//              over it (evo's "histogram" figure, seaborn's distplot; slam/ErrorDensity.hpp),
//              overlaid where evo draws one panel per result
//   res_violin per result at x = 1, 2, ...: its kernel density mirrored about x, every violin
//              of the same area, and inside it the whiskers, the quartiles' box and the median
//              (evo's "violin_histogram" figure, seaborn's violinplot)
// Drawn with report::SvgPlot, which has lines only: boxes and bars are their outlines.

#include <string>
#include <vector>

#include "robometrics/io/SavedResult.hpp"
#include "robometrics/toolbox/TrajectoryOverlayPlot.hpp"

namespace robometrics::toolbox {

/// `names[k]` labels `results[k]`; the unit of the first result names the error axes.
std::vector<OverlayPlot> resultComparisonPlots(const std::vector<io::SavedResult> &results,
                                               const std::vector<std::string> &names);

}  // namespace robometrics::toolbox
