#include "robometrics/bench/stats/PairedTests.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "robometrics/bench/stats/StudentT.hpp"
#include "robometrics/core/RunningStats.hpp"

namespace robometrics::bench {
namespace {

constexpr int kExactUpTo = 50;  // non-zero differences; scipy's limit for its exact distribution

/// Ranks 1..n of `values` (ascending), tied values sharing the mean of their ranks; `tie_sizes`
/// receives the size of every group of ties.
std::vector<double> averageRanks(const std::vector<double> &values, std::vector<int> &tie_sizes) {
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(values.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]]) ++j;
        const double rank = (static_cast<double>(i) + static_cast<double>(j)) / 2 + 1;
        for (std::size_t k = i; k <= j; ++k) ranks[order[k]] = rank;
        if (j > i) tie_sizes.push_back(static_cast<int>(j - i + 1));
        i = j + 1;
    }
    return ranks;
}

/// Two-sided exact p of W+ given the ranks: under the null every sign pattern of the non-zero
/// differences is equally likely, so counting the subsets of the ranks by their sum gives the
/// distribution of W+. Ranks are whole or halves (ties), so the sums are counted doubled.
double exactWilcoxonP(const std::vector<double> &ranks, double w_plus) {
    std::vector<int> doubled;
    int max_sum = 0;
    for (double r : ranks) {
        doubled.push_back(static_cast<int>(std::lround(2 * r)));
        max_sum += doubled.back();
    }
    std::vector<double> count(static_cast<std::size_t>(max_sum) + 1, 0.0);  // exact: at most 2^50 < 2^53
    count[0] = 1;
    int reached = 0;
    for (int r : doubled) {
        reached += r;
        for (int s = reached; s >= r; --s) count[static_cast<std::size_t>(s)] += count[static_cast<std::size_t>(s - r)];
    }
    const int w = static_cast<int>(std::lround(2 * w_plus));
    if (2 * w == max_sum) return 1.0;  // the centre of the distribution
    double less = 0, greater = 0;
    for (int s = 0; s <= max_sum; ++s) {
        if (s <= w) less += count[static_cast<std::size_t>(s)];
        if (s >= w) greater += count[static_cast<std::size_t>(s)];
    }
    return std::clamp(2 * std::min(less, greater) / std::ldexp(1.0, static_cast<int>(ranks.size())), 0.0, 1.0);
}

}  // namespace

WilcoxonResult wilcoxonSignedRank(std::span<const double> differences) {
    WilcoxonResult r;
    std::vector<double> d;
    for (double v : differences) {
        if (!std::isfinite(v)) continue;
        if (v == 0) {
            ++r.zeros;
        } else {
            d.push_back(v);
        }
    }
    r.n = static_cast<int>(d.size());
    if (r.n == 0) {
        if (r.zeros > 0) r.p_value = 1.0;  // nothing changed: no evidence of a difference
        return r;
    }
    std::vector<double> magnitude(d.size());
    std::transform(d.begin(), d.end(), magnitude.begin(), [](double v) { return std::abs(v); });
    std::vector<int> ties;
    const std::vector<double> rank = averageRanks(magnitude, ties);
    double plus = 0, minus = 0;
    for (std::size_t i = 0; i < d.size(); ++i) (d[i] > 0 ? plus : minus) += rank[i];
    r.w_plus = plus;
    r.statistic = std::min(plus, minus);
    const double n = r.n;
    r.exact = r.n <= kExactUpTo;
    if (r.exact) {
        r.p_value = exactWilcoxonP(rank, plus);
        return r;
    }
    const double mean = n * (n + 1) / 4;
    double variance = n * (n + 1) * (2 * n + 1);
    for (int t : ties) variance -= 0.5 * t * (static_cast<double>(t) * t - 1);
    variance /= 24;
    if (variance <= 0) {
        r.p_value = 1.0;
        return r;
    }
    const double z = (r.statistic - mean) / std::sqrt(variance);
    r.p_value = std::clamp(std::erfc(std::abs(z) / std::sqrt(2.0)), 0.0, 1.0);  // 2 * (1 - Phi(|z|))
    return r;
}

PairedTResult pairedTTest(std::span<const double> differences, double confidence) {
    RunningStats s;
    for (double v : differences) {
        if (std::isfinite(v)) s.add(v);
    }
    PairedTResult r;
    r.n = static_cast<int>(s.count());
    if (r.n == 0) return r;
    r.mean = s.mean();
    if (r.n < 2) return r;
    r.sd = std::sqrt(s.sampleVariance());
    r.df = r.n - 1;
    const double se = r.sd / std::sqrt(static_cast<double>(r.n));
    if (se == 0) {
        r.t = r.mean == 0 ? 0.0 : std::copysign(INFINITY, r.mean);
        r.p_value = r.mean == 0 ? 1.0 : 0.0;
        r.ci_low = r.ci_high = r.mean;
        return r;
    }
    r.t = r.mean / se;
    r.p_value = studentTTwoSidedP(r.t, r.df);
    const double q = studentTQuantile((1 + confidence) / 2, r.df);
    r.ci_low = r.mean - q * se;
    r.ci_high = r.mean + q * se;
    return r;
}

}  // namespace robometrics::bench
