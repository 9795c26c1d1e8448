#pragma once
// Two views of the cells along the matrix's axes for `bench report`: a headline metric plotted
// against a numeric axis (mean and 95 % interval per value, one line per combination of the
// other axes: "ATE against duration, per scenario"), and a heat map of a headline metric over two
// axes (a grid of cell means coloured from best to worst by the metric's direction).

#include <string>
#include <utility>
#include <vector>

#include "robometrics/bench/BenchAggregates.hpp"
#include "robometrics/report/HtmlReport.hpp"

namespace robometrics::bench {

/// The axes of the cells, in matrix order, each with its values in first-seen order, read from
/// the cells' keys ("a=1,b=x"); values holding ',' or '=' are not split correctly.
std::vector<std::pair<std::string, std::vector<std::string>>> cellAxes(const BenchAggregates &aggregates);

/// The report sections: for each numeric axis with two or more values, a plot per headline metric
/// with a direction (at most `max_metrics`); and, when two axes have two or more values, a heat
/// map of the first such metric over the first two of them (cells differing in other axes are
/// pooled: the mean of their means). Empty when no axis varies.
std::vector<report::Section> axisSections(const BenchAggregates &aggregates, int max_metrics = 3);

}  // namespace robometrics::bench
