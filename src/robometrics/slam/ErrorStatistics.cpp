#include "robometrics/slam/ErrorStatistics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "robometrics/core/HugePages.hpp"

namespace robometrics::slam {

double pairwiseSum(std::span<const double> values) {
    const double *data = values.data();
    return pairwiseSumOf(0, values.size(), [data](std::size_t i) { return data[i]; });
}

double medianInPlace(std::span<double> values) {
    if (values.empty()) return 0.0;
    const std::size_t half = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half), values.end());
    const double upper = values[half];
    if (values.size() % 2 == 1) return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half));
    return (lower + upper) / 2.0;
}

ErrorStatistics computeErrorStatisticsInPlace(std::span<double> errors) {
    ErrorStatistics s;
    s.n = errors.size();
    if (errors.empty()) return s;
    const double n = static_cast<double>(errors.size());
    const double *e = errors.data();
    // Each sum as numpy adds up its array (the squares, the squared deviations), without the array.
    s.mean = pairwiseSumOf(0, errors.size(), [e](std::size_t i) { return e[i]; }) / n;
    auto [lo, hi] = std::minmax_element(errors.begin(), errors.end());
    s.min = *lo;
    s.max = *hi;
    s.sse = pairwiseSumOf(0, errors.size(), [e](std::size_t i) { return e[i] * e[i]; });
    s.rmse = std::sqrt(s.sse / n);
    const double mean = s.mean;
    s.std = std::sqrt(pairwiseSumOf(0, errors.size(),
                                    [e, mean](std::size_t i) {
                                        const double d = e[i] - mean;
                                        return d * d;
                                    }) /
                      n);
    s.median = medianInPlace(errors);  // last: it reorders them
    return s;
}

ErrorStatistics computeErrorStatistics(std::span<const double> errors) {
    std::vector<double> scratch;  // the same values in the same order: the same sums and median
    reserveInHugePages(scratch, errors.size());
    scratch.assign(errors.begin(), errors.end());
    return computeErrorStatisticsInPlace(scratch);
}

}  // namespace robometrics::slam
