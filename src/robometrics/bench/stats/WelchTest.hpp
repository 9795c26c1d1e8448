#pragma once
// Welch's unequal-variances t-test of two independent samples (two configurations' iterations):
// t = (mean_a - mean_b) / sqrt(s_a^2/n_a + s_b^2/n_b), Welch-Satterthwaite degrees of freedom,
// two-sided p-value from Student's t.

#include <cmath>
#include <span>

namespace robometrics::bench {

struct WelchResult {
    double difference = NAN;  ///< mean_a - mean_b
    double t = NAN;
    double df = NAN;
    double p_value = NAN;  ///< two-sided; NaN when a sample has fewer than two values
};

/// Non-finite values are ignored. Two samples without spread (both variances 0) give p = 1 when
/// the means are equal and p = 0 otherwise: the difference is exact.
WelchResult welchTest(std::span<const double> a, std::span<const double> b);

}  // namespace robometrics::bench
