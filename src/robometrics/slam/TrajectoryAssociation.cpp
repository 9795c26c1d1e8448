#include "robometrics/slam/TrajectoryAssociation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "robometrics/core/HugePages.hpp"

namespace robometrics::slam {

namespace {

/// Explains a failed association: the stamp ranges, and how close the nearest pair came.
std::string noMatchReason(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config) {
    auto [ref_lo, ref_hi] = std::minmax_element(ref.stamps.begin(), ref.stamps.end());
    auto [est_lo, est_hi] = std::minmax_element(est.stamps.begin(), est.stamps.end());
    std::vector<std::size_t> q, t;
    // With an unlimited tolerance every estimate pose finds a partner; the smallest gap is the answer.
    matchNearest(est.stamps, ref.stamps, -config.t_offset, INFINITY, q, t);
    double closest = INFINITY;
    for (std::size_t k = 0; k < q.size(); ++k) {
        closest = std::min(closest, std::abs(ref.stamps[t[k]] - (est.stamps[q[k]] + config.t_offset)));
    }
    return fmt::format(
        "no matching timestamps: 0 of {} possible pairs within --t-max-diff {} s (reference stamps {:.9g}..{:.9g} s, "
        "estimate stamps {:.9g}..{:.9g} s with --t-offset {} s; the closest pair is {:.6g} s apart). Check that both "
        "use the same clock, or set --t-offset / --t-max-diff",
        std::min(ref.size(), est.size()), config.t_max_diff, *ref_lo, *ref_hi, *est_lo, *est_hi, config.t_offset,
        closest);
}

/// The first position p of the sorted `v` with v[p] - s >= 0 (v.size() if none), searched
/// outward from `from` with growing steps: O(1) when the queries come in order, as stamps do (a
/// merge of the two sorted lists), O(log n) when they jump.
std::size_t firstNotBelow(const std::vector<double> &v, double s, std::size_t from) {
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

Association associateOneToOne(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config) {
    // Candidates via a sorted sweep over the estimate stamps (shifted by the offset).
    std::vector<double> shifted(est.size());
    for (std::size_t j = 0; j < est.size(); ++j) shifted[j] = est.stamps[j] + config.t_offset;
    std::vector<std::size_t> order(est.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return shifted[a] < shifted[b]; });
    std::vector<double> sorted(est.size());
    for (std::size_t k = 0; k < order.size(); ++k) sorted[k] = shifted[order[k]];

    struct Candidate {
        double diff;
        std::size_t ref, est;
    };
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < ref.size(); ++i) {
        double a = ref.stamps[i];
        // Only stamps within the tolerance can qualify; the exact test below decides.
        auto first = std::lower_bound(sorted.begin(), sorted.end(), a - config.t_max_diff - 1e-9 * std::abs(a));
        for (auto it = first; it != sorted.end() && *it <= a + config.t_max_diff + 1e-9 * std::abs(a); ++it) {
            std::size_t j = order[static_cast<std::size_t>(it - sorted.begin())];
            double diff = std::abs(a - shifted[j]);
            if (diff < config.t_max_diff) candidates.push_back({diff, i, j});
        }
    }
    std::sort(candidates.begin(), candidates.end(), [&](const Candidate &x, const Candidate &y) {
        return std::tie(x.diff, ref.stamps[x.ref], est.stamps[x.est], x.ref, x.est) <
               std::tie(y.diff, ref.stamps[y.ref], est.stamps[y.est], y.ref, y.est);
    });
    std::vector<char> ref_used(ref.size(), 0), est_used(est.size(), 0);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (const Candidate &c : candidates) {
        if (ref_used[c.ref] || est_used[c.est]) continue;
        ref_used[c.ref] = est_used[c.est] = 1;
        pairs.emplace_back(c.ref, c.est);
    }
    std::sort(pairs.begin(), pairs.end(), [&](const auto &x, const auto &y) {
        return std::tie(ref.stamps[x.first], est.stamps[x.second], x.first) <
               std::tie(ref.stamps[y.first], est.stamps[y.second], y.first);
    });
    Association out;
    for (auto [i, j] : pairs) {
        out.ref_indices.push_back(i);
        out.est_indices.push_back(j);
    }
    return out;
}

}  // namespace

Result<AssociationMethod> parseAssociationMethod(const std::string &name) {
    if (name == "nearest" || name == "evo") return AssociationMethod::Nearest;
    if (name == "one-to-one" || name == "tum") return AssociationMethod::OneToOne;
    return Error{"unknown association '" + name + "' (expected nearest or one-to-one)"};
}

void matchNearest(const std::vector<double> &query, const std::vector<double> &target, double target_offset,
                  double max_diff, std::vector<std::size_t> &query_out, std::vector<std::size_t> &target_out) {
    query_out.clear();
    target_out.clear();
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
    reserveInHugePages(query_out, query.size());
    reserveInHugePages(target_out, query.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < query.size(); ++i) {
        const double s = query[i];
        // k = first position with shifted[k] - s >= 0; |shifted - s| falls before k and rises from k.
        k = firstNotBelow(shifted, s, k);
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
        if (best_diff <= max_diff) {
            query_out.push_back(i);
            target_out.push_back(original(best));
        }
    }
}

Result<Association> associate(const Trajectory &ref, const Trajectory &est, const AssociationConfig &config) {
    if (ref.empty() || est.empty())
        return Error{ref.empty() ? "the reference has no poses" : "the estimate has no poses"};
    Association out;
    if (!ref.timestamped || !est.timestamped) {
        if (ref.size() != est.size()) {
            return Error{
                fmt::format("a trajectory without timestamps (KITTI) is paired by index, so both need the same "
                            "number of poses: the reference has {}, the estimate {}",
                            ref.size(), est.size())};
        }
        out.ref_indices.resize(ref.size());
        std::iota(out.ref_indices.begin(), out.ref_indices.end(), 0);
        out.est_indices = out.ref_indices;
    } else if (config.method == AssociationMethod::OneToOne) {
        out = associateOneToOne(ref, est, config);
    } else if (est.size() > ref.size()) {
        matchNearest(ref.stamps, est.stamps, config.t_offset, config.t_max_diff, out.ref_indices, out.est_indices);
    } else {
        matchNearest(est.stamps, ref.stamps, -config.t_offset, config.t_max_diff, out.est_indices, out.ref_indices);
    }
    if (out.size() == 0) return Error{noMatchReason(ref, est, config)};
    out.max_pairs = std::min(ref.size(), est.size());
    out.ref_poses = ref.size();
    out.est_poses = est.size();
    return out;
}

}  // namespace robometrics::slam
