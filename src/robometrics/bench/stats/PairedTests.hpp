#pragma once
// Tests of paired differences: the same recordings evaluated in two benchmarks (BASE and NEW), one
// difference NEW - BASE per recording. Wilcoxon's signed-rank test (no assumption on the shape of
// the differences) and the paired t-test with its confidence interval of the mean difference.
// Both follow scipy.stats (wilcoxon with its defaults, ttest_rel), so their p-values can be
// checked against it; docs/bench.md, Statistics, has the formulas.

#include <cmath>
#include <span>

namespace robometrics::bench {

struct WilcoxonResult {
    int n = 0;               ///< non-zero differences (zeros are dropped, scipy's zero_method "wilcox")
    int zeros = 0;           ///< differences exactly 0
    double w_plus = NAN;     ///< sum of the ranks of |d| over the positive differences
    double statistic = NAN;  ///< min(W+, W-), scipy's two-sided statistic
    double p_value = NAN;    ///< two-sided; 1 when every difference is 0; NaN without differences
    bool exact = false;      ///< the exact null distribution, else the normal approximation
};

/// Wilcoxon signed-rank test of `differences` (non-finite ones ignored). Zeros are dropped
/// (Wilcoxon's method, scipy's default zero_method "wilcox"); |d| are ranked with tied values
/// sharing their mean rank. Up to 50 non-zero differences the two-sided p is exact: the share of
/// the 2^n sign patterns of the ranks whose W+ is as extreme. This is scipy 1.10's `wilcoxon(d)`
/// when no difference is 0 and no |d| are tied; with zeros scipy switches to the normal
/// approximation, and with ties it looks W+ up, truncated, in the table of untied ranks, both of
/// which are too small for the few recordings a fleet may have changed (4 equal changes: normal
/// 0.046, exact 0.125). Above 50: the normal approximation with scipy's tie correction of the
/// variance and no continuity correction, as scipy.
WilcoxonResult wilcoxonSignedRank(std::span<const double> differences);

struct PairedTResult {
    int n = 0;
    double mean = NAN;  ///< mean difference
    double sd = NAN;    ///< sample standard deviation of the differences
    double t = NAN;
    double df = NAN;
    double p_value = NAN;                ///< two-sided; NaN below two differences
    double ci_low = NAN, ci_high = NAN;  ///< mean -+ t_{(1+confidence)/2, n-1} sd / sqrt(n)
};

/// The paired t-test (scipy's ttest_rel on the two samples) and the interval of the mean
/// difference. Differences without spread give p = 1 when they are all 0, else p = 0 (the
/// difference is exact), and a zero-width interval.
PairedTResult pairedTTest(std::span<const double> differences, double confidence = 0.95);

}  // namespace robometrics::bench
