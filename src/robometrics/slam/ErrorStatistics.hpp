#pragma once
// Summary statistics of an error series, computed the way evo computes them with numpy:
// sums use numpy's pairwise summation (so sums of a million values agree with numpy to the last
// bits), std is the population standard deviation (ddof = 0), the median of an even count is the
// mean of the two middle values.

#include <cstddef>
#include <span>

namespace robometrics::slam {

struct ErrorStatistics {
    std::size_t n = 0;
    double rmse = 0.0;
    double mean = 0.0;
    double median = 0.0;
    double std = 0.0;
    double min = 0.0;
    double max = 0.0;
    double sse = 0.0;
};

/// numpy's pairwise summation (`np.add.reduce` on a contiguous float64 array).
double pairwiseSum(std::span<const double> values);

/// Statistics of `errors`; all zero when `errors` is empty.
ErrorStatistics computeErrorStatistics(std::span<const double> errors);

}  // namespace robometrics::slam
