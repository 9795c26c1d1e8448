#include "robometrics/report/AxisRange.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::report {

namespace {
// Space between the data and the frame, as a share of the range.
constexpr double kMargin = 0.04;
}  // namespace

AxisRange readableRange(double lo, double hi) {
    if (!(lo <= hi) || !std::isfinite(lo) || !std::isfinite(hi)) return {0, 1};
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    double span = hi - lo;
    if (lo >= 0 && lo <= span) {
        // Near zero anyway: zero is the natural floor, and no noise is magnified.
        const double top = hi > 0 ? hi : 0.5;
        return {0, top * (1 + kMargin)};
    }
    const double min_span = magnitude > 0 ? kMinRelativeSpan * magnitude : 1.0;
    if (span < min_span) {
        const double mid = (lo + hi) / 2;
        lo = mid - min_span / 2;
        hi = mid + min_span / 2;
        span = min_span;
    }
    return {lo - kMargin * span, hi + kMargin * span};
}

}  // namespace robometrics::report
