#pragma once
// The five numbers of a box plot of an error distribution, as matplotlib's `boxplot` draws them
// (evo_res -p uses it): quartiles by numpy's default (linear) percentile, whiskers at the most
// extreme values within 1.5 IQR of the box. Values beyond the whiskers are outliers.

#include <cmath>
#include <cstddef>
#include <span>

namespace robometrics::slam {

struct BoxStatistics {
    double q1 = NAN, median = NAN, q3 = NAN;
    double whisker_low = NAN, whisker_high = NAN;
    std::size_t outliers = 0;
};

/// numpy.percentile(values, p) with the default linear interpolation; NaN for no values.
/// `sorted` must be in ascending order.
double percentileOfSorted(std::span<const double> sorted, double p);

/// Non-finite values are ignored.
BoxStatistics computeBoxStatistics(std::span<const double> values);

}  // namespace robometrics::slam
