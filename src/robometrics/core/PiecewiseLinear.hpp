#pragma once
// Evaluating a clock map given as points (x, y) sorted by x: linear between the two points around
// `at`, the nearest end segment extended outside (its rate), slope 1 through a single point.
// Shared by the /clock track and the header-stamp anchors of RunClock, in either direction.

#include <algorithm>
#include <cmath>
#include <vector>

#include "robometrics/core/Time.hpp"

namespace robometrics {

template <class Point, class X, class Y>
TimeNs piecewiseLinearAt(const std::vector<Point> &points, TimeNs at, X x_of, Y y_of) {
    if (points.empty()) return at;
    if (points.size() == 1) return y_of(points.front()) + (at - x_of(points.front()));
    auto after =
        std::upper_bound(points.begin(), points.end(), at, [&](TimeNs v, const Point &p) { return v < x_of(p); });
    if (after == points.begin()) ++after;
    if (after == points.end()) --after;
    const Point &a = *(after - 1);
    const Point &b = *after;
    const double rate = static_cast<double>(y_of(b) - y_of(a)) / static_cast<double>(x_of(b) - x_of(a));
    return y_of(a) + static_cast<TimeNs>(std::llround(rate * static_cast<double>(at - x_of(a))));
}

}  // namespace robometrics
