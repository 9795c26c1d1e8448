#include "robometrics/slam/ErrorStatistics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace robometrics::slam {

namespace {

// numpy/core/src/umath/loops_utils.h.src: unrolled by 8 up to blocks of 128, halves above that.
double pairwiseSumRaw(const double *a, std::size_t n) {
    constexpr std::size_t kBlock = 128;
    if (n < 8) {
        double res = 0.0;
        for (std::size_t i = 0; i < n; ++i) res += a[i];
        return res;
    }
    if (n <= kBlock) {
        double r[8];
        for (int j = 0; j < 8; ++j) r[j] = a[j];
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8) {
            for (int j = 0; j < 8; ++j) r[j] += a[i + j];
        }
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += a[i];
        return res;
    }
    std::size_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwiseSumRaw(a, n2) + pairwiseSumRaw(a + n2, n - n2);
}

}  // namespace

double pairwiseSum(std::span<const double> values) { return pairwiseSumRaw(values.data(), values.size()); }

ErrorStatistics computeErrorStatistics(std::span<const double> errors) {
    ErrorStatistics s;
    s.n = errors.size();
    if (errors.empty()) return s;
    const double n = static_cast<double>(errors.size());
    std::vector<double> work(errors.begin(), errors.end());

    s.mean = pairwiseSum(work) / n;
    auto [lo, hi] = std::minmax_element(work.begin(), work.end());
    s.min = *lo;
    s.max = *hi;

    for (double &e : work) e = e * e;
    s.sse = pairwiseSum(work);
    s.rmse = std::sqrt(s.sse / n);

    for (std::size_t i = 0; i < errors.size(); ++i) {
        double d = errors[i] - s.mean;
        work[i] = d * d;
    }
    s.std = std::sqrt(pairwiseSum(work) / n);

    std::copy(errors.begin(), errors.end(), work.begin());
    const std::size_t half = work.size() / 2;
    std::nth_element(work.begin(), work.begin() + static_cast<std::ptrdiff_t>(half), work.end());
    double upper = work[half];
    if (work.size() % 2 == 1) {
        s.median = upper;
    } else {
        double lower = *std::max_element(work.begin(), work.begin() + static_cast<std::ptrdiff_t>(half));
        s.median = (lower + upper) / 2.0;
    }
    return s;
}

}  // namespace robometrics::slam
