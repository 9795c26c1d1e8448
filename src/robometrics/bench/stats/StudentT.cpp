#include "robometrics/bench/stats/StudentT.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace robometrics::bench {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

/// The continued fraction of I_x(a, b) (Numerical Recipes' form, evaluated with the modified
/// Lentz method). It converges fast for x < (a + 1) / (a + b + 2); the caller uses the symmetry
/// I_x(a, b) = 1 - I_{1-x}(b, a) otherwise.
double betaContinuedFraction(double a, double b, double x) {
    constexpr double kTiny = 1e-300;
    constexpr double kEps = 1e-15;
    const double qab = a + b, qap = a + 1, qam = a - 1;
    double c = 1.0;
    double d = 1.0 - qab * x / qap;
    if (std::abs(d) < kTiny) d = kTiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 10000; ++m) {
        const double m2 = 2.0 * m;
        // Even step: d_{2m} = m (b - m) x / ((a + 2m - 1)(a + 2m)).
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if (std::abs(d) < kTiny) d = kTiny;
        c = 1.0 + aa / c;
        if (std::abs(c) < kTiny) c = kTiny;
        d = 1.0 / d;
        h *= d * c;
        // Odd step: d_{2m+1} = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)).
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if (std::abs(d) < kTiny) d = kTiny;
        c = 1.0 + aa / c;
        if (std::abs(c) < kTiny) c = kTiny;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1.0) < kEps) break;
    }
    return h;
}

}  // namespace

double regularizedIncompleteBeta(double a, double b, double x) {
    if (!(a > 0) || !(b > 0) || !(x >= 0) || !(x <= 1)) return kNan;
    if (x == 0 || x == 1) return x;
    // x^a (1-x)^b / (a B(a, b)), in logarithms so large a and b do not overflow.
    const double log_front =
        std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    const double front = std::exp(log_front);
    if (x < (a + 1) / (a + b + 2)) return front * betaContinuedFraction(a, b, x) / a;
    return 1.0 - front * betaContinuedFraction(b, a, 1.0 - x) / b;
}

double studentTTwoSidedP(double t, double df) {
    if (std::isnan(t) || !(df > 0)) return kNan;
    if (std::isinf(t)) return 0.0;
    // P(|T| >= |t|) = I_{df / (df + t^2)}(df / 2, 1 / 2).
    return regularizedIncompleteBeta(df / 2, 0.5, df / (df + t * t));
}

double studentTCdf(double t, double df) {
    if (std::isnan(t) || !(df > 0)) return kNan;
    const double tail = studentTTwoSidedP(t, df) / 2;  // P(T >= |t|)
    return t > 0 ? 1.0 - tail : tail;
}

double studentTQuantile(double p, double df) {
    if (!(p > 0) || !(p < 1) || !(df > 0)) return kNan;
    if (p == 0.5) return 0.0;
    // The CDF is increasing: bracket the root, then bisect. 200 halvings reach the double
    // resolution from any bracket; speed does not matter for a few hundred calls per report.
    double lo = -1.0, hi = 1.0;
    while (studentTCdf(lo, df) > p && lo > -1e300) lo *= 2;
    while (studentTCdf(hi, df) < p && hi < 1e300) hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * std::max(1.0, std::abs(lo)); ++i) {
        const double mid = lo + (hi - lo) / 2;
        (studentTCdf(mid, df) < p ? lo : hi) = mid;
    }
    return lo + (hi - lo) / 2;
}

}  // namespace robometrics::bench
