#pragma once
// The descriptive statistics of one metric over the iterations of one cell: n, mean, sample
// standard deviation, min, max, median and the 95 % confidence interval of the mean (Student t).

#include <cmath>
#include <cstddef>
#include <span>

namespace robometrics::bench {

struct SampleSummary {
    std::size_t n = 0;
    double mean = NAN;
    double std = NAN;  ///< sample standard deviation (n - 1); NaN below two values
    double min = NAN, max = NAN, median = NAN;
    double ci_low = NAN, ci_high = NAN;  ///< mean -+ t_{0.975, n-1} std / sqrt(n); NaN below two values
};

/// Confidence level of every interval in `bench report`.
inline constexpr double kConfidence = 0.95;

/// Non-finite values are ignored (a metric that was not evaluated is not a zero).
SampleSummary summarize(std::span<const double> values);

}  // namespace robometrics::bench
