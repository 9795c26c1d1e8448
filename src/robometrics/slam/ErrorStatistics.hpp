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

/// numpy's pairwise summation of value(first) .. value(first + n - 1), in numpy's order
/// (numpy/core/src/umath/loops_utils.h.src: unrolled by 8 up to blocks of 128, halves above
/// that). `value` computes each term where it is needed, so a sum of squares or of one
/// coordinate of a million points needs no array of its terms (issue 62: fresh memory).
template <class Value>
double pairwiseSumOf(std::size_t first, std::size_t n, const Value &value) {
    constexpr std::size_t kBlock = 128;
    if (n < 8) {
        double res = 0.0;
        for (std::size_t i = 0; i < n; ++i) res += value(first + i);
        return res;
    }
    if (n <= kBlock) {
        double r[8];
        for (std::size_t j = 0; j < 8; ++j) r[j] = value(first + j);
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (std::size_t j = 0; j < 8; ++j) r[j] += value(first + i + j);
        }
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += value(first + i);
        return res;
    }
    std::size_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwiseSumOf(first, n2, value) + pairwiseSumOf(first + n2, n - n2, value);
}

/// numpy's pairwise summation (`np.add.reduce` on a contiguous float64 array).
double pairwiseSum(std::span<const double> values);

/// numpy's median (the mean of the two middle values for an even count) of `values`, which it
/// reorders; 0 when empty.
double medianInPlace(std::span<double> values);

/// Statistics of `errors`; all zero when `errors` is empty. The one copy it makes (the median's)
/// is in huge pages when large (core/HugePages.hpp).
ErrorStatistics computeErrorStatistics(std::span<const double> errors);

/// The same statistics without the copy: the median reorders `errors` themselves, for a caller
/// that keeps only the statistics (8 MB of fresh memory less on a million errors).
ErrorStatistics computeErrorStatisticsInPlace(std::span<double> errors);

}  // namespace robometrics::slam
