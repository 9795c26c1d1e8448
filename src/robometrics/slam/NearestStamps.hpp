#pragma once
// The walk behind the nearest-stamp association (evo's `matching_time_indices`), shared by the
// association that lists its pairs (matchNearest) and the one that keeps them as runs of
// consecutive poses (nearestPairRuns): each query stamp takes the nearest target stamp (+ the
// offset), the first index on a tie, accepted when |difference| <= max_diff.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <vector>

#include "robometrics/core/HugePages.hpp"

namespace robometrics::slam {

namespace nearest_detail {

/// The first position p of the sorted `v` with v[p] - s >= 0 (v.size() if none), searched
/// outward from `from` with growing steps: O(1) when the queries come in order, as stamps do (a
/// merge of the two sorted lists), O(log n) when they jump.
inline std::size_t firstNotBelow(const std::vector<double> &v, double s, std::size_t from) {
    const std::size_t n = v.size();
    auto below = [s](double x) { return x - s < 0.0; };
    std::size_t lo = from, hi = from;  // the answer lies in [lo, hi]
    if (from < n && below(v[from])) {
        lo = hi = from + 1;
        for (std::size_t step = 1; hi < n && below(v[hi]); step *= 2) {
            lo = hi + 1;
            hi = std::min(n, hi + step);
        }
    } else {
        for (std::size_t step = 1; lo > 0 && !below(v[lo - 1]); step *= 2) {
            hi = lo - 1;
            lo = hi >= step ? hi - step : 0;
        }
    }
    auto first = v.begin() + static_cast<std::ptrdiff_t>(lo);
    return static_cast<std::size_t>(std::partition_point(first, v.begin() + static_cast<std::ptrdiff_t>(hi), below) -
                                    v.begin());
}

}  // namespace nearest_detail

/// Calls `visit(query index, target index)` for each query stamp that has a target stamp (+
/// `target_offset`) within `max_diff`, in query order, with the nearest one (the first index on
/// a tie), until `visit` returns false. `target` need not be sorted.
template <class Visit>
void forEachNearestStamp(const std::vector<double> &query, const std::vector<double> &target, double target_offset,
                         double max_diff, Visit &&visit) {
    if (target.empty()) return;
    // evo adds the offset to the whole target array first; do the same so the rounding matches.
    // Without an offset that array is `target` itself (x + 0.0 == x): no copy of a million stamps.
    std::vector<double> own;  // the shifted stamps, then sorted, when they are not `target`'s
    if (target_offset != 0.0) {
        reserveInHugePages(own, target.size());
        for (double t : target) own.push_back(t + target_offset);
    }
    const std::vector<double> &unsorted = target_offset != 0.0 ? own : target;
    const bool sorted = std::is_sorted(unsorted.begin(), unsorted.end());
    std::vector<std::size_t> order;
    if (!sorted) {
        order.resize(unsorted.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return unsorted[a] < unsorted[b]; });
        std::vector<double> values(unsorted.size());
        for (std::size_t k = 0; k < order.size(); ++k) values[k] = unsorted[order[k]];
        own.swap(values);
    }
    const std::vector<double> &shifted = sorted ? unsorted : own;
    auto original = [&](std::size_t k) { return sorted ? k : order[k]; };
    // First position (in sorted order) of the run of values equal to shifted[k]: the stable sort
    // keeps equal stamps in input order, so it holds the smallest original index of that value.
    auto runStart = [&](std::size_t k) {
        if (k == 0 || shifted[k - 1] != shifted[k]) return k;  // no repeat: the usual case
        return static_cast<std::size_t>(
            std::lower_bound(shifted.begin(), shifted.begin() + static_cast<std::ptrdiff_t>(k), shifted[k]) -
            shifted.begin());
    };
    std::size_t k = 0;
    for (std::size_t i = 0; i < query.size(); ++i) {
        const double s = query[i];
        // k = first position with shifted[k] - s >= 0; |shifted - s| falls before k and rises from k.
        k = nearest_detail::firstNotBelow(shifted, s, k);
        bool have_above = k < shifted.size();
        bool have_below = k > 0;
        std::size_t best;
        double best_diff;
        if (have_below) {
            std::size_t b = runStart(k - 1);
            double diff_below = std::abs(shifted[b] - s);
            best = b;
            best_diff = diff_below;
            if (have_above) {
                double diff_above = std::abs(shifted[k] - s);
                if (diff_above < diff_below || (diff_above == diff_below && original(k) < original(b))) {
                    best = k;
                    best_diff = diff_above;
                }
            }
        } else {
            best = k;
            best_diff = std::abs(shifted[k] - s);
        }
        if (best_diff <= max_diff && !visit(i, original(best))) return;
    }
}

}  // namespace robometrics::slam
