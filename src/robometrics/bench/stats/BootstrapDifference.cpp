#include "robometrics/bench/stats/BootstrapDifference.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include "robometrics/slam/BoxStatistics.hpp"

namespace robometrics::bench {
namespace {

std::vector<double> finite(std::span<const double> values) {
    std::vector<double> out;
    for (double v : values) {
        if (std::isfinite(v)) out.push_back(v);
    }
    return out;
}

/// An index in [0, n) from the generator, by rejection so every index is equally likely.
/// std::mt19937_64's output sequence is fixed by the standard; this mapping is ours.
std::size_t drawIndex(std::mt19937_64 &rng, std::size_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x = rng();
    while (x >= limit) x = rng();
    return static_cast<std::size_t>(x % n);
}

double resampledMean(const std::vector<double> &values, std::mt19937_64 &rng) {
    double sum = 0;
    for (std::size_t i = 0; i < values.size(); ++i) sum += values[drawIndex(rng, values.size())];
    return sum / static_cast<double>(values.size());
}

double mean(const std::vector<double> &values) {
    double sum = 0;
    for (double v : values) sum += v;
    return sum / static_cast<double>(values.size());
}

}  // namespace

BootstrapResult bootstrapDifference(std::span<const double> a, std::span<const double> b,
                                    const BootstrapOptions &options) {
    const std::vector<double> fa = finite(a), fb = finite(b);
    BootstrapResult r;
    if (fa.empty() || fb.empty() || options.resamples < 1) return r;
    r.difference = mean(fa) - mean(fb);
    r.resamples = options.resamples;
    std::mt19937_64 rng(options.seed);
    std::vector<double> differences;
    differences.reserve(static_cast<std::size_t>(options.resamples));
    for (int k = 0; k < options.resamples; ++k) {
        const double ma = resampledMean(fa, rng);  // a first, then b: the draw order is part of the result
        differences.push_back(ma - resampledMean(fb, rng));
    }
    std::sort(differences.begin(), differences.end());
    const double tail = (1 - options.confidence) / 2 * 100;
    r.ci_low = slam::percentileOfSorted(differences, tail);
    r.ci_high = slam::percentileOfSorted(differences, 100 - tail);
    return r;
}

}  // namespace robometrics::bench
