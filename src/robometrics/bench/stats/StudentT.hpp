#pragma once
// Student's t distribution and the special function behind it, written out so `bench report`
// needs no statistics library: the regularised incomplete beta function I_x(a, b) (a continued
// fraction), the t CDF and its quantile. Accurate to ~1e-12 relative over the ranges a benchmark
// uses (degrees of freedom 1..1e6); docs/bench.md, Statistics, has the formulas.

namespace robometrics::bench {

/// I_x(a, b) = B(x; a, b) / B(a, b) for a, b > 0 and x in [0, 1]; NaN outside.
double regularizedIncompleteBeta(double a, double b, double x);

/// P(T <= t) for T ~ Student t with `df` > 0 degrees of freedom (df may be fractional, as Welch's is).
double studentTCdf(double t, double df);

/// The t with P(T <= t) = p, for p in (0, 1); NaN outside.
double studentTQuantile(double p, double df);

/// Two-sided p-value of a t statistic: P(|T| >= |t|).
double studentTTwoSidedP(double t, double df);

}  // namespace robometrics::bench
