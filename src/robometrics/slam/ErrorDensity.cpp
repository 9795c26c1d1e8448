#include "robometrics/slam/ErrorDensity.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "robometrics/slam/BoxStatistics.hpp"

namespace robometrics::slam {
namespace {

std::vector<double> finiteSorted(std::span<const double> values) {
    std::vector<double> out;
    out.reserve(values.size());
    for (double v : values) {
        if (std::isfinite(v)) out.push_back(v);
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// numpy.linspace(lo, hi, n): lo + i * step, the last point exactly hi.
std::vector<double> linspace(double lo, double hi, std::size_t n) {
    std::vector<double> out(n);
    const double step = n > 1 ? (hi - lo) / static_cast<double>(n - 1) : 0.0;
    for (std::size_t i = 0; i < n; ++i) out[i] = lo + static_cast<double>(i) * step;
    if (n > 1) out.back() = hi;
    return out;
}

}  // namespace

std::size_t distplotBins(std::span<const double> values) {
    constexpr std::size_t kMostBins = 50;
    const std::vector<double> v = finiteSorted(values);
    if (v.size() < 2) return 1;
    const double iqr = percentileOfSorted(v, 75) - percentileOfSorted(v, 25);
    const double h = 2 * iqr / std::cbrt(static_cast<double>(v.size()));
    if (h == 0) return std::min(kMostBins, static_cast<std::size_t>(std::sqrt(static_cast<double>(v.size()))));
    // Capped as a double: a huge spread over a tiny IQR gives more bins than a size_t holds.
    const double bins = std::ceil((v.back() - v.front()) / h);
    return static_cast<std::size_t>(std::clamp(bins, 1.0, static_cast<double>(kMostBins)));
}

DensityHistogram densityHistogram(std::span<const double> values, std::size_t bins) {
    DensityHistogram h;
    const std::vector<double> v = finiteSorted(values);
    if (v.empty() || bins == 0) return h;
    double lo = v.front(), hi = v.back();
    if (lo == hi) {
        lo -= 0.5;
        hi += 0.5;
    }
    h.edges = linspace(lo, hi, bins + 1);
    std::vector<std::size_t> counts(bins, 0);
    const auto n_bins = static_cast<double>(bins);
    for (double x : v) {
        // numpy's index (in its order of operations), then its correction where rounding put x
        // on the wrong side of an edge.
        auto i = static_cast<std::size_t>(std::min((x - lo) / (hi - lo) * n_bins, n_bins - 1));
        if (x < h.edges[i] && i > 0) --i;
        if (i + 1 < bins && x >= h.edges[i + 1]) ++i;
        ++counts[i];
    }
    h.density.resize(bins);
    const double n = static_cast<double>(v.size());
    for (std::size_t i = 0; i < bins; ++i) {
        h.density[i] = static_cast<double>(counts[i]) / (h.edges[i + 1] - h.edges[i]) / n;  // numpy's order
    }
    return h;
}

double scottBandwidth(std::span<const double> values) {
    const std::vector<double> v = finiteSorted(values);
    if (v.size() < 2) return NAN;
    double mean = 0;
    for (double x : v) mean += x;
    mean /= static_cast<double>(v.size());
    double ss = 0;
    for (double x : v) ss += (x - mean) * (x - mean);
    const double std_dev = std::sqrt(ss / static_cast<double>(v.size() - 1));
    if (!(std_dev > 0)) return NAN;
    return std_dev * std::pow(static_cast<double>(v.size()), -0.2);
}

DensityCurve gaussianDensity(std::span<const double> values, double cut, std::size_t gridsize) {
    DensityCurve c;
    const double bw = scottBandwidth(values);
    if (std::isnan(bw) || gridsize == 0) return c;
    const std::vector<double> v = finiteSorted(values);
    c.x = linspace(v.front() - cut * bw, v.back() + cut * bw, gridsize);
    const double norm = 1.0 / (static_cast<double>(v.size()) * bw * std::sqrt(2 * std::numbers::pi));
    c.density.resize(gridsize);
    for (std::size_t i = 0; i < gridsize; ++i) {
        double sum = 0;
        for (double x : v) {
            const double z = (c.x[i] - x) / bw;
            sum += std::exp(-0.5 * z * z);
        }
        c.density[i] = sum * norm;
    }
    return c;
}

}  // namespace robometrics::slam
