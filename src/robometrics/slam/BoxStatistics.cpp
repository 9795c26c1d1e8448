#include "robometrics/slam/BoxStatistics.hpp"

#include <algorithm>
#include <vector>

namespace robometrics::slam {

double percentileOfSorted(std::span<const double> sorted, double p) {
    if (sorted.empty()) return NAN;
    const double rank = p / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(rank));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = rank - static_cast<double>(below);
    return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

BoxStatistics computeBoxStatistics(std::span<const double> values) {
    std::vector<double> sorted;
    sorted.reserve(values.size());
    for (double v : values) {
        if (std::isfinite(v)) sorted.push_back(v);
    }
    BoxStatistics b;
    if (sorted.empty()) return b;
    std::sort(sorted.begin(), sorted.end());
    b.q1 = percentileOfSorted(sorted, 25);
    b.median = percentileOfSorted(sorted, 50);
    b.q3 = percentileOfSorted(sorted, 75);
    const double reach = 1.5 * (b.q3 - b.q1);
    // Whiskers end on data: the smallest value >= q1 - reach and the largest <= q3 + reach.
    b.whisker_low = *std::lower_bound(sorted.begin(), sorted.end(), b.q1 - reach);
    b.whisker_high = *(std::upper_bound(sorted.begin(), sorted.end(), b.q3 + reach) - 1);
    b.outliers = static_cast<std::size_t>(
        std::count_if(sorted.begin(), sorted.end(), [&](double v) { return v < b.whisker_low || v > b.whisker_high; }));
    return b;
}

}  // namespace robometrics::slam
